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

/** The per-client budget: `take` counts a request under it and returns 0, or (counting nothing) the seconds to wait. */
export interface Limiter {
  take(clientId: string): number | Promise<number>
}

/**
 * Keys one counter follows at most. Beyond it the key whose last event is oldest is forgotten: an attacker with
 * that many addresses gains nothing from per-address counting anyway, and memory stays bounded (each key holds
 * at most its budget's times: ~6 MB for the 30 per address of the failure counters, measured).
 */
export const MAX_COUNTED_KEYS = 10_000

/**
 * Counts per key in a sliding window: a sliding log of the times of the key's counted events, at most `budget`
 * of them, so that in any interval of one window's length at most `budget` events are counted, wherever the
 * interval starts. Fixed windows aligned to the clock, counted here before, let a burst straddling a window's
 * end spend one window's budget on each side of it, twice the budget within seconds; a weighted two-window
 * estimate would bound that only approximately. A log is exact, and its size is bounded: an event is only
 * counted under the budget, so no key ever holds more than `budget` times (`add` drops the oldest past it), and
 * the map holds at most MAX_COUNTED_KEYS keys, the one whose last event is oldest forgotten first. The rate limit
 * counts requests with it, the token endpoints failed authentications.
 *
 * An event at time t counts while `now - t < window`: a refused key may try again when its oldest counted event
 * leaves the window, which is what `wait` answers. A clock stepped back counts events ahead of it as made now,
 * so that no key is held for the length of the step.
 *
 * @example
 * let time = 0
 * const counter = new WindowCounter(2, 60, () => time)
 * counter.reserve('a') // 0
 * time = 59_000
 * counter.reserve('a') // 0
 * counter.reserve('a') // 1: the event of time 0 leaves the window at 60 000
 */
export class WindowCounter implements Counter {
  /** Per key, the times of its counted events, oldest first (at most `budget`). */
  private readonly logs = new Map<string, number[]>()
  private readonly windowMs: number

  constructor(
    private readonly budget: number,
    windowSeconds: number,
    private readonly now: () => number,
  ) {
    this.windowMs = windowSeconds * 1000
  }

  /** Seconds until the key may try again (its oldest counted event leaves the window), or 0 while under budget. */
  wait(key: string): number {
    const now = this.now()
    return this.waitOf(this.current(key, now), now)
  }

  /** Counts one event of the key; past the budget, the oldest is dropped (a log never holds more). */
  add(key: string): void {
    const now = this.now()
    const log = this.current(key, now) ?? []
    while (log.length > 0 && !(log.length < this.budget)) log.shift()
    this.count(key, log, now)
  }

  /** Counts an attempt if the key is under its budget (0), else answers the seconds to wait: one step. */
  reserve(key: string): number {
    const now = this.now()
    const log = this.current(key, now)
    const wait = this.waitOf(log, now)
    if (wait === 0) this.count(key, log ?? [], now)
    return wait
  }

  /**
   * Takes back one attempt of the key: the oldest it still counts. Which one does not change the count now, and
   * the caller cannot say which was its own; giving back the oldest keeps every other counted at least as long
   * as its own time would (a later time leaves the window later), so the budget is never exceeded in any window.
   * Only an attempt that outlasted the window gives back another's count (its own has already left).
   */
  release(key: string): void {
    const log = this.current(key, this.now())
    log?.shift()
  }

  /** Keys followed now (for tests of the memory bound). */
  get size(): number {
    return this.logs.size
  }

  private waitOf(log: number[] | undefined, now: number): number {
    if ((log?.length ?? 0) < this.budget) return 0
    // A budget of 0 counts nothing and refuses for a whole window.
    return Math.max(1, Math.ceil(((log?.[0] ?? now) + this.windowMs - now) / 1000))
  }

  /** Appends `now` to the key's log and makes the key the last to be forgotten. */
  private count(key: string, log: number[], now: number): void {
    log.push(now)
    // Last in the map's order is the key counted most recently, so the first is the one to forget.
    this.logs.delete(key)
    if (this.logs.size >= MAX_COUNTED_KEYS) {
      const stalest = this.logs.keys().next().value
      if (stalest !== undefined) this.logs.delete(stalest)
    }
    this.logs.set(key, log)
  }

  /** The key's log with what has left the window dropped (and a key with nothing left forgotten). */
  private current(key: string, now: number): number[] | undefined {
    const log = this.logs.get(key)
    if (log === undefined) return undefined
    // shift(), not splice(): V8 moves the array's start instead of its elements (a log of 3,000 took 3x as long).
    while (log.length > 0 && now - log[0]! >= this.windowMs) log.shift()
    if (log.length === 0) {
      this.logs.delete(key)
      return undefined
    }
    // The clock stepped back: what it counted ahead of now counts as made now (the log stays in order).
    if (log[log.length - 1]! > now) for (let i = 0; i < log.length; i++) log[i] = Math.min(log[i]!, now)
    return log
  }
}

/**
 * The budget per client id (SERVICE-NOTES.md: limits apply per client id, so every token of a client shares
 * one budget). Only requests that authenticated as the client spend it.
 */
export class RateLimiter implements Limiter {
  private readonly counter: WindowCounter | undefined

  constructor(limit: RateLimit, now: () => number) {
    // A budget no client reaches (the service's stand-in for no limit) keeps no log of every request.
    this.counter =
      limit.requests >= Number.MAX_SAFE_INTEGER
        ? undefined
        : new WindowCounter(limit.requests, limit.windowSeconds, now)
  }

  /**
   * Counts a request if the client is under its budget and returns 0, else the seconds to wait. A refused
   * request is not counted: Retry-After then holds (one request goes when its oldest leaves the window). Fixed
   * windows counted refused ones too, to no effect: the count was already over, and cleared at the window's end.
   */
  take(clientId: string): number {
    return this.counter?.reserve(clientId) ?? 0
  }
}
