import { HqlError, type JsonPath } from '../model/errors'
import type { HqlErrorCode } from '../model/error-codes'
import type { GraphRequest } from './types'

/**
 * What the client tells about a request in errors and hooks: method, url, headers and body with every secret
 * (Authorization, password, client_secret, refresh_token, access_token) replaced by `[redacted]`.
 */
export interface RequestDescription {
  readonly kind: 'graph' | 'token'
  readonly method: string
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
}

interface ClientErrorOptions {
  path?: JsonPath
  cause?: unknown
  request?: RequestDescription | undefined
}

/**
 * The base of every error the client throws. `request` describes the failed request (redacted); `resumeFrom`
 * is set by `pages()`/`items()`/`collect()` to the request of the page that failed, so that passing it back as
 * `{ resumeFrom }` continues without losing or repeating an item.
 *
 * @example
 * try { await client.run(q) } catch (e) { if (e instanceof ClientError) console.log(e.code, e.request?.url) }
 */
export class ClientError extends HqlError {
  override name = 'ClientError'
  declare readonly request: RequestDescription | undefined
  declare resumeFrom: GraphRequest | undefined

  constructor(code: HqlErrorCode, message: string, options: ClientErrorOptions = {}) {
    super(code, message, options)
    this.request = options.request
    this.resumeFrom = undefined
  }
}

/** A response with a status outside 2xx. `body` is the parsed JSON (or undefined), `text` the raw text. */
export class HttpError extends ClientError {
  override name = 'HttpError'
  declare readonly status: number
  declare readonly body: unknown
  declare readonly text: string
  /** The server's `Retry-After`, in milliseconds, when it sent one. */
  declare readonly retryAfterMs: number | undefined

  constructor(
    status: number,
    init: { body: unknown; text: string; request: RequestDescription; retryAfterMs?: number | undefined },
  ) {
    super('http_error', `${init.request.method} ${init.request.url} answered HTTP ${status}`, {
      request: init.request,
    })
    this.status = status
    this.body = init.body
    this.text = init.text
    this.retryAfterMs = init.retryAfterMs
  }
}

/** An attempt (`scope: 'attempt'`) or the whole call including retries (`scope: 'total'`) took too long. */
export class TimeoutError extends ClientError {
  override name = 'TimeoutError'
  declare readonly scope: 'attempt' | 'total'
  declare readonly timeoutMs: number

  constructor(scope: 'attempt' | 'total', timeoutMs: number, request?: RequestDescription) {
    const what = scope === 'attempt' ? 'the attempt' : 'the call, retries included,'
    super(
      'timeout',
      `${what} took longer than ${timeoutMs} ms; raise ${scope === 'attempt' ? 'timeoutMs' : 'totalTimeoutMs'} if the service is slow`,
      { request },
    )
    this.scope = scope
    this.timeoutMs = timeoutMs
  }
}

/** The caller's AbortSignal fired. `cause` is the signal's reason. */
export class AbortedError extends ClientError {
  override name = 'AbortedError'
  constructor(reason: unknown, request?: RequestDescription) {
    super('aborted', 'the request was aborted by its signal', { cause: reason, request })
  }
}

/** fetch failed without a response (connection refused or reset, DNS, TLS). A 3xx is an `HttpError`. */
export class NetworkError extends ClientError {
  override name = 'NetworkError'
  constructor(detail: string, request: RequestDescription) {
    super('network_error', `${request.method} ${request.url} failed without a response: ${detail}`, {
      request,
    })
  }
}

/** The standard OAuth 2.0 error codes (RFC 6749 §5.2); servers may send others. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | (string & {})

/** The token endpoint refused: `error` is the OAuth code (`invalid_grant`, …), `errorDescription` its text. */
export class OAuthError extends ClientError {
  override name = 'OAuthError'
  declare readonly error: OAuthErrorCode
  declare readonly errorDescription: string | undefined
  declare readonly status: number

  constructor(
    status: number,
    error: OAuthErrorCode,
    errorDescription: string | undefined,
    request: RequestDescription,
  ) {
    super(
      'oauth_error',
      `the token endpoint refused with ${error}${errorDescription === undefined ? '' : `: ${errorDescription}`}`,
      { request },
    )
    this.error = error
    this.errorDescription = errorDescription
    this.status = status
  }
}

/** A 2xx response that is not JSON or does not have the shape the model expects; `path` says where. */
export class InvalidResponseError extends ClientError {
  override name = 'InvalidResponseError'
  constructor(message: string, options: ClientErrorOptions) {
    super('invalid_response', message, options)
  }
}

/** A `pagingInfo.next` the client will not follow: another origin, not a graph path, or not POST. */
export class PagingRefusedError extends ClientError {
  override name = 'PagingRefusedError'
  constructor(message: string, path: JsonPath) {
    super('paging_refused', message, { path })
  }
}

/**
 * Paging that would never end: a `pagingInfo.next` that repeats a request already made, or a run of empty pages
 * that still have a next (a service going nowhere; `resumeFrom` is then the next page's request).
 */
export class PagingLoopError extends ClientError {
  override name = 'PagingLoopError'
  constructor(why: string) {
    super('paging_loop', `${why}; stopped to avoid a loop`, { path: ['pagingInfo', 'next'] })
  }
}

/** A limit the client sets on what it reads. */
export type ClientLimit = 'maxItems' | 'maxPages' | 'maxResponseBytes'

/**
 * A run or a response went past a limit, which `limit` names: `collect()` found more items than its `maxItems`
 * (pass `truncate: true` to keep the first ones instead); `pages()`/`items()` with no bound reached the default
 * `maxPages` (`resumeFrom` is the next page's request, to go on from there); a response body was longer than
 * `maxResponseBytes` (the client stopped reading it).
 */
export class LimitExceededError extends ClientError {
  override name = 'LimitExceededError'
  declare readonly limit: ClientLimit
  declare readonly max: number

  constructor(limit: ClientLimit, max: number, request?: RequestDescription) {
    super('limit_exceeded', `the ${request ? 'response' : 'result'} exceeds ${limit} (${max})`, { request })
    this.limit = limit
    this.max = max
  }
}

/** An option passed to `createClient`, a grant or a call is not usable; `path` names it. */
export class ClientConfigError extends ClientError {
  override name = 'ClientConfigError'
  constructor(message: string, path: JsonPath) {
    super('invalid_config', message, { path })
  }
}
