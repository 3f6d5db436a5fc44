// The client: a small core that runs compiled queries over fetch (the token, one renewal after a 401, the
// origin rule, errors that carry the service's answer, time and size limits, abort), and pieces a program
// imports when it wants them (retries, response checks, paging, rate budget, hooks, its own middleware).
// Free of Node imports: it runs wherever a global fetch does.
export {
  createClient,
  type Client,
  type PagingClient,
  type ClientOptions,
  type RequestSpec,
  type RequestOptions,
} from './client'
export type { CallOptions } from './call-options'
export { recommended } from './recommended'

// Auth: the interface, and the grants that implement it.
export { staticTokenGrant, type Auth, type AuthContext, type SecretKeeper } from './auth/auth'
export {
  passwordGrant,
  refreshTokenGrant,
  clientCredentialsGrant,
  type PasswordGrantOptions,
  type RefreshTokenGrantOptions,
  type ClientCredentialsGrantOptions,
} from './auth/grants'
export type { TokenOptions } from './auth/token-manager'
export { memoryTokenStore, type TokenStore, type StoredToken, type TokenRenewal } from './auth/token-store'
export { TOKEN_PATH } from './auth/token-endpoint'

// Pieces: retries, response checks, paging, middleware (the rate budget, hooks).
export { retries, type RetryOptions } from './retries'
export { strictCheck, looseCheck } from './checks'
export type { ResponseCheck, CheckFunction, CheckInfo, StandardSchemaV1 } from './check'
export {
  paging,
  type Paging,
  type PagingOptions,
  type PagingMethods,
  type PagesOptions,
  type ItemsOptions,
  type CollectOptions,
  type NextRequestLike,
} from './paging/paging'
export type { NextFinder, Direction } from './paging/steps'
// For hql/tanstack's infinite lists and keys: the loop guard's request hash and the call headers' check, one each.
export { requestHash } from './paging/steps'
export { readHeaders } from './call-options'
export type {
  Middleware,
  MiddlewareRequest,
  AttemptInfo,
  RetryInfo,
  RetryPolicy,
  RetryFailure,
  FetchLike,
} from './middleware'
export {
  rateLimit,
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
export {
  hooks,
  type Hooks,
  type BeforeRequestInfo,
  type AfterResponseInfo,
  type TokenRefreshInfo,
  type RedisStateInfo,
  type RequestChanges,
} from './hooks'

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
export type { SafeResult } from './safe'
export type { GraphRequest, ItemOf, PageableList, SiloItem } from './types'
// For hql/redis, which reaches the client through this entry only: the one refusal of unknown options, and
// setTimeout's range that its times are held to.
export { refuseUnknown } from './option-checks'
export { LONGEST_TIMER } from './signals'
