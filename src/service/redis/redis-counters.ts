import { randomBytes } from 'node:crypto'
import type { RedisLink } from '../../redis/link'
import type { Counter, Limiter, RateLimit } from '../http/rate-limit'
import { countWindow } from './scripts'
import { unavailable } from './options'

/**
 * `WindowCounter` on Redis: the same sliding log (at most `budget` events in any window-length interval), one
 * sorted set per key counted for every instance at once, on the Redis server's clock (as the fixed windows before
 * it: instances agree whatever their own clocks say). Each key expires a window after its newest event.
 *
 * @example
 * const counter = new RedisWindowCounter(link, 'hql:service:fail:address', 30, 300)
 * await counter.reserve('203.0.113.7') // 0, or the seconds until its oldest counted failure leaves the window
 */
export class RedisWindowCounter implements Counter, Limiter {
  constructor(
    private readonly link: RedisLink,
    /** `<prefix>:<what is counted>`; the key and the window number follow. */
    private readonly base: string,
    private readonly budget: number,
    private readonly windowSeconds: number,
    /** Tests only: the time in ms to count at instead of the Redis server's clock. */
    private readonly clock?: () => number,
  ) {}

  /** Counts an attempt if the key is under its budget (0), else the seconds to wait: one script, atomic. */
  reserve(key: string): Promise<number> {
    return this.run(key, 'reserve')
  }

  async release(key: string): Promise<void> {
    await this.run(key, 'release')
  }

  /** The per-client budget: counts the request if the client is under it (0), else says how long to wait. */
  take(clientId: string): Promise<number> {
    return this.run(clientId, 'reserve')
  }

  private async run(key: string, mode: 'reserve' | 'release'): Promise<number> {
    const budget = Math.min(this.budget, Number.MAX_SAFE_INTEGER)
    // The new event's member: random, so that events of one millisecond on several instances stay apart.
    const args = [
      String(budget),
      String(this.windowSeconds * 1000),
      mode,
      randomBytes(12).toString('base64url'),
    ]
    if (this.clock !== undefined) args.push(String(this.clock()))
    const answer = await this.link.eval(countWindow, [`${this.base}:${key}`], args).catch(unavailable)
    return Number(answer)
  }
}

/** The per-client budget of a fleet: one counter per client id, shared by every instance. */
export const redisRateLimiter = (link: RedisLink, prefix: string, limit: RateLimit): Limiter =>
  new RedisWindowCounter(link, `${prefix}:rate:client`, limit.requests, limit.windowSeconds)
