import { TOKEN_PATH } from '../model/wire'
import { ClientConfigError, ClientError } from './errors'
import type { FetchLike, Middleware } from './middleware'
import { refuseUnknown } from './option-checks'
import { parseRetryAfter } from './retry-after'
import { sleep } from './signals'

/**
 * A rate budget: at most `requests` graph requests in any window of `windowSeconds`, the service's own terms
 * (a limit per client id, SERVICE-NOTES.md). `memoryRateBudget` keeps it in this process; `redisRateBudget`
 * (from `hql/redis`) shares it among every process of a fleet.
 */
export interface RateBudget {
  /**
   * Takes one request's place in the window: resolves when the request may go, waiting for a place (aborted by
   * `signal`) or, with `onExceeded: 'fail'`, rejecting at once with `RateBudgetError`.
   */
  acquire(signal?: AbortSignal): Promise<void>
  /**
   * Holds every request back until `untilMs` (ms since the epoch), or for the budget's `maxPauseMs` if that
   * is sooner: what a 429's `Retry-After` asks for. NaN (a date that did not parse) pauses nothing.
   */
  pause(untilMs: number): Promise<void>
}

/** Options of `memoryRateBudget` (and the shared part of `redisRateBudget`'s). */
export interface RateBudgetOptions {
  /** Most requests sent in any window. */
  readonly requests: number
  /** The window's length, in seconds. */
  readonly windowSeconds: number
  /** When the window is full: wait for a place (the default), or fail at once with `RateBudgetError`. */
  readonly onExceeded?: 'wait' | 'fail'
  /**
   * Spread requests evenly, at most one every `windowSeconds / requests` (the default), rather than let a
   * whole window's worth go at once: the service counts arrivals, and of a burst sent at a window's edge, some
   * arrive in the next window. `false` for bursts (still never more than `requests` booked in any window).
   */
  readonly smooth?: boolean
  /**
   * The longest pause a 429's `Retry-After` can impose, in ms. Default 60 000 (the retry policy's own cap on
   * `Retry-After`): a server asking for a day, or for a date in the year 9999, pauses the budget this long,
   * so that one odd answer cannot stop every later call (and, shared through Redis, every process).
   */
  readonly maxPauseMs?: number
}

/** The default `maxPauseMs`. */
export const DEFAULT_MAX_PAUSE_MS = 60_000

/**
 * The rate budget was spent (with `onExceeded: 'fail'`), or the fleet is paused after a 429: `retryAfterMs`
 * says when a place frees up. Its code is the service's own for the same situation, `rate_limited`.
 */
export class RateBudgetError extends ClientError {
  override name = 'RateBudgetError'
  declare readonly retryAfterMs: number

  constructor(retryAfterMs: number) {
    super('rate_limited', `the rate budget is spent: a place frees up in ${Math.ceil(retryAfterMs)} ms`)
    this.retryAfterMs = retryAfterMs
  }
}

/**
 * A budget's answer for one request: booked, to be sent after `waitMs` (0: now), or, with `onExceeded: 'fail'`
 * and the window full, refused until a place frees up in `waitMs`.
 */
export type BudgetDecision = { readonly granted: boolean; readonly waitMs: number }

/**
 * The waiting shared by the memory and the Redis budget: `book` books a send time (or refuses, in 'fail'
 * mode); the request then waits for it, abortably. A booking given up by an abort is given back (`release`):
 * a place held for a request that never goes would hold back the requests behind it for a whole window.
 */
export async function acquireWith(
  book: (mode: 'wait' | 'fail') => Promise<BudgetDecision>,
  onExceeded: 'wait' | 'fail',
  signal: AbortSignal | undefined,
  release?: () => void,
): Promise<void> {
  signal?.throwIfAborted()
  const { granted, waitMs } = await book(onExceeded)
  if (!granted) throw new RateBudgetError(waitMs)
  if (waitMs <= 0) return
  try {
    await sleep(waitMs, signal)
  } catch (error) {
    release?.()
    throw error
  }
}

