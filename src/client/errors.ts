import { HqlError, type JsonPath } from '../model/errors'
import type { HqlErrorCode } from '../model/error-codes'
import { describeAnswer, oneLine, parsePath, readServiceAnswer } from './service-answer'
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

  // `fields`: a subclass's own properties (status, scope, limit…), set here once rather than one by one in each.
  constructor(code: HqlErrorCode, message: string, options: ClientErrorOptions = {}, fields?: object) {
    super(code, message, options)
    this.request = options.request
    Object.assign(this, fields)
  }
}

/** The `error` member of a graph service's error body: one of hql's codes, or another server's own. */
export type ServiceErrorCode = HqlErrorCode | (string & {})

/**
 * A response with a status outside 2xx. The message names the request, the status and what the service said:
 * `POST https://graph.example.com/graph/explore answered HTTP 400 (page_size_too_large): $.pageSize: pageSize
 * is at most 100, got 500`. The same parts are fields: `serviceCode`, `serviceMessage`, `servicePath` as the
 * service wrote them (one line each, bounded, scrubbed of secrets; undefined when the body had none), and
 * `path`, the service's path read as a JsonPath into the request body ([] when none). `body` is the parsed
 * JSON (or undefined), `text` the raw text, both scrubbed.
 */
export class HttpError extends ClientError {
  override name = 'HttpError'
  declare readonly status: number
  declare readonly body: unknown
  declare readonly text: string
  /** The server's `Retry-After`, in milliseconds, when it sent one. */
  declare readonly retryAfterMs: number | undefined
  /** The service's error code (`page_size_too_large`, `not_found`, …), when its body had one. */
  declare readonly serviceCode: ServiceErrorCode | undefined
  /** The service's message (`pageSize is at most 100, got 500`), or OAuth's `error_description`. */
  declare readonly serviceMessage: string | undefined
  /** The service's path into the request body as it wrote it (`$.pageSize`). */
  declare readonly servicePath: string | undefined
  /** `servicePath` as a JsonPath (`['pageSize']`), as fromJSON's and the builder's errors give it. */
  declare readonly path: JsonPath

  constructor(
    status: number,
    {
      body,
      text,
      request,
      retryAfterMs,
    }: { body: unknown; text: string; request: RequestDescription; retryAfterMs?: number | undefined },
  ) {
    const answer = readServiceAnswer(body, text)
    super(
      'http_error',
      `${request.method} ${request.url} answered HTTP ${status}${describeAnswer(answer)}`,
      { request },
      {
        status,
        body,
        text,
        retryAfterMs,
        serviceCode: answer.code,
        serviceMessage: answer.message,
        servicePath: answer.path,
        path: parsePath(answer.path),
      },
    )
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
      { scope, timeoutMs },
    )
  }
}

/**
 * The caller's AbortSignal fired. `cause` is the signal's reason; the message says it in short, `the request was
 * aborted by its signal: TimeoutError: signal timed out`: an Error's name and message, a string as it is, any
 * other reason only its type (an object may hold anything). One line, bounded, and scrubbed with `scrub` (the
 * client's secrets): a reason is the caller's text, and may quote a credential.
 *
 * @example
 * new AbortedError('user left', undefined, (text) => text).message
 * // 'the request was aborted by its signal: user left'
 */
export class AbortedError extends ClientError {
  override name = 'AbortedError'
  constructor(reason: unknown, request: RequestDescription | undefined, scrub: (text: string) => string) {
    const said =
      typeof reason == 'string'
        ? reason
        : reason instanceof Error
          ? `${reason.name}: ${reason.message}`
          : typeof reason
    // Scrubbed before it is cut: a secret cut short would no longer be found.
    super('aborted', `the request was aborted by its signal: ${oneLine(scrub(said), 160) ?? typeof reason}`, {
      cause: reason,
      request,
    })
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

/**
 * The token endpoint refused: `error` is the OAuth code (`invalid_grant`, …), `errorDescription` its text (or
 * the `message` of a body that has no `error_description`), `status` the HTTP status. The message names the
 * token URL and status too: `the token endpoint refused with invalid_grant: Bad user credentials (POST
 * https://auth.example.com/1.3/security/oauth/token answered HTTP 400)`; a 404 asks whether `authUrl` is right.
 */
export class OAuthError extends ClientError {
  override name = 'OAuthError'
  declare readonly error: OAuthErrorCode
  declare readonly errorDescription: string | undefined
  declare readonly status: number
  /** The server's `Retry-After`, in milliseconds, when it sent one (a 429 or 503 with an OAuth body). */
  declare readonly retryAfterMs: number | undefined

  constructor(
    status: number,
    error: OAuthErrorCode,
    errorDescription: string | undefined,
    request: RequestDescription,
    retryAfterMs?: number,
  ) {
    const short = oneLine(error, 64)
    const code = short ?? '(no error code)'
    const description = errorDescription === undefined ? undefined : oneLine(errorDescription, 300)
    // A token URL that answers 404 is almost always a wrong authUrl (a path too many, the graph's URL).
    const hint = status === 404 ? '; is authUrl right?' : ''
    super(
      'oauth_error',
      `the token endpoint refused with ${code}${description === undefined ? '' : `: ${description}`} ` +
        `(${request.method} ${request.url} answered HTTP ${status}${hint})`,
      { request },
      { error: short ?? error, errorDescription: description, status, retryAfterMs },
    )
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
    super(
      'limit_exceeded',
      `the ${request ? 'response' : 'result'} exceeds ${limit} (${max})`,
      { request },
      { limit, max },
    )
  }
}

/** An option passed to `createClient`, a grant or a call is not usable; `path` names it. */
export class ClientConfigError extends ClientError {
  override name = 'ClientConfigError'
  constructor(message: string, path: JsonPath) {
    super('invalid_config', message, { path })
  }
}
