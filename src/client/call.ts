import type { Auth, AuthContext } from './auth/auth'
import { isHeaderToken } from '../model/limits'
import { describeFailure, parseJsonOrUndefined, readText } from './body'
import { readHeaders, readInit, type CallOptions } from './call-options'
import {
  AbortedError,
  ClientConfigError,
  ClientError,
  HttpError,
  LimitExceededError,
  NetworkError,
  TimeoutError,
  type RequestDescription,
} from './errors'
import type { AttemptInfo, FetchLike, Middleware, MiddlewareRequest, RetryPolicy } from './middleware'
import { numberOption, positive } from './option-checks'
import { parseRetryAfter } from './retry-after'
import { redactFields, type Secrets } from './secrets'
import { deadline, raceAbort, sleep, type Deadline } from './signals'
import { onBase, urlOnBase, type GraphBase } from './urls'

/** What every call of one client shares, as createClient checked it. */
export interface ClientCore {
  readonly base: GraphBase
  readonly auth: Auth
  /** The given fetch, or `globalThis.fetch` looked up at each call so that interceptors installed later work. */
  readonly fetch: FetchLike
  /** The client's extra headers, names lowercased. */
  readonly headers: Readonly<Record<string, string>>
  readonly secrets: Secrets
  readonly maxResponseBytes: number
  readonly timeoutMs: number
  readonly totalTimeoutMs: number
  readonly retry: RetryPolicy | false | undefined
  readonly middleware: readonly Middleware[]
}

/** One request of a call: a path below baseUrl, and a JSON body (none for undefined). */
export interface Outgoing {
  readonly endpoint: string
  readonly method: string
  readonly body: unknown
  /** Whether sending it twice changes nothing, told to the retry policy: by default it does (a query). */
  readonly idempotent?: boolean
}

/** A 2xx answer, read whole; `request` describes (redacted) the attempt that got it. */
export interface Received {
  readonly text: string
  readonly request: () => RequestDescription
}

/**
 * Sends one request: the token from `auth`, the attempts (middleware around each, the retry policy between
 * them, one renewal of the token and one more attempt after a 401), the limits (attempt and call time, body
 * size) and the caller's signal. Resolves with a 2xx answer; everything else is a typed error.
 */
