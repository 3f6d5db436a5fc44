import { ClientConfigError } from './errors'
import { numberOption } from './option-checks'

/** How failed attempts are retried. Every field has a default; `retry: false` turns retrying off. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  readonly limit?: number
  /** The first backoff ceiling; each retry doubles it. Default 300 ms. */
  readonly baseDelayMs?: number
  /** The backoff ceiling never grows past this. Default 10 000 ms. */
  readonly maxDelayMs?: number
  /** A `Retry-After` longer than this is not waited for: the error is thrown at once. Default 60 000 ms. */
  readonly maxRetryAfterMs?: number
  /** Statuses worth another attempt. Default 408, 429, 500, 502, 503, 504. */
  readonly statuses?: readonly number[]
}

/** The retry options with every default applied; `limit: 0` when retrying is off. */
export interface RetryPolicy {
  readonly limit: number
  readonly baseDelayMs: number
  readonly maxDelayMs: number
  readonly maxRetryAfterMs: number
  readonly statuses: readonly number[]
  /** Whether network errors and attempt timeouts are retried (not for token requests: see auth). */
  readonly network: boolean
}

export const DEFAULT_RETRY: RetryPolicy = {
  limit: 2,
  baseDelayMs: 300,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
  statuses: [408, 429, 500, 502, 503, 504],
  network: true,
}

/** Applies `options` over `base`, checking each value; `false` keeps the settings but allows no retry. */
export function retryPolicy(options: RetryOptions | false | undefined, base: RetryPolicy): RetryPolicy {
  if (options === false) return { ...base, limit: 0 }
  if (options === undefined) return base
  if (typeof options !== 'object' || options === null)
    throw new ClientConfigError('expected retry options or false', ['retry'])
  const number = (
    key: 'limit' | 'baseDelayMs' | 'maxDelayMs' | 'maxRetryAfterMs',
    kind: 'whole' | 'atLeast0' = 'atLeast0',
  ) => numberOption(options[key], base[key], ['retry', key], kind)
  const statuses = options.statuses ?? base.statuses
  if (!Array.isArray(statuses) || !statuses.every(Number.isInteger))
    throw new ClientConfigError('expected an array of HTTP statuses', ['retry', 'statuses'])
  return {
    limit: number('limit', 'whole'),
    baseDelayMs: number('baseDelayMs'),
    maxDelayMs: number('maxDelayMs'),
    maxRetryAfterMs: number('maxRetryAfterMs'),
    statuses,
    network: base.network,
  }
}

/** "Full jitter" backoff: a random wait below a ceiling that doubles per retry, so that clients spread out. */
export function backoffDelay(policy: RetryPolicy, retryIndex: number, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex)
  return Math.round(random() * ceiling)
}

/** `Retry-After` as milliseconds from now: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  // Date.parse is lenient ('-5' is a year); an HTTP date always names its month.
  const date = /[a-z]{3}/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
