import {
  acquireWith,
  ClientConfigError,
  budgetLimits,
  RateBudgetError,
  sendLog,
  type BudgetDecision,
  type RateBudget,
  type RateBudgetOptions,
} from '../client'
import { absorbSends, bookSend, confirmSend, pauseFleet, probeBudget, releaseSend } from './budget-scripts'
import { RedisUnavailable } from './link'
import { openLink, type SharedOptions } from './options'

/** Options of `redisRateBudget`. */
export interface RedisRateBudgetOptions extends SharedOptions, RateBudgetOptions {
  /**
   * The budget of this process alone while Redis is away. Default `requests`: a lone process keeps its pace;
   * set it to `requests / processes` for a fleet that must stay within the budget during an outage too.
   */
  readonly fallbackRequests?: number
  /**
   * How much longer than `windowSeconds` the fleet's own window is, in ms: the service counts arrivals, and a
   * request's trip (a busy event loop before it, the network) varies, so that two requests sent exactly one
   * window apart may arrive a little less than one window apart. Default 2.5 % of the window (50 ms for 2 s,
   * 1.5 s for 60 s); the fleet then uses about 97.5 % of the budget.
   */
  readonly marginMs?: number
}

/** The default `marginMs`, as a share of the window. */
const DEFAULT_MARGIN = 0.025

/**
 * A rate budget shared by every process of a fleet through Redis: one script books each request's send time in a
 * sliding log of the fleet's requests, so that the fleet never sends more than `requests` in any window of
 * `windowSeconds`; `pause` (a 429's `Retry-After`) holds back every process. When Redis fails or is slow the
 * process counts alone (`fallbackRequests`) and says so through `onRedisStateChange`, until Redis is back.
 *
 * @example
 * const budget = redisRateBudget({ redis, key: 'hql:budget:my-app', requests: 3000, windowSeconds: 60 })
 * await budget.acquire(signal) // before each graph request
 */