export async function send(
  core: ClientCore,
  outgoing: Outgoing,
  options: CallOptions = {},
): Promise<Received> {
  // Options are checked before the clock starts, so that a bad one leaves no timer behind.
  // `false`, the call's or the client's, is none.
  const policy = (options.retry ?? core.retry) || undefined
  const timeoutMs = numberOption(options.timeoutMs, core.timeoutMs, ['timeoutMs'], positive)
  const totalTimeoutMs = numberOption(
    options.totalTimeoutMs,
    core.totalTimeoutMs,
    ['totalTimeoutMs'],
    positive,
  )
  const init = readInit(options.init)
  let body: string | undefined
  try {
    // JSON.stringify gives undefined for undefined: no body.
    body = JSON.stringify(outgoing.body)
  } catch (error) {
    // What it cannot write (a BigInt, a cycle, a `toJSON` that throws), which the body's `unknown` type lets
    // through: the caller's mistake, said with its reason, scrubbed (a `toJSON` of the app's own may say anything).
    throw new ClientConfigError(
      `expected a body JSON can write: ${core.secrets.scrub(describeFailure(error))}`,
      ['body'],
    )
  }
  const first: MiddlewareRequest = {
    url: urlOnBase(core.base, outgoing.endpoint),
    method: outgoing.method,
    headers: {
      ...core.headers,
      ...readHeaders(options.headers, ['headers']),
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
  }
  // The clock of the call: the caller's signal and the call's time limit. The call's own signal (an
  // AbortController and a timer) is made only when something waits on it (a token being fetched, a pause
  // between attempts, a middleware or an auth that asks for it): an attempt listens to the caller's signal and
  // times itself to whichever ends first, its own limit or the call's, so that most calls make one controller
  // and one timer, not two. (Closures of the call rather than an object of them: the same work, fewer bytes.)
  const caller = options.signal
  const endsAt = Date.now() + totalTimeoutMs
  let total: Deadline | undefined
  /** Ms left of the call's time. */
  const left = () => endsAt - Date.now()
  /** Whether the call is over: aborted by its caller, or out of time. */
  const over = () => caller?.aborted || left() <= 0 || total?.signal.aborted
  /** The call's signal, made on first use. */
  const signal = () => (total ??= deadline(caller, Math.max(0, left()))).signal
  /**
   * The error of a call that is over: an abort of `by` (the caller's signal, or a middleware's), or the call's
   * time limit.
   */
  const aborted = (request?: RequestDescription, by = caller): ClientError =>
    by?.aborted
      ? new AbortedError(by.reason, request, core.secrets.scrub)
      : new TimeoutError('total', totalTimeoutMs, request)

  /** One attempt: middleware, fetch, the body within its limit. A failure worth a retry is returned, not thrown. */
  const attemptOnce = async (token: string, attempt: number): Promise<Received | ClientError> => {
    let request = first
    let described: RequestDescription | undefined
    const describe = () =>
      (described ??= {
        kind: 'graph',
        method: request.method,
        url: core.secrets.scrub(request.url),
        headers: redactFields({ ...request.headers, authorization: 'Bearer' }, core.secrets),
        body: core.secrets.redact(parseJsonOrUndefined(request.body ?? '')),
      })
    const info: AttemptInfo = {
      attempt,
      get signal() {
        return signal()
      },
      get request() {
        return describe()
      },
    }
    if (over()) throw aborted()
    for (const piece of core.middleware) {
      const changed = await piece.onRequest?.(request, info)
      if (changed === undefined) continue
      request = checkChanged(core, changed)
      described = undefined
    }
    // One timer for the attempt, set to whichever ends first: its own limit, or the call's. It listens to the
    // call's signal if it was made, else the caller's.
    const time = left()
    const attemptDeadline = deadline(
      total?.signal ?? caller,
      Math.min(timeoutMs, Math.max(0, time)),
      request.signal,
    )
    let response: Response
    let text: string | undefined
    // fetch, and reading the body, belong to the attempt: a response that stalls midway is a timeout too.
    const failed = (error: unknown): ClientError => {
      if (over() || (attemptDeadline.timedOut() && time <= timeoutMs)) throw aborted(describe())
      // The client's own refusal from inside a fetch (a spent rate budget) is thrown as it is, not retried.
      if (error instanceof ClientError) throw error
      // A middleware's signal stands for the caller: an abort, not a failure to retry.
      if (request.signal?.aborted) throw aborted(describe(), request.signal)
      if (attemptDeadline.timedOut()) return new TimeoutError('attempt', timeoutMs, describe())
      return new NetworkError(core.secrets.scrub(describeFailure(error)), describe())
    }
    try {
      try {
        response = await core.fetch(request.url, {
          ...init,
          method: request.method,
          headers: { ...request.headers, authorization: `Bearer ${token}` },
          body: request.body ?? null,
          signal: attemptDeadline.signal,
          // Following a redirect could carry the token to a place nobody configured.
          redirect: 'manual',
        })
      } catch (error) {
        return failed(error)
      }
      // Outside the fetch's catch: a middleware's own error fails the call as it is (a broken logger is noticed).
      for (let i = core.middleware.length - 1; i >= 0; i--)
        response = (await core.middleware[i]!.onResponse?.(response, info)) ?? response
      try {
        text = await readText(response, core.maxResponseBytes)
      } catch (error) {
        return failed(error)
      }
    } finally {
      attemptDeadline.dispose()
    }
    if (text === undefined)
      return new LimitExceededError('maxResponseBytes', core.maxResponseBytes, describe())
    const { status } = response
    if (status >= 200 && status < 300) return { text, request: describe }
    return new HttpError(status, {
      body: core.secrets.redact(parseJsonOrUndefined(text)),
      text: core.secrets.scrub(text),
      request: describe(),
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), Date.now()),
    })
  }

  let token: string | undefined
  try {
    const context: AuthContext = {
      get signal() {
        return signal()
      },
      fetch: core.fetch,
      secrets: core.secrets.lent,
    }
    // A token the service refused (a 401), renewed before the next attempt: at once, and again after a renewal
    // that failed (its token request's 429, say) and that the retry policy retries.
    let refused: string | undefined
    // The 401 that refused it: the outcome again when a renewal put off by a failure has none to give after all.
    let unauthorized: ClientError | undefined
    for (let attempt = 1; ; attempt++) {
      let outcome!: ClientError
      if (refused === undefined) {
        // A failed token request is an outcome like a failed attempt: the retry policy decides (a 429 from the
        // token endpoint is waited out as the graph's is), and the next attempt asks for the token again.
        const got = token ?? (await tokenOr(core.auth.token(context), signal))
        if (typeof got !== 'string') outcome = got!
        else {
          // Every token handed to the client is a secret, whoever obtained it: held while the call lasts, as
          // the answer may quote it however many tokens other calls obtain meanwhile.
          if (token === undefined) core.secrets.hold((token = got))
          const answer = await attemptOnce(got, attempt)
          if (!(answer instanceof ClientError)) return answer
          outcome = answer
          // Of the failures an attempt returns, only an HttpError has a status. One renewal a call.
          if ((answer as HttpError).status === 401 && !unauthorized && core.auth.renew) {
            unauthorized = answer
            refused = got
          }
        }
      }
      if (refused !== undefined) {
        const renewal = await tokenOr(core.auth.renew!(refused, context), signal, true)
        if (typeof renewal === 'string') {
          core.secrets.hold(renewal)
          core.secrets.hold(refused, -1)
          token = renewal
          refused = undefined
          continue
        }
        // The renewal's own failure, for the policy to weigh; none to be had, and the 401 stands.
        if (renewal) outcome = renewal
        else {
          refused = undefined
          outcome = unauthorized!
        }
      }
      const request = outcome.request!
      // A token request is no query: a password grant whose answer was lost may have issued a token.
      const delayMs = policy?.({
        error: outcome,
        attempt,
        idempotent: outgoing.idempotent !== false && request.kind === 'graph',
        request,
      })
      // Calls that shared one failed token request wait as one: the first to weigh it picks the wait, so that
      // they wake together and share the next token request too (each its own jitter: a request each).
      // Only a number of ms is a wait (`null >= 0` is true: a retry at once, again and again).
      const waitMs = typeof delayMs == 'number' && delayMs >= 0 ? (waits.get(outcome) ?? delayMs) : -1
      // A wait longer than the time left would only postpone the same failure.
      if (waitMs < 0 || left() < waitMs) throw outcome
      waits.set(outcome, waitMs)
      for (const piece of core.middleware)
        await piece.onRetry?.({ request, attempt, delayMs: waitMs, error: outcome })
      await sleep(waitMs, signal())
    }
  } catch (error) {
    // Waiting for a token, or between attempts, ends with the signal's bare reason: say whose abort it was.
    if (!(error instanceof ClientError) && over()) throw aborted()
    throw error
  } finally {
    // (A token too long to hold was refused before anyone could hold it: undoing it changes nothing.)
    if (token !== undefined) core.secrets.hold(token, -1)
    total?.dispose()
  }
}

