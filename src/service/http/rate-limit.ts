/** How many requests a client id may make per window. */
export interface RateLimit {
  readonly requests: number
  readonly windowSeconds: number
}

/**
 * A fixed-window counter per client id (SERVICE-NOTES.md: limits apply per client id, so every token of a
 * client shares one budget). Windows are aligned to the epoch, so the Retry-After of every blocked request
 * is the time left until the same reset. Entries of past windows are dropped as they are met, and the map
 * is cleared when a window turns over, so memory stays bounded by the clients active in one window.
 */
export class RateLimiter {
  private readonly counts = new Map<string, number>()
  private window = -1

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number,
  ) {}

  /** Counts a request; returns the seconds to wait when the client is over its budget, else 0. */
  take(clientId: string): number {
    const windowMs = this.limit.windowSeconds * 1000
    const now = this.now()
    const window = Math.floor(now / windowMs)
    if (window !== this.window) {
      this.window = window
      this.counts.clear()
    }
    const count = (this.counts.get(clientId) ?? 0) + 1
    this.counts.set(clientId, count)
    if (count <= this.limit.requests) return 0
    return Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000))
  }
}
