import {
  AbortedError,
  ClientError,
  HttpError,
  NetworkError,
  LimitExceededError,
  TimeoutError,
  type RequestDescription,
} from './errors'
import type { Hooks } from './hooks'
import { readChanges } from './request-changes'
import type { RateBudget } from './budget'
import { backoffDelay, parseRetryAfter, type RetryPolicy } from './retry'
import type { Secrets } from './secrets'
import { deadline, sleep, type Deadline } from './signals'

/** The subset of `fetch` the client calls; inject one to trace, proxy or test. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/** What every request of one client shares. */
export interface TransportContext {
  /** Undefined means `globalThis.fetch`, looked up at each call so that interceptors installed later work. */
  readonly fetch: FetchLike | undefined
  readonly hooks: Hooks
  readonly secrets: Secrets
  readonly now: () => number
  readonly random: () => number
  /** Bodies longer than this are not read on (`LimitExceededError` 'maxResponseBytes'): no server fills memory. */
  readonly maxResponseBytes: number
  /** Spent by each attempt of a graph request (not by token requests); paused by a 429's `Retry-After`. */
  readonly budget?: RateBudget | undefined
}

/** One POST, ready to send; `described` is the redacted form that errors and hooks show. */
export interface OutgoingRequest {
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  readonly described: RequestDescription
  /** The same request with headers added (a `beforeRequest` hook's), described with them. */
  withHeaders(extra: Readonly<Record<string, string>>): OutgoingRequest
}

/**
 * A POST of `body`; `shown` is what its description shows of the body, redacted when first asked for. A `form`
 * (a token request's) is shown instead with its fields redacted by name, so that the client's own wording in
 * it is kept (`grant_type: 'password'` with a password `password`).
 */
export function outgoing(
  ctx: TransportContext,
  kind: RequestDescription['kind'],
  url: string,
  headers: Readonly<Record<string, string>>,
  body: string,
  shown: unknown,
  form?: Readonly<Record<string, string>>,
): OutgoingRequest {
  let described: RequestDescription | undefined
  return {
    url,
    headers,
    body,
    // Built on first use: most requests succeed with no hook or error ever asking for it.
    get described() {
      return (described ??= {
        kind,
        method: 'POST',
        url,
        headers: ctx.secrets.redactFields(headers),
        body: form === undefined ? ctx.secrets.redact(shown) : ctx.secrets.redactFields(form),
      })
    },
    withHeaders: (extra) => outgoing(ctx, kind, url, { ...headers, ...extra }, body, shown, form),
  }
}

/** A 2xx response, read whole. */
export interface ReceivedResponse {
  readonly status: number
  readonly text: string
}

/** The limits of one call: the caller's signal, the total deadline around all attempts, the attempt limit. */
export interface CallScope {
  readonly signal: AbortSignal | undefined
  readonly total: Deadline
  readonly totalTimeoutMs: number
  readonly attemptTimeoutMs: number
  readonly startedAt: number
}

/** Starts the clock of one call; `scope.total.dispose()` when the call is over. */
export function openScope(
  ctx: TransportContext,
  signal: AbortSignal | undefined,
  limits: { readonly timeoutMs: number; readonly totalTimeoutMs: number },
): CallScope {
  return {
    signal,
    total: deadline(signal, limits.totalTimeoutMs),
    totalTimeoutMs: limits.totalTimeoutMs,
    attemptTimeoutMs: limits.timeoutMs,
    startedAt: ctx.now(),
  }
}

/** Turns an abort seen anywhere in a call into the error that says whose it was: the caller's or the clock's. */
export function abortError(scope: CallScope, request?: RequestDescription): ClientError {
  if (scope.signal?.aborted) return new AbortedError(scope.signal.reason, request)
  return new TimeoutError('total', scope.totalTimeoutMs, request)
}

/**
 * Sends one POST with retries: network errors, attempt timeouts and the policy's statuses are retried with
 * capped exponential backoff and full jitter, or after the server's `Retry-After`. Resolves with a 2xx response;
 * everything else becomes a typed error.
 */
export async function send(
  ctx: TransportContext,
  request: OutgoingRequest,
  policy: RetryPolicy,
  scope: CallScope,
): Promise<ReceivedResponse> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await attemptOnce(ctx, request, attempt, scope)
    if (!(outcome instanceof ClientError)) return outcome
    const retryable =
      outcome instanceof HttpError
        ? policy.statuses.includes(outcome.status)
        : policy.network &&
          (outcome instanceof NetworkError ||
            (outcome instanceof TimeoutError && outcome.scope === 'attempt'))
    if (!retryable || attempt > policy.limit) throw outcome

    const retryAfter = outcome instanceof HttpError ? outcome.retryAfterMs : undefined
    // A wait longer than the cap, or longer than the time left, would only postpone the same failure.
    if (retryAfter !== undefined && retryAfter > policy.maxRetryAfterMs) throw outcome
    const delayMs = retryAfter ?? backoffDelay(policy, attempt - 1, ctx.random)
    if (scope.startedAt + scope.totalTimeoutMs < ctx.now() + delayMs) throw outcome

    await ctx.hooks.onRetry?.({ request: request.described, attempt, delayMs, error: outcome })
    try {
      await sleep(delayMs, scope.total.signal)
    } catch {
      throw abortError(scope, request.described)
    }
  }
}

