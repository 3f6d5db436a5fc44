/** How many requests a client id may make per window. */
export interface RateLimit {
  readonly requests: number
  readonly windowSeconds: number
}

/**
 * A counter of attempts per key: the in-memory `WindowCounter`, or Redis for a fleet of instances, whose answers
 * come later; hence either kind of answer. An attempt is counted when it starts, before the check it stands for
 * runs (`reserve`, one atomic step: a count and a comparison with nothing in between), and taken back when the
 * check succeeds (`release`), so that attempts sent side by side cannot all pass the comparison before any of
 * them is counted.
 */
export interface Counter {
  /**
   * Counts one attempt of the key and answers 0 while the key is under its budget; over it, counts nothing and
   * answers the seconds until the key may try again. The in-memory counter answers at once (a number, no
   * promise), so that nothing runs between the comparison and the count.
   */
  reserve(key: string): number | Promise<number>
  /** Takes back one attempt of the key (one that succeeded, so it was no failure). */
  release(key: string): void | Promise<void>
}

/** The per-client budget: `take` counts a request and returns the seconds to wait, or 0. */
export interface Limiter {
  take(clientId: string): number | Promise<number>
}

/**
 * Keys one counter follows at most. Beyond it the oldest key of the window is forgotten: an attacker with
 * that many addresses gains nothing from per-address counting anyway, and memory stays at about 1 MB.
 */
export const MAX_COUNTED_KEYS = 10_000

/**
 * Counts per key in fixed windows aligned to the epoch, so the Retry-After of every refused attempt is the time
 * left until the same reset. The map is cleared when a window turns over and holds at most MAX_COUNTED_KEYS keys,
 * so memory is bounded whoever sends the keys. The rate limit counts requests with it, the token endpoints
 * failed authentications.
 */
export class WindowCounter implements Counter {
  private readonly counts = new Map<string, number>()
  private window = -1

  constructor(
    private readonly budget: number,
    private readonly windowSeconds: number,
    private readonly now: () => number,
  ) {}

  /** Seconds until the key may try again, or 0 while it is under its budget. */
  wait(key: string): number {
    const now = this.turnOver()
    if ((this.counts.get(key) ?? 0) < this.budget) return 0
    const windowMs = this.windowSeconds * 1000
    return Math.max(1, Math.ceil(((this.window + 1) * windowMs - now) / 1000))
  }

  /** Counts one event of the key. */
  add(key: string): void {
    this.turnOver()
    const count = this.counts.get(key)
    if (count === undefined && this.counts.size >= MAX_COUNTED_KEYS) {
      const oldest = this.counts.keys().next().value
      if (oldest !== undefined) this.counts.delete(oldest)
    }
    this.counts.set(key, (count ?? 0) + 1)
  }

  /** Counts an attempt if the key is under its budget (0), else answers the seconds to wait: one step. */
  reserve(key: string): number {
    const wait = this.wait(key)
    if (wait === 0) this.add(key)
    return wait
  }

  /** Takes back one attempt of the key in the current window (none if the window has turned over since). */
  release(key: string): void {
    this.turnOver()
    const count = this.counts.get(key)
    if (count !== undefined && count > 0) this.counts.set(key, count - 1)
  }

  /** Keys followed now (for tests of the memory bound). */
  get size(): number {
    return this.counts.size
  }

  private turnOver(): number {
    const now = this.now()
    const window = Math.floor(now / (this.windowSeconds * 1000))
    if (window !== this.window) {
      this.window = window
      this.counts.clear()
    }
    return now
  }
}

/**
 * The budget per client id (SERVICE-NOTES.md: limits apply per client id, so every token of a client shares
 * one budget). Only requests that authenticated as the client spend it.
 */
export class RateLimiter implements Limiter {
  private readonly counter: WindowCounter

  constructor(limit: RateLimit, now: () => number) {
    this.counter = new WindowCounter(limit.requests, limit.windowSeconds, now)
  }

  /** Counts a request; returns the seconds to wait when the client is over its budget, else 0. */
  take(clientId: string): number {
    const wait = this.counter.wait(clientId)
    this.counter.add(clientId)
    return wait
  }
}
