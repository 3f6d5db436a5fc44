import { createHash } from 'node:crypto'
import { WindowCounter, type Counter } from '../http/rate-limit'

/** How many failed authentications the token endpoints take before they answer 429 instead. */
export interface AuthFailureLimit {
  /** Failed client or user authentications from one source address in any window (default 30). */
  readonly perAddress: number
  /** Failed password guesses on one username in any window, from any address (default 10). */
  readonly perUsername: number
  /** Window length in seconds (default 300); windows slide: any interval of this length counts. */
  readonly windowSeconds: number
}

export const DEFAULT_AUTH_FAILURE_LIMIT: AuthFailureLimit = {
  perAddress: 30,
  perUsername: 10,
  windowSeconds: 300,
}

/**
 * The two counters of the token endpoints: attempts by source address, and password guesses by username. Each
 * attempt is counted before it is checked and given back if it succeeds (`Counter.reserve`, `release`), in
 * sliding windows (`WindowCounter`): in any interval of `windowSeconds`, at most the limit fail.
 */
export class AuthFailures implements FailureLimits {
  readonly byAddress: WindowCounter
  readonly byUsername: WindowCounter

  constructor(limit: AuthFailureLimit, now: () => number) {
    this.byAddress = new WindowCounter(limit.perAddress, limit.windowSeconds, now)
    this.byUsername = new WindowCounter(limit.perUsername, limit.windowSeconds, now)
  }

  /** Usernames are counted by digest: a fixed 44-character key, however long the name the form sent. */
  static usernameKey(username: string): string {
    return createHash('sha256').update(username).digest('base64')
  }
}

/** What the token endpoints need of the counters (hql/testing passes counters that never refuse). */
export interface FailureLimits {
  readonly byAddress: Counter
  readonly byUsername: Counter
}

const never: Counter = { reserve: () => 0, release: () => undefined }

/** Counters that never refuse: hql/testing's token endpoint, and a service with the limit turned off. */
export const NO_FAILURE_LIMIT: FailureLimits = { byAddress: never, byUsername: never }
