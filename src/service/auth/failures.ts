import { createHash } from 'node:crypto'

/** How many failed authentications the token endpoints take before they answer 429 instead. */
export interface AuthFailureLimit {
  /** Failed client or user authentications from one source address per window (default 30). */
  readonly perAddress: number
  /** Failed password guesses on one username per window, from any address (default 10). */
  readonly perUsername: number
  /** Window length in seconds (default 300). */
  readonly windowSeconds: number
}

export const DEFAULT_AUTH_FAILURE_LIMIT: AuthFailureLimit = {
  perAddress: 30,
  perUsername: 10,
  windowSeconds: 300,
}

/**
 * Keys one counter follows at most. Beyond it the oldest key of the window is forgotten: an attacker with
 * that many addresses gains nothing from per-address counting anyway, and memory stays at about 1 MB.
 */
export const MAX_COUNTED_KEYS = 10_000

/**
 * Failures per key in fixed windows aligned to the epoch. Only failures are counted, so a key's legitimate
 * use costs nothing; once a key has used its budget, `wait` says how long it is refused (every attempt,
 * right or wrong, so that a guess made while refused tells nothing).
 */
export class FailureCounter {
  private readonly counts = new Map<string, number>()
  private window = -1

  constructor(
    private readonly budget: number,
    private readonly windowSeconds: number,
    private readonly now: () => number,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under its budget. */
  wait(key: string): number {
    const now = this.turnOver()
    if ((this.counts.get(key) ?? 0) < this.budget) return 0
    const windowMs = this.windowSeconds * 1000
    return Math.max(1, Math.ceil(((this.window + 1) * windowMs - now) / 1000))
  }

  /** Counts one failure of the key. */
  fail(key: string): void {
    this.turnOver()
    const count = this.counts.get(key)
    if (count === undefined && this.counts.size >= MAX_COUNTED_KEYS) {
      const oldest = this.counts.keys().next().value
      if (oldest !== undefined) this.counts.delete(oldest)
    }
    this.counts.set(key, (count ?? 0) + 1)
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

/** The two counters of the token endpoints: by source address, and by username for password guesses. */
export class AuthFailures implements FailureLimits {
  readonly byAddress: FailureCounter
  readonly byUsername: FailureCounter

  constructor(limit: AuthFailureLimit, now: () => number) {
    this.byAddress = new FailureCounter(limit.perAddress, limit.windowSeconds, now)
    this.byUsername = new FailureCounter(limit.perUsername, limit.windowSeconds, now)
  }

  /** Usernames are counted by digest: a fixed 44-character key, however long the name the form sent. */
  static usernameKey(username: string): string {
    return createHash('sha256').update(username).digest('base64')
  }
}

/** What the token endpoints need of the counters (hql/testing passes counters that never refuse). */
export interface FailureLimits {
  readonly byAddress: Pick<FailureCounter, 'wait' | 'fail'>
  readonly byUsername: Pick<FailureCounter, 'wait' | 'fail'>
}

const never: Pick<FailureCounter, 'wait' | 'fail'> = { wait: () => 0, fail: () => undefined }

/** Counters that never refuse: hql/testing's token endpoint, and a service with the limit turned off. */
export const NO_FAILURE_LIMIT: FailureLimits = { byAddress: never, byUsername: never }
