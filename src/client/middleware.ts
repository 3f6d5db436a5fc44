import type { ClientError, RequestDescription } from './errors'

/** The subset of `fetch` the client calls; inject one to trace, proxy or test. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/**
 * A request as middleware sees it, before the client adds its `authorization` header (middleware never sees
 * the token). A middleware may return a changed copy: other headers, another body, another path on the same
 * origin and base path (anything else is refused: the token goes only to `baseUrl`).
 */
export interface MiddlewareRequest {
  readonly url: string
  readonly method: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | undefined
  /** Aborts this attempt only (an `AbortedError`, not retried): a middleware's own cut-off. */
  readonly signal?: AbortSignal | undefined
}

/** What middleware is told about the attempt it runs for. */
export interface AttemptInfo {
  /** 1 for the first attempt of a call, 2 for the first retry, … */
  readonly attempt: number
  /** The call's signal: the caller's abort, and the call's time limit. */
  readonly signal: AbortSignal
  /** The request as errors describe it: every secret replaced by `[redacted]`. */
  readonly request: RequestDescription
}

/** Told when the client is about to retry: why the attempt failed, and how long it waits first. */
export interface RetryInfo {
  readonly request: RequestDescription
  /** The attempt that failed. */
  readonly attempt: number
  readonly delayMs: number
  readonly error: ClientError
}

/**
 * A piece that runs around every attempt of every call, in the order given: `onRequest` in order before the
 * attempt, `onResponse` in reverse order after it (the first middleware sees the response last, as it saw the
 * request first). Each may return a replacement (a changed request, another `Response`) or nothing.
 *
 * @example
 * const timing: Middleware = {
 *   onRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-started': String(Date.now()) } }),
 *   onResponse: (response, { request, attempt }) => console.log(request.url, attempt, response.status),
 * }
 * const client = createClient({ baseUrl, auth, middleware: [timing] })
 */
export interface Middleware {
  onRequest?(
    request: MiddlewareRequest,
    info: AttemptInfo,
  ): MiddlewareRequest | void | Promise<MiddlewareRequest | void>
  onResponse?(response: Response, info: AttemptInfo): Response | void | Promise<Response | void>
  onRetry?(info: RetryInfo): void | Promise<void>
}

/**
 * Whether and when to try a failed attempt again: the milliseconds to wait, or undefined to give up (the error
 * is thrown). `retries()` makes the usual one; any function of this shape will do.
 *
 * @example
 * // Retry a 503 once, after a second; nothing else.
 * const policy: RetryPolicy = ({ error, attempt }) =>
 *   error instanceof HttpError && error.status === 503 && attempt === 1 ? 1000 : undefined
 */
export type RetryPolicy = (failure: RetryFailure) => number | undefined

/**
 * What a retry policy is told about a failed attempt, or a failed token request of the call (`request.kind`
 * `'token'`, never idempotent: a grant whose answer was lost may have issued a token).
 */
export interface RetryFailure {
  /**
   * An `HttpError` (with `status`, `retryAfterMs`), a `NetworkError`, or a `TimeoutError` of the attempt; from
   * the token endpoint, an `OAuthError` (with `status`, `retryAfterMs`) too.
   */
  readonly error: ClientError
  /** The attempt that failed: 1 for the first. */
  readonly attempt: number
  /**
   * Whether sending the request again cannot change anything at the service: true for queries (`run`, paging)
   * and for `request` to the graph endpoints or with `idempotent: true`. A policy should retry a request that
   * is not idempotent only when the service says it did not process it (429, 503).
   */
  readonly idempotent: boolean
  /** The failed request, redacted: `kind` says whether it went to the graph or to the token endpoint. */
  readonly request: RequestDescription
}
