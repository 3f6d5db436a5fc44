// The client: runs compiled queries over fetch with tokens, retries, timeouts, paging and response checks.
// Free of Node imports: it runs wherever a global fetch does.
export { createClient, type Client } from './client'
export type { ClientOptions, CallOptions, PagesOptions, ItemsOptions, CollectOptions } from './options'
export {
  passwordGrant,
  refreshTokenGrant,
  clientCredentialsGrant,
  staticTokenGrant,
  type Auth,
  type PasswordGrantOptions,
  type RefreshTokenGrantOptions,
  type ClientCredentialsGrantOptions,
} from './auth/grants'
export { memoryTokenStore, type TokenStore, type StoredToken, type TokenRenewal } from './auth/token-store'
export {
  memoryRateBudget,
  budgetedFetch,
  RateBudgetError,
  acquireWith,
  budgetLimits,
  sendLog,
  type RateBudget,
  type RateBudgetOptions,
  type BudgetDecision,
} from './budget'
export { TOKEN_PATH } from './auth/token-endpoint'
export {
  ClientError,
  HttpError,
  TimeoutError,
  AbortedError,
  NetworkError,
  OAuthError,
  InvalidResponseError,
  PagingRefusedError,
  PagingLoopError,
  LimitExceededError,
  ClientConfigError,
  type ClientLimit,
  type OAuthErrorCode,
  type RequestDescription,
  type ServiceErrorCode,
} from './errors'
export type {
  Hooks,
  BeforeRequestInfo,
  AfterResponseInfo,
  RetryInfo,
  TokenRefreshInfo,
  RedisStateInfo,
  RequestChanges,
} from './hooks'
export type { RetryOptions } from './retry'
export type { SafeResult } from './safe'
export type { FetchLike } from './transport'
export type { GraphRequest, ItemOf, PageableList, SiloItem } from './types'
export type { ValidationMode } from './validate'
