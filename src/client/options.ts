import type { Auth } from './auth/grants'
import type { TokenStore } from './auth/token-store'
import type { RateBudget } from './budget'
import type { Hooks } from './hooks'
import type { RetryOptions } from './retry'
import type { FetchLike } from './transport'
import type { GraphRequest } from './types'
import type { ValidationMode } from './validate'

/** Options of `createClient`. Only `baseUrl` and `auth` are required. */
export interface ClientOptions {
  /** Where the graph endpoints live: `https://graph.example.com`, or with a base path `https://host/api`. */
  readonly baseUrl: string
  /** How tokens are obtained: `passwordGrant(…)`, `refreshTokenGrant(…)`, `clientCredentialsGrant(…)`, `staticTokenGrant(…)`. */
  readonly auth: Auth
  /** Where the token is kept. Default: `memoryTokenStore()`. */
  readonly tokenStore?: TokenStore
  /**
   * The rate budget every graph request spends (each attempt, retries included, as the service counts them):
   * `memoryRateBudget(…)` for one process, `redisRateBudget(…)` from `hql/redis` for a fleet. A 429 with
   * `Retry-After` pauses the whole budget. Waiting for a place counts against `totalTimeoutMs`, not the attempt's
   `timeoutMs`.
   */
  readonly budget?: RateBudget
  /** A fetch to use instead of `globalThis.fetch` (which is otherwise looked up at each call). */
  readonly fetch?: FetchLike
  /** Extra headers on every graph request; the client's own (authorization, content-type, accept) win. */
  readonly headers?: Readonly<Record<string, string>>
  /** Limit for one attempt, response body included. Default 10 000 ms. */
  readonly timeoutMs?: number
  /** Limit for one call (one page), retries and waiting for a token included. Default 30 000 ms. */
  readonly totalTimeoutMs?: number
  /** Retry settings for graph requests, or `false` for none. Token requests: see docs/client.md (Auth). */
  readonly retry?: RetryOptions | false
  /** A token is refreshed this long before it expires. Default 60 000 ms. */
  readonly refreshMarginMs?: number
  /**
   * Longest response body read, in bytes (UTF-8, as received): a longer one is dropped mid-stream, or refused on
   * its Content-Length, with `LimitExceededError` (limit `'maxResponseBytes'`). Default 8 MiB (8 388 608).
   */
  readonly maxResponseBytes?: number
  /**
   * Check each page against what its query promises (`'strict'`, the default), only the envelope (`'loose'`),
   * or nothing (`'off'`). A broken promise throws `InvalidResponseError` naming the path.
   */
  readonly validation?: ValidationMode
  readonly hooks?: Hooks
}

/** Options of one call; they override the client's for that call. */
export interface CallOptions {
  readonly signal?: AbortSignal
  readonly retry?: RetryOptions | false
  readonly timeoutMs?: number
  readonly totalTimeoutMs?: number
}

/** Options of `pages()`. */
export interface PagesOptions extends CallOptions {
  /**
   * Stop after this many pages. Default: with no finite `maxItems`, 1000, and reaching it throws
   * `LimitExceededError` (limit `'maxPages'`, `resumeFrom` the next page); `Infinity` turns the default off.
   */
  readonly maxPages?: number
  /** Start from this request instead of the query's first page: an error's `resumeFrom`. */
  readonly resumeFrom?: GraphRequest
}

/** Options of `items()`. */
export interface ItemsOptions extends PagesOptions {
  /** Stop after this many items. */
  readonly maxItems?: number
}

/** Options of `collect()`: a limit is required, so that a large result cannot exhaust memory. */
export interface CollectOptions extends PagesOptions {
  readonly maxItems: number
  /** Return the first `maxItems` when there are more, instead of throwing `LimitExceededError`. */
  readonly truncate?: boolean
}
