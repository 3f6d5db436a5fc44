import { readHeaders } from './call-options'
import { ClientConfigError, type RequestDescription } from './errors'
import type { Middleware, RetryInfo } from './middleware'
import { refuseUnknown } from './option-checks'

/** Seen by `beforeRequest`: one attempt about to be sent (1 for the first, 2 for the first retry, …). */
export interface BeforeRequestInfo {
  readonly request: RequestDescription
  readonly attempt: number
}

/** Seen by `afterResponse`: the status and timing of one attempt that got a response. */
export interface AfterResponseInfo {
  readonly request: RequestDescription
  readonly attempt: number
  readonly status: number
  readonly durationMs: number
}

/** Seen by a grant's `onTokenRefresh`: which grant ran and why; never the tokens themselves. */
export interface TokenRefreshInfo {
  readonly grant: 'password' | 'refresh_token' | 'client_credentials'
  readonly reason: 'missing' | 'expiring' | 'rejected' | 'fallback'
  /** Absolute expiry (ms since the epoch) of the new token, when the server said. */
  readonly expiresAt: number | undefined
  readonly scope: string | undefined
}

/**
 * What `beforeRequest` may return to change the attempt it was called for, as ky's hook may: `headers` to add
 * or override (a trace id, a tenant), `signal` to abort it. The client's own `authorization`, `accept` and
 * `content-type` cannot be set here: a ClientConfigError says so.
 */
export interface RequestChanges {
  readonly headers?: Readonly<Record<string, string>>
  readonly signal?: AbortSignal
}

/**
 * Callbacks for logging, tracing and metrics, for `hooks()`. They see redacted data only; `beforeRequest` may
 * return `RequestChanges` for the attempt (anything else it returns, a plain object's other keys included, is
 * ignored, so a logger's return value changes nothing). A hook that throws makes the call fail with that error
 * (as in ky), so a broken logger is noticed.
 */
export interface Hooks {
  readonly beforeRequest?: (info: BeforeRequestInfo) => void | RequestChanges | Promise<void | RequestChanges>
  readonly afterResponse?: (info: AfterResponseInfo) => void | Promise<void>
  readonly onRetry?: (info: RetryInfo) => void | Promise<void>
}

/**
 * The hooks piece: a middleware that calls `beforeRequest` before each attempt, `afterResponse` after each
 * attempt that got a response, and `onRetry` before each retry, with redacted descriptions of the request.
 *
 * @example
 * const client = createClient({
 *   baseUrl, auth,
 *   middleware: [hooks({ afterResponse: ({ request, status, durationMs }) => log.info(request.url, status, durationMs) })],
 * })
 */
export function hooks(callbacks: Hooks): Middleware {
  // A callback of another name (`afterRespons`, `onError`) would never be called, and one that is no function
  // would fail only when its moment came: both refused here, naming it.
  refuseUnknown(callbacks, ['beforeRequest', 'afterResponse', 'onRetry'], 'hooks', ['hooks'])
  for (const [name, callback] of Object.entries(callbacks))
    if (callback !== undefined && typeof callback !== 'function')
      throw new ClientConfigError('expected a function', ['hooks', name])
  const started = new WeakMap<AbortSignal, number>()
  return {
    async onRequest(request, info) {
      const { beforeRequest } = callbacks
      started.set(info.signal, Date.now())
      if (beforeRequest === undefined) return undefined
      const changes = await beforeRequest.call(callbacks, { request: info.request, attempt: info.attempt })
      if (!isPlainObject(changes)) return undefined
      const { headers, signal } = changes as RequestChanges
      if (signal !== undefined && !(signal instanceof AbortSignal))
        throw new ClientConfigError('a beforeRequest hook returned a signal that is no AbortSignal', [
          ...WHERE,
          'signal',
        ])
      if (headers === undefined && signal === undefined) return undefined
      const added = readHeaders(headers, [...WHERE, 'headers'])
      return { ...request, headers: { ...request.headers, ...added }, ...(signal ? { signal } : {}) }
    },
    async onResponse(response, info) {
      await callbacks.afterResponse?.call(callbacks, {
        request: info.request,
        attempt: info.attempt,
        status: response.status,
        durationMs: Date.now() - (started.get(info.signal) ?? Date.now()),
      })
    },
    onRetry: (info) => callbacks.onRetry?.call(callbacks, info),
  }
}

const WHERE = ['hooks', 'beforeRequest'] as const

function isPlainObject(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * Seen by the `onStateChange` hook of a shared token store or rate budget (`hql/redis`): it went to
 * per-process behaviour (`fallback`) because Redis failed or was too slow, or back to `shared`. Never a token:
 * `detail` is the Redis client's error message with every value the command carried removed.
 */
export interface RedisStateInfo {
  /** Which part changed: the token store or the rate budget. */
  readonly component: 'tokenStore' | 'budget'
  /** The Redis key it was configured with (a name the app chose, never a secret). */
  readonly key: string
  readonly state: 'shared' | 'fallback'
  /** Why it fell back: Redis answered with an error, or did not answer within the command timeout. */
  readonly cause?: 'error' | 'timeout'
  readonly detail?: string
  /** On the way back to `shared`: how long this process ran on its own. */
  readonly fallbackMs?: number
}