/** The checked numbers of a budget's options; throws `ClientConfigError` naming the bad one. */
export function budgetLimits(options: RateBudgetOptions): {
  limit: number
  windowMs: number
  spacingMs: number
  maxPauseMs: number
} {
  const { requests, windowSeconds, onExceeded, smooth, maxPauseMs = DEFAULT_MAX_PAUSE_MS } = options
  if (!Number.isSafeInteger(requests) || requests < 1)
    throw new ClientConfigError('expected a whole number of 1 or more', ['budget', 'requests'])
  if (typeof windowSeconds !== 'number' || !(windowSeconds > 0) || !Number.isFinite(windowSeconds))
    throw new ClientConfigError('expected a positive number of seconds', ['budget', 'windowSeconds'])
  if (onExceeded !== undefined && onExceeded !== 'wait' && onExceeded !== 'fail')
    throw new ClientConfigError("expected 'wait' or 'fail'", ['budget', 'onExceeded'])
  if (smooth !== undefined && typeof smooth !== 'boolean')
    throw new ClientConfigError('expected true or false', ['budget', 'smooth'])
  if (typeof maxPauseMs !== 'number' || !(maxPauseMs >= 0) || !Number.isFinite(maxPauseMs))
    throw new ClientConfigError('expected a number of ms, 0 or more', ['budget', 'maxPauseMs'])
  const windowMs = windowSeconds * 1000
  return { limit: requests, windowMs, spacingMs: smooth === false ? 0 : windowMs / requests, maxPauseMs }
}

/**
 * The budgets' own clock: monotonic, so that a step of the system clock (NTP, a VM resumed, a user setting the
 * date) moves no booking. On `Date.now`, a step back of an hour made every request wait an hour (its window's
 * bookings lay an hour ahead), and a step forward emptied the window at once (a second window's worth sent in
 * the same real window).
 */
const monotonicNow = (): number => performance.now()

/**
 * A rate budget kept in this process: a sliding log of the send times booked in the last `windowSeconds`, so
 * that no window ever holds more than `requests` (a token bucket would let twice that through across a window
 * edge), spread evenly unless `smooth: false`.
 *
 * @example
 * const budget = memoryRateBudget({ requests: 3000, windowSeconds: 60 })
 * await budget.acquire(signal) // before each graph request
 */
export function memoryRateBudget(options: RateBudgetOptions, now: () => number = monotonicNow): RateBudget {
  // An option of another name (`onExceed`) would be dropped unnoticed: the budget would wait where it was told to
  // fail.
  refuseUnknown(
    options,
    ['requests', 'windowSeconds', 'onExceeded', 'smooth', 'maxPauseMs'],
    'memoryRateBudget',
    ['budget'],
  )
  const log = sendLog(budgetLimits(options), now)
  return {
    acquire: async (signal) => {
      let at: number | undefined
      const book = async (mode: 'wait' | 'fail') => {
        const decision = await log.book(mode)
        at = decision.at
        return decision
      }
      const release = () => {
        if (at !== undefined) log.release(at)
      }
      await acquireWith(book, options.onExceeded ?? 'wait', signal, release)
    },
    pause: async (untilMs) => log.pause(untilMs),
  }
}

/** The memory budget's bookkeeping, which the Redis budget also falls back on. */
export interface SendLog {
  /** Books a send time; `at` is the booked time (ms, `now`'s clock), for `release`. */
  book(mode: 'wait' | 'fail'): Promise<BudgetDecision & { readonly at?: number }>
  /** Gives back the booking made for `at` (one of them, when several were booked for the same time). */
  release(at: number): void
  /**
   * Counts a request sent now that another budget booked (the Redis budget's shared log), so that a process
   * falling back to this log goes on from what it really sent, not from an empty window.
   */
  record(): void
  /** Holds bookings back until `untilMs`, a date (ms since the epoch), whatever clock the log keeps; NaN: none. */
  pause(untilMs: number): void
  /**
   * What this log decided alone, for a shared log to take in when it is back (the Redis budget after a
   * fallback): the times of its own bookings still in the window, `record`ed sends left out (the shared log has
   * them), in ms from now (negative: past), and the pause left. Those bookings count as recorded from then on:
   * each is handed over once.
   */
  alone(): { readonly sends: readonly number[]; readonly pauseMs: number }
}