export function redisRateBudget(options: RedisRateBudgetOptions): RateBudget {
  const link = openLink(
    options,
    'budget',
    Date.now,
    ['requests', 'windowSeconds', 'onExceeded', 'smooth', 'maxPauseMs', 'fallbackRequests', 'marginMs'],
    { probe: probeBudget, suffixes: [':pause', ':sent', ':retry'] },
  )
  const { limit, windowMs: serviceWindowMs, maxPauseMs } = budgetLimits(options)
  const { fallbackRequests = options.requests } = options
  const marginMs = options.marginMs ?? serviceWindowMs * DEFAULT_MARGIN
  // At most the window itself (which already halves the budget): past Redis's range (1e20), PEXPIRE refused
  // every booking, and the budget never shared.
  if (typeof marginMs !== 'number' || !(marginMs >= 0) || !(marginMs <= serviceWindowMs))
    throw new ClientConfigError(`expected a number of ms from 0 to the window's ${serviceWindowMs}`, [
      'budget',
      'marginMs',
    ])
  // The fleet's window: the service's, and the margin for the trip. Smoothing spreads requests over it.
  const windowMs = serviceWindowMs + marginMs
  const spacingMs = options.smooth === false ? 0 : windowMs / limit
  if (!Number.isSafeInteger(fallbackRequests) || fallbackRequests < 1)
    throw new ClientConfigError('expected a whole number of 1 or more', ['budget', 'fallbackRequests'])
  // While Redis is away: the same budget, counted in this process alone.
  const local = sendLog(budgetLimits({ ...options, requests: fallbackRequests }))
  const keys = link.keys
  // Each request's member in the sorted set: unique across the fleet.
  const instance = globalThis.crypto.randomUUID()
  let count = 0
  let recoveries = 0

  // Back from a fallback: what this process sent alone in the window, and booked ahead, goes into the fleet's
  // log, or the fleet would count as if it had sent nothing meanwhile (a failure here is reported anew).
  link.onRecover = async () => {
    const { sends, pauseMs } = local.alone()
    if (sends.length === 0 && pauseMs === 0) return
    await link.eval(absorbSends, keys, [
      String(windowMs),
      String(Math.ceil(pauseMs)),
      `${instance}:alone:${++recoveries}`,
      ...sends.map((ms) => ms.toFixed(3)),
    ])
  }

  /** Books a send time for `member`; `shared` says whether Redis booked it (or this process alone did). */
  async function book(
    member: string,
    mode: 'wait' | 'fail',
  ): Promise<BudgetDecision & { shared: boolean; at?: number }> {
    try {
      const [granted, waitMs] = (await link.eval(bookSend, keys, [
        String(limit),
        String(windowMs),
        member,
        String(spacingMs),
        mode,
        String(maxPauseMs),
      ])) as [number, number]
      return { granted: granted === 1, waitMs, shared: true }
    } catch (error) {
      if (error instanceof RedisUnavailable) return { ...(await local.book(mode)), shared: false }
      throw error
    }
  }

  /**
   * At the booked time: confirmed as sent now (0), told how long to wait before asking again, or, when Redis
   * cannot be used, undefined.
   */
  async function confirm(member: string): Promise<number | undefined> {
    try {
      return (await link.eval(confirmSend, keys, [
        String(limit),
        String(windowMs),
        member,
        // A quarter of the spacing: a fleet that fell behind (a stall) catches up at four times the pace, not
        // in one burst.
        String(spacingMs / 4),
      ])) as number
    } catch (error) {
      if (error instanceof RedisUnavailable) return undefined
      throw error
    }
  }

  /**
   * Gives back a booked place nobody will use. Best effort: the caller's own error is what it must see, and a
   * place that could not be given back is dropped with its window anyway.
   */
  async function release(member: string): Promise<void> {
    await link.eval(releaseSend, keys, [member]).catch(() => undefined)
  }

  async function acquire(signal: AbortSignal | undefined): Promise<void> {
    const mode = options.onExceeded ?? 'wait'
    const member = `${instance}:${++count}`
    let shared = false
    let localAt: number | undefined
    const bookLocally = async (asked: 'wait' | 'fail') => {
      const decision = await local.book(asked)
      localAt = decision.at
      return decision
    }
    try {
      await acquireWith(
        async (asked) => {
          const decision = await book(member, asked)
          shared = decision.shared
          localAt = decision.at
          return decision
        },
        mode,
        signal,
      )
      if (!shared) return
      for (let waitMs = await confirm(member); waitMs !== 0; waitMs = await confirm(member)) {
        if (waitMs === undefined) {
          // Redis went away while the request waited for its booked place. Let go now, every request waiting in
          // the process would go at once, with no count of any kind (a fleet test saw 113 sends in a window of
          // a budget of 100 when a loaded process fell back so): it waits for a place in this process's own
          // log, as any request does while Redis is away.
          shared = false
          await acquireWith(bookLocally, mode, signal)
          return
        }
        if (mode === 'fail') throw new RateBudgetError(waitMs)
        // acquireWith's abortable wait, for a place that is already booked.
        await acquireWith(async () => ({ granted: true, waitMs }), 'wait', signal)
      }
      // This process's own log counts it too: should Redis fail (or refuse writes) now, the process goes on
      // alone from what it sent, not with a whole `fallbackRequests` on top of it in the same window.
      local.record()
    } catch (error) {
      // A refused or abandoned request sends nothing: its booked place goes back to the fleet (or to this
      // process's own log, when Redis was away), or it would count against the budget for the rest of the window.
      if (shared) await release(member)
      else if (localAt !== undefined) local.release(localAt)
      throw error
    }
  }

  return {
    acquire,
    async pause(untilMs) {
      // No time (NaN, or not a number) asks no pause; the process's own log would have waited for ever after a fallback.
      if (typeof untilMs !== 'number' || Number.isNaN(untilMs)) return
      // Kept here too, so that a fallback later still honours it.
      local.pause(untilMs)
      // Capped as the local one is: a date in the year 9999 would otherwise pause the fleet, processes started
      // later included, for as long as the key lives.
      const ms = Math.ceil(Math.min(untilMs - Date.now(), maxPauseMs))
      if (!(ms > 0)) return
      await link.eval(pauseFleet, keys, [String(ms)]).catch((error: unknown) => {
        if (!(error instanceof RedisUnavailable)) throw error
      })
    },
  }
}
