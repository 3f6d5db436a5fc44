import type { RedisLink } from '../../redis/link'
import type { Counter, Limiter, RateLimit } from '../http/rate-limit'
import { countWindow } from './scripts'
import { unavailable } from './options'

/**
 * `WindowCounter` on Redis: the same fixed windows aligned to the epoch, counted for every instance at once,
 * on the Redis server's clock. Each window's count expires with the window.
 */
export class RedisWindowCounter implements Counter, Limiter {
  constructor(
    private readonly link: RedisLink,
    /** `<prefix>:<what is counted>`; the key and the window number follow. */
    private readonly base: string,
    private readonly budget: number,
    private readonly windowSeconds: number,
  ) {}

  /** Counts an attempt if the key is under its budget (0), else the seconds to wait: one script, atomic. */
  reserve(key: string): Promise<number> {
    return this.run(key, 'reserve')
  }

  async release(key: string): Promise<void> {
    await this.run(key, 'release')
  }

  /** The per-client budget: counts the request, and says how long to wait if the client was over it. */
  take(clientId: string): Promise<number> {
    return this.run(clientId, 'take')
  }

  private async run(key: string, mode: 'take' | 'reserve' | 'release'): Promise<number> {
    const budget = Math.min(this.budget, Number.MAX_SAFE_INTEGER)
    const answer = await this.link
      .eval(countWindow, [`${this.base}:${key}`], [String(budget), String(this.windowSeconds * 1000), mode])
      .catch(unavailable)
    return Number(answer)
  }
}

/** The per-client budget of a fleet: one counter per client id, shared by every instance. */
export const redisRateLimiter = (link: RedisLink, prefix: string, limit: RateLimit): Limiter =>
  new RedisWindowCounter(link, `${prefix}:rate:client`, limit.requests, limit.windowSeconds)