const NO_CHANGES = readChanges(undefined)

async function attemptOnce(
  ctx: TransportContext,
  request: OutgoingRequest,
  attempt: number,
  scope: CallScope,
): Promise<ReceivedResponse | ClientError> {
  if (scope.total.signal.aborted) throw abortError(scope, request.described)
  // Without hooks there is nothing to wait for: each `await` of nothing is a turn of the event loop per page.
  const { hooks } = ctx
  const beforeRequest = hooks.beforeRequest
  const changes =
    beforeRequest === undefined
      ? NO_CHANGES
      : readChanges(await beforeRequest.call(hooks, { request: request.described, attempt }))
  // The hook's headers are for this attempt only: the next one asks the hook again.
  if (changes.headers !== undefined) request = request.withHeaders(changes.headers)
  // The budget is waited for before the attempt's clock starts: a wait for a place in the window is bounded by
  // the call's total time, not cut short by the attempt's timeout (and then retried, waiting again).
  if (ctx.budget !== undefined && request.described.kind === 'graph')
    try {
      await ctx.budget.acquire(scope.total.signal)
    } catch (error) {
      if (scope.total.signal.aborted) throw abortError(scope, request.described)
      throw error
    }
  const attemptDeadline = deadline(scope.total.signal, scope.attemptTimeoutMs, changes.signal)
  const startedAt = ctx.now()
  let response: Response
  let text: string | undefined
  try {
    const init: RequestInit = {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: attemptDeadline.signal,
      // Following a redirect could carry the token to a place nobody configured.
      redirect: 'manual',
    }
    response = await (ctx.fetch ?? globalThis.fetch)(request.url, init)
    // Reading the body belongs to the attempt: a response that stalls midway is a timeout like any other.
    text = await readText(response, ctx.maxResponseBytes)
  } catch (error) {
    if (scope.total.signal.aborted) throw abortError(scope, request.described)
    // The client's own refusal from inside fetch (a spent rate budget, `budgetedFetch`) is no network failure:
    // it is thrown as it is, and not retried.
    if (error instanceof ClientError) throw error
    // The hook's signal stands for the caller: an abort, not a failure to retry.
    if (changes.signal?.aborted) throw new AbortedError(changes.signal.reason, request.described)
    if (attemptDeadline.timedOut())
      return new TimeoutError('attempt', scope.attemptTimeoutMs, request.described)
    return new NetworkError(ctx.secrets.scrub(describeFailure(error)), request.described)
  } finally {
    attemptDeadline.dispose()
  }
  const afterResponse = hooks.afterResponse
  if (afterResponse !== undefined)
    await afterResponse.call(hooks, {
      request: request.described,
      attempt,
      status: response.status,
      durationMs: ctx.now() - startedAt,
    })
  if (text === undefined)
    return new LimitExceededError('maxResponseBytes', ctx.maxResponseBytes, request.described)
  if (response.status >= 200 && response.status < 300) return { status: response.status, text }
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), ctx.now())
  // A 429 pauses the whole budget (every process sharing it), not only this call's retry.
  if (response.status === 429 && retryAfterMs !== undefined && request.described.kind === 'graph')
    await ctx.budget?.pause(ctx.now() + retryAfterMs)
  return new HttpError(response.status, {
    body: ctx.secrets.redact(parseJsonOrUndefined(text)),
    text: ctx.secrets.scrub(text),
    request: request.described,
    retryAfterMs,
  })
}

/**
 * The body as text, or undefined when it is longer than `limit` bytes: a declared Content-Length past the
 * limit is refused before a byte is read, and a body without one is counted as it streams in and dropped as
 * soon as it passes the limit (cancelling the stream closes the connection).
 */
async function readText(response: Response, limit: number): Promise<string | undefined> {
  if (response.body === null) return ''
  const length = response.headers.get('content-length')
  if (Number(length) > limit) return void response.body.cancel().catch(() => {})
  // A length the transport holds the body to is read in one go: the chunk loop costs promises per chunk.
  if (length !== null && lengthBindsBody(response, length)) return response.text()
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  for (;;) {
    if (size > limit) return void reader.cancel().catch(() => {})
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}

/**
 * Whether fetch delivers at most Content-Length bytes of this body (a longer body is cut off, a shorter one
 * fails). Not for a compressed body, which fetch inflates (a few KB of gzip can become gigabytes), nor for a
 * cross-origin response in a browser, whose Content-Encoding a page may not be allowed to see: those are
 * counted as they stream in.
 */
function lengthBindsBody(response: Response, length: string): boolean {
  if (!/^\d{1,15}$/.test(length)) return false
  // 'default' is Node's (undici's) type, 'basic' a same-origin browser response: every header is visible.
  if (response.type !== 'default' && response.type !== 'basic') return false
  const encoding = response.headers.get('content-encoding')
  return encoding === null || encoding.trim().toLowerCase() === 'identity'
}

/** The message of a fetch failure and of its cause (undici puts the socket error there), as plain text. */
function describeFailure(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 3 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    parts.push(typeof code === 'string' ? `${current.message} (${code})` : current.message)
    current = current.cause
  }
  return parts.length > 0 ? parts.join(': ') : String(error)
}

export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