/** The wait picked for each failure shared by several calls (see `send`); an error object is one failure. */
const waits = new WeakMap<ClientError, number>()

/**
 * A token from `auth` (undefined when it cannot renew one): at once when it is ready (a static token, a grant's
 * stored one, after one turn of the microtask queue), without making the call's signal; otherwise raced against
 * it. The failure of its token request (an error whose `request.kind` is `'token'`) is returned, for the retry
 * policy to weigh; any other error (an Auth or a store of the app's own, an abort) is thrown as it is.
 */
async function tokenOr(
  pending: Promise<string | undefined>,
  signal: () => AbortSignal,
  renewal?: boolean,
): Promise<string | undefined | ClientError> {
  let token: string | undefined
  pending.then(
    (value) => (token = value),
    () => undefined,
  )
  try {
    await undefined
    token ??= await raceAbort(pending, signal())
  } catch (error) {
    if (error instanceof ClientError && error.request) return error
    throw error
  }
  // An Auth of the app's own may hand out anything: a token fetch cannot send, or `Bearer undefined`, would pass
  // for a network failure (and be retried) or the service's refusal. fetch trims a header's value.
  if (renewal && token === undefined) return token
  if (!isHeaderToken(token))
    throw new ClientConfigError('expected a token as a string a header can carry', ['auth', 'token'])
  return token
}

/** A request a middleware changed: still on baseUrl, and without the token, which only the client sets. */
function checkChanged(core: ClientCore, changed: MiddlewareRequest): MiddlewareRequest {
  const url = typeof changed.url === 'string' ? onBase(core.base, changed.url) : undefined
  if (url === undefined)
    throw new ClientConfigError('a middleware sent the request off baseUrl', ['middleware', 'url'])
  return {
    ...changed,
    url,
    headers: readHeaders(changed.headers, ['middleware', 'headers'], ['authorization']),
  }
}
