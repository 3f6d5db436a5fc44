import type { JsonPath } from '../model/errors'
import { HEADER_VALUE } from '../model/limits'
import { ClientConfigError } from './errors'
import type { Middleware, RetryPolicy } from './middleware'
import { refuseUnknown } from './option-checks'

/** Options of one call; they override the client's for that call. */
export interface CallOptions {
  readonly signal?: AbortSignal
  /**
   * Headers for this call, over the client's `headers` (names are lowercased). The client's own
   * `authorization`, `accept` and `content-type` cannot be set: a ClientConfigError says so.
   */
  readonly headers?: Readonly<Record<string, string>>
  /**
   * More of fetch's init for this call, passed through as it is (`cache`, `priority`, a framework's `next: {
   * revalidate }`). What the client sets itself (`method`, `body`, `headers`, `signal`, `redirect`) is refused
   * with a ClientConfigError: use `headers` and `signal`.
   */
  readonly init?: RequestInit & Record<string, unknown>
  /** A retry policy for this call, or `false` for none. */
  readonly retry?: RetryPolicy | false
  /** Limit for one attempt, response body included. */
  readonly timeoutMs?: number
  /** Limit for the whole call: every attempt, every wait between them, and the wait for a token. */
  readonly totalTimeoutMs?: number
}

/**
 * A call's options, every key one the entry point reads (`more` are its own, such as `maxPages`): an option
 * nobody reads would be dropped unnoticed. (Each option's type is TypeScript's to check.)
 *
 * @example
 * const call = readCallOptions(options, ['maxPages', 'resumeFrom'])
 */
export function readCallOptions<T extends CallOptions>(
  options: T | undefined,
  more: readonly string[] = [],
): T {
  // The options every call takes, and the entry point's own.
  if (options) {
    refuseUnknown(
      options,
      ['signal', 'headers', 'init', 'retry', 'timeoutMs', 'totalTimeoutMs', ...more],
      'this call',
    )
    readRetry(options.retry)
  }
  return options ?? ({} as T)
}

/** Headers the client owns: the token it manages (and renews on 401) and the JSON it sends and reads. */
const OWN_HEADERS = ['authorization', 'accept', 'content-type']
/** What the client puts in fetch's init itself. */
const OWN_INIT = ['headers', 'signal', 'method', 'body', 'redirect']

// RFC 9110 §5.6.2: a header name is a token. A value is what fetch can send (HEADER_VALUE).
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/**
 * Headers given to the client or to a call (or changed by a middleware), names lowercased, checked here so that
 * a bad one is a ClientConfigError naming it rather than a TypeError from inside fetch that would pass for a
 * network failure. `own` are the names that may not be set (a middleware may change all but `authorization`).
 */
export function readHeaders(
  headers: unknown,
  where: JsonPath,
  own: readonly string[] = OWN_HEADERS,
): Record<string, string> {
  if (headers === undefined) return {}
  if (!headers || typeof headers !== 'object' || Array.isArray(headers))
    throw new ClientConfigError('expected headers as an object of strings', where)
  const out: [string, string][] = []
  for (const [name, value] of Object.entries(headers)) {
    const at = [...where, name]
    const lower = name.toLowerCase()
    if (!HEADER_NAME.test(name)) throw new ClientConfigError('not a valid header name', at)
    if (typeof value !== 'string' || !HEADER_VALUE.test(value))
      throw new ClientConfigError(
        'expected a string without line breaks or control characters, in Latin-1',
        at,
      )
    // Overriding them would break token renewal and redaction, or the JSON the client relies on.
    if (own.includes(lower)) throw new ClientConfigError(`${lower} is set by the client`, at)
    out.push([lower, value])
  }
  // fromEntries defines each name as its own property: a `__proto__` header stays a header.
  return Object.fromEntries(out)
}

/** A call's fetch init, refused where it would be overridden (and so ignored). */
export function readInit(init: unknown): Record<string, unknown> {
  if (init === undefined) return {}
  if (!init || typeof init !== 'object') throw new ClientConfigError('expected an object', ['init'])
  // The first two are call options of their own: the message says so.
  OWN_INIT.forEach((key, index) => {
    if (key in init)
      throw new ClientConfigError(
        `${key} is set by the client${index < 2 ? `: pass ${key} as a call option` : ''}`,
        ['init', key],
      )
  })
  return init as Record<string, unknown>
}

/**
 * A retry policy given to the client or to one call: a function (`retries(…)`, your own), `false`, or none.
 * Anything else would fail as a TypeError once a request had been sent.
 */
export function readRetry(retry: unknown): RetryPolicy | false | undefined {
  if (retry !== undefined && retry !== false && typeof retry !== 'function')
    throw new ClientConfigError('expected a retry policy such as retries(…), or false', ['retry'])
  return retry as RetryPolicy | false | undefined
}

/**
 * The client's middleware, each with a hook: a factory not called (`rateLimit` for `rateLimit(budget)`) or a
 * hook's callbacks without `hooks()` (`{ beforeRequest }`) would be skipped at every attempt, unnoticed.
 */
export function readMiddleware(middleware: readonly Middleware[] = []): readonly Middleware[] {
  middleware.forEach((piece, index) => {
    if (!(piece?.onRequest || piece?.onResponse || piece?.onRetry))
      throw new ClientConfigError('expected a middleware: onRequest, onResponse or onRetry', [
        'middleware',
        index,
      ])
  })
  return middleware
}
