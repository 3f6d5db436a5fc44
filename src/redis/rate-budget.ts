import {
  acquireWith,
  ClientConfigError,
  budgetLimits,
  sendLog,
  type BudgetDecision,
  type RateBudget,
  type RateBudgetOptions,
} from '../client'
import { bookSend, pauseFleet } from './budget-scripts'
import { RedisUnavailable } from './link'
import { openLink, type SharedOptions } from './options'

/** Options of `redisRateBudget`. */
export interface RedisRateBudgetOptions extends SharedOptions, RateBudgetOptions {
  /**
   * The budget of this process alone while Redis is away. Default `requests`: a lone process keeps its pace;
   * set it to `requests / processes` for a fleet that must stay within the budget during an outage too.
   */
  readonly fallbackRequests?: number
}

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
  const link = openLink(options, 'budget', Date.now)
  const { limit, windowMs, spacingMs } = budgetLimits(options)
  const { fallbackRequests = options.requests } = options
  if (!Number.isSafeInteger(fallbackRequests) || fallbackRequests < 1)
    throw new ClientConfigError('expected a whole number of 1 or more', ['budget', 'fallbackRequests'])
  // While Redis is away: the same budget, counted in this process alone.
  const local = sendLog(budgetLimits({ ...options, requests: fallbackRequests }), Date.now)
  const keys = [options.key, `${options.key}:pause`]
  // Each request's member in the sorted set: unique across the fleet.
  const instance = globalThis.crypto.randomUUID()
  let count = 0

  async function book(mode: 'wait' | 'fail'): Promise<BudgetDecision> {
    try {
      const [granted, waitMs] = (await link.eval(bookSend, keys, [
        String(limit),
        String(windowMs),
        `${instance}:${++count}`,
        String(spacingMs),
        mode,
      ])) as [number, number]
      return { granted: granted === 1, waitMs }
    } catch (error) {
      if (error instanceof RedisUnavailable) return local.book(mode)
      throw error
    }
  }

  return {
    acquire: (signal) => acquireWith(book, options.onExceeded ?? 'wait', signal),
    async pause(untilMs) {
      // Kept here too, so that a fallback later still honours it.
      local.pause(untilMs)
      const ms = untilMs - Date.now()
      if (ms <= 0) return
      await link.eval(pauseFleet, keys, [String(ms)]).catch((error: unknown) => {
        if (!(error instanceof RedisUnavailable)) throw error
      })
    },
  }
}
