import { TOKEN_PATH } from '../model/wire'
import { ClientConfigError, ClientError } from './errors'
import { parseRetryAfter } from './retry'
import type { FetchLike } from './transport'
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
  /** Holds every request back until `untilMs` (ms since the epoch): what a 429's `Retry-After` asks for. */
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
}

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

/** A budget's decision for one request: go now, or the ms until a place may free up. */
export type BudgetDecision = { readonly granted: true } | { readonly granted: false; readonly waitMs: number }

/**
 * The waiting shared by the memory and the Redis budget: asks `decide` until it grants a place, sleeping the
 * time it names (abortable), or fails at once when `onExceeded` is 'fail'.
 */
export async function acquireWith(
  decide: () => Promise<BudgetDecision>,
  onExceeded: 'wait' | 'fail',
  signal: AbortSignal | undefined,
): Promise<void> {
  for (;;) {
    signal?.throwIfAborted()
    const decision = await decide()
    if (decision.granted) return
    if (onExceeded === 'fail') throw new RateBudgetError(decision.waitMs)
    // A little jitter, so that requests waiting for the same place do not all ask again at the same moment.
    await sleep(Math.max(1, decision.waitMs) + Math.random() * 5, signal)
  }
}

/** The checked numbers of a budget's options; throws `ClientConfigError` naming the bad one. */
export function budgetLimits(options: RateBudgetOptions): { limit: number; windowMs: number } {
  const { requests, windowSeconds, onExceeded } = options
  if (!Number.isSafeInteger(requests) || requests < 1)
    throw new ClientConfigError('expected a whole number of 1 or more', ['budget', 'requests'])
  if (typeof windowSeconds !== 'number' || !(windowSeconds > 0) || !Number.isFinite(windowSeconds))
    throw new ClientConfigError('expected a positive number of seconds', ['budget', 'windowSeconds'])
  if (onExceeded !== undefined && onExceeded !== 'wait' && onExceeded !== 'fail')
    throw new ClientConfigError("expected 'wait' or 'fail'", ['budget', 'onExceeded'])
  return { limit: requests, windowMs: windowSeconds * 1000 }
}

/**
 * A rate budget kept in this process: a sliding log of the times of the last `requests` requests, so that no
 * window of `windowSeconds` ever holds more (a token bucket would let twice that through across a window edge).
 *
 * @example
 * const budget = memoryRateBudget({ requests: 3000, windowSeconds: 60 })
 * await budget.acquire(signal) // before each graph request
 */
export function memoryRateBudget(options: RateBudgetOptions, now: () => number = Date.now): RateBudget {
  const window = slidingWindow(budgetLimits(options), now)
  return {
    acquire: (signal) => acquireWith(window.decide, options.onExceeded ?? 'wait', signal),
    pause: async (untilMs) => window.pause(untilMs),
  }
}

/** The memory budget's bookkeeping, which the Redis budget also falls back on. */
export interface SlidingWindow {
  decide(): Promise<BudgetDecision>
  pause(untilMs: number): void
}

export function slidingWindow(
  { limit, windowMs }: { limit: number; windowMs: number },
  now: () => number = Date.now,
): SlidingWindow {
  // The send times still inside the window, oldest first; never more than `limit` of them.
  const sent: number[] = []
  let pausedUntil = 0
  return {
    async decide() {
      const at = now()
      if (at < pausedUntil) return { granted: false, waitMs: pausedUntil - at }
      while (sent.length > 0 && sent[0]! <= at - windowMs) sent.shift()
      if (sent.length < limit) {
        sent.push(at)
        return { granted: true }
      }
      return { granted: false, waitMs: sent[0]! + windowMs - at }
    },
    pause(untilMs) {
      pausedUntil = Math.max(pausedUntil, untilMs)
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