/** The same booking as the Redis budget's script (src/redis/budget-scripts.ts), in one process. */
export function sendLog(
  {
    limit,
    windowMs,
    spacingMs,
    maxPauseMs = DEFAULT_MAX_PAUSE_MS,
  }: { limit: number; windowMs: number; spacingMs: number; maxPauseMs?: number },
  now: () => number = monotonicNow,
): SendLog {
  // Booked send times, in order: those within a window of now, and those ahead of it; `byBook` says, for each,
  // whether `book` made it (rather than `record`).
  const booked: number[] = []
  const byBook: boolean[] = []
  let pausedUntil = 0
  const dropPassed = (at0: number) => {
    let passed = 0
    while (passed < booked.length && booked[passed]! <= at0 - windowMs) passed++
    booked.splice(0, passed)
    byBook.splice(0, passed)
  }
  return {
    async book(mode) {
      const at0 = now()
      dropPassed(at0)
      let at = Math.max(at0, pausedUntil)
      const nth = booked[booked.length - limit]
      if (nth !== undefined) at = Math.max(at, nth + windowMs)
      if (mode === 'fail' && at > at0) return { granted: false, waitMs: at - at0 }
      const last = booked.at(-1)
      if (last !== undefined) at = Math.max(at, last + spacingMs)
      booked.push(at)
      byBook.push(true)
      return { granted: true, waitMs: at - at0, at }
    },
    release(at) {
      const index = booked.lastIndexOf(at)
      if (index >= 0) {
        booked.splice(index, 1)
        byBook.splice(index, 1)
      }
    },
    record() {
      const at = now()
      // Only the last window is kept, as `book` keeps it: recorded sends never pile up.
      dropPassed(at)
      // Kept in order: bookings of this log may lie ahead of now.
      let index = booked.length
      while (index > 0 && booked[index - 1]! > at) index--
      booked.splice(index, 0, at)
      byBook.splice(index, 0, false)
    },
    pause(untilMs) {
      // No time (NaN: a date that did not parse; not a number, from JavaScript) asks no pause, as a Retry-After that does not parse: kept, it
      // made `pausedUntil` NaN for good, and every later booking waited for ever.
      if (typeof untilMs !== 'number' || Number.isNaN(untilMs)) return
      // `untilMs` is a date (ms since the epoch): kept as the time left, on this log's own clock. Capped: a
      // Retry-After of a day, or a date in the year 9999, pauses `maxPauseMs` at most.
      pausedUntil = Math.max(pausedUntil, now() + Math.min(untilMs - Date.now(), maxPauseMs))
    },
    alone() {
      const at0 = now()
      dropPassed(at0)
      const sends = booked.filter((_, index) => byBook[index]).map((at) => at - at0)
      // Handed over: a second fallback and return in the same window must not hand them over twice.
      byBook.fill(false)
      return { sends, pauseMs: Math.max(0, pausedUntil - at0) }
    },
  }
}

/**
 * A fetch that spends `budget` on every graph request it sends (each attempt, retries included: the service
 * counts each one) and, when the service answers 429 with `Retry-After`, pauses the whole budget (every process
 * sharing it) before handing the response on. Token requests pass untouched. The client's `budget` option wraps
 * its fetch with this; `fetch` undefined means `globalThis.fetch`, looked up at each call.
 *
 * @example
 * const fetch = budgetedFetch(memoryRateBudget({ requests: 3000, windowSeconds: 60 }))
 */
export function budgetedFetch(
  budget: RateBudget,
  fetch: FetchLike | undefined,
  now: () => number = Date.now,
): FetchLike {
  return async (input, init) => {
    const send = fetch ?? globalThis.fetch
    if (new URL(input).pathname.endsWith(TOKEN_PATH)) return send(input, init)
    await budget.acquire(init.signal ?? undefined)
    const response = await send(input, init)
    if (response.status === 429) {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now())
      if (retryAfterMs !== undefined) await budget.pause(now() + retryAfterMs)
    }
    return response
  }
}

/**
 * The rate budget piece: a middleware that spends `budget` on every attempt of every call (retries included:
 * the service counts each one), waiting for a place before the attempt's clock starts, and pauses the budget
 * (every process sharing it) when the service answers 429 with `Retry-After`, for the budget's `maxPauseMs` at
 * most. Token requests do not spend it.
 *
 * @example
 * const client = createClient({ baseUrl, auth, middleware: [rateLimit(memoryRateBudget({ requests: 3000, windowSeconds: 60 }))] })
 */
export function rateLimit(budget: RateBudget): Middleware {
  if (typeof budget?.acquire !== 'function' || typeof budget.pause !== 'function')
    throw new ClientConfigError('expected memoryRateBudget(…), redisRateBudget(…) or another RateBudget', [
      'budget',
    ])
  return {
    async onRequest(_request, { signal }) {
      await budget.acquire(signal)
    },
    async onResponse(response) {
      if (response.status !== 429) return
      const now = Date.now()
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now)
      if (retryAfterMs !== undefined) await budget.pause(now + retryAfterMs)
    },
  }
}
