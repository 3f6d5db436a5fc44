import { ClientConfigError, HttpError, NetworkError, OAuthError, TimeoutError } from './errors'
import type { RetryFailure, RetryPolicy } from './middleware'
import { atLeast0, numberOption, refuseUnknown, whole } from './option-checks'

/** Options of `retries()`. Every one has a default. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  readonly limit?: number
  /** The first backoff ceiling; each retry doubles it. Default 300 ms. */
  readonly baseDelayMs?: number
  /** The backoff ceiling never grows past this. Default 10 000 ms. */
  readonly maxDelayMs?: number
  /** A `Retry-After` longer than this is not waited for: the error is thrown at once. Default 60 000 ms. */
  readonly maxRetryAfterMs?: number
  /**
   * Statuses worth another attempt. Default 408, 429, 500, 502, 503, 504. For a request that is not idempotent
   * (`client.request` to an action) only 429 and 503 of them, which say the service did not process it.
   */
  readonly statuses?: readonly number[]
  /** Whether network errors and attempt timeouts are retried (idempotent requests only). Default true. */
  readonly network?: boolean
}

/**
 * The usual retry policy: network errors, attempt timeouts and the given statuses, `limit` times, with capped
 * exponential backoff and full jitter (a random wait below a ceiling that doubles each retry, so that clients
 * spread out), or after the server's `Retry-After` when it is not longer than `maxRetryAfterMs`.
 *
 * @example
 * const client = createClient({ baseUrl, auth, retry: retries({ limit: 3, maxDelayMs: 5_000 }) })
 */
export function retries(options: RetryOptions = {}, random: () => number = Math.random): RetryPolicy {
  if (typeof options !== 'object' || options === null)
    throw new ClientConfigError('expected retry options', ['retry'])
  refuseUnknown(
    options,
    ['limit', 'baseDelayMs', 'maxDelayMs', 'maxRetryAfterMs', 'statuses', 'network'],
    'retries',
    ['retry'],
  )
  const number = (key: 'limit' | 'baseDelayMs' | 'maxDelayMs' | 'maxRetryAfterMs', fallback: number) =>
    numberOption(options[key], fallback, ['retry', key], key === 'limit' ? whole : atLeast0)
  const limit = number('limit', 2)
  const baseDelayMs = number('baseDelayMs', 300)
  const maxDelayMs = number('maxDelayMs', 10_000)
  const maxRetryAfterMs = number('maxRetryAfterMs', 60_000)
  const statuses = options.statuses ?? [408, 429, 500, 502, 503, 504]
  if (!Array.isArray(statuses) || !statuses.every(Number.isInteger))
    throw new ClientConfigError('expected an array of HTTP statuses', ['retry', 'statuses'])
  const network = options.network ?? true
  return ({ error, attempt, idempotent }: RetryFailure) => {
    if (attempt > limit) return undefined
    // A token endpoint's refusal with an OAuth body (a 429 saying `slow_down`) is an answer with a status too.
    const answered = error instanceof HttpError || error instanceof OAuthError ? error : undefined
    const retryable = answered
      ? statuses.includes(answered.status) &&
        (idempotent || answered.status === 429 || answered.status === 503)
      : network &&
        idempotent &&
        (error instanceof NetworkError || (error instanceof TimeoutError && error.scope === 'attempt'))
    if (!retryable) return undefined
    const retryAfter = answered?.retryAfterMs
    // A wait longer than the cap would only postpone the same failure: the error is thrown, with retryAfterMs.
    if (retryAfter !== undefined) return retryAfter > maxRetryAfterMs ? undefined : retryAfter
    return backoffDelay(baseDelayMs, maxDelayMs, attempt - 1, random)
  }
}

/** "Full jitter" backoff: a random wait below a ceiling that doubles per retry, so that clients spread out. */
export function backoffDelay(
  baseDelayMs: number,
  maxDelayMs: number,
  retryIndex: number,
  random: () => number = Math.random,
): number {
  return Math.round(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** retryIndex))
}
