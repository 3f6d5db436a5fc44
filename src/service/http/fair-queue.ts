/** How much one lane of a {@link FairQueue} takes. */
export interface LaneLimits {
  /** Tasks of one key running or waiting in this lane at once; one more of that key is refused. */
  readonly perKey: number
  /** Tasks waiting in this lane, all keys together; one more is refused. */
  readonly waiting: number
}

/** No bound: a lane whose tasks are bounded elsewhere (by the connections a key may hold). */
export const UNBOUNDED: LaneLimits = { perKey: Infinity, waiting: Infinity }

class Lane {
  /** The tasks waiting, each a function that starts it, by key in the order of their turns. */
  readonly queue = new Map<string, (() => void)[]>()
  /** Tasks running or waiting, by key. */
  readonly held = new Map<string, number>()
  waiting = 0
  /** Milliseconds a task of this lane took lately (a moving average), for Retry-After. */
  averageMs = 0

  constructor(readonly limits: LaneLimits) {}
}

/**
 * Admission of costly work: at most `concurrency` tasks run at once, the others wait their turn, and a task
 * beyond what a lane may hold is refused at once (`enter` answers undefined) instead of queueing without bound.
 * Turns go round the keys (an address): one key with a hundred tasks waiting delays another key's task by one
 * task, not a hundred. Lanes are priorities: a task of lane 0 goes before any waiting task of lane 1. Each task
 * starts on a turn of the event loop of its own (`setImmediate`), after the I/O that arrived meanwhile, so that
 * a synchronous task (a graph query) never runs back to back with the next: what came in between is read and
 * queued first, and a cheap task of another key is answered before the next expensive one.
 *
 * @example
 * const checks = new FairQueue(2, [{ perKey: 30, waiting: 1000 }])
 * const ok = checks.enter('203.0.113.9', () => verifyPassword(password, stored))
 * if (ok === undefined) return tooBusy() // that address already has 30 checks running or waiting
 */
export class FairQueue {
  private readonly lanes: Lane[]
  private running = 0
  private scheduled = false

  constructor(
    readonly concurrency: number,
    lanes: readonly LaneLimits[],
  ) {
    this.lanes = lanes.map((limits) => new Lane(limits))
  }

  /** What lane `lane` takes. */
  limits(lane = 0): LaneLimits {
    return (this.lanes[lane] as Lane).limits
  }

  /**
   * Runs `task` for `key` in `lane` once its turn comes and settles as it does; undefined when the key already
   * holds `perKey` tasks of the lane or `waiting` tasks wait there.
   */
  enter<T>(key: string, task: () => T | Promise<T>, lane = 0): Promise<T> | undefined {
    const into = this.lanes[lane] as Lane
    const held = into.held.get(key) ?? 0
    if (held >= into.limits.perKey || into.waiting >= into.limits.waiting) return undefined
    into.held.set(key, held + 1)
    return new Promise<T>((resolve, reject) => {
      const start = (): void => {
        this.running++
        const started = performance.now()
        const done = (): void => {
          this.running--
          into.averageMs = 0.8 * into.averageMs + 0.2 * (performance.now() - started)
          const left = (into.held.get(key) ?? 1) - 1
          if (left > 0) into.held.set(key, left)
          else into.held.delete(key)
          this.schedule()
        }
        try {
          Promise.resolve(task()).then(
            (value) => (done(), resolve(value)),
            (error: unknown) => (done(), reject(error)),
          )
        } catch (error) {
          done()
          reject(error)
        }
      }
      const tasks = into.queue.get(key)
      if (tasks) tasks.push(start)
      else into.queue.set(key, [start])
      into.waiting++
      this.schedule()
    })
  }

  /** Seconds a task of `lane` refused now should wait before trying again: its lane's queue at its recent pace. */
  retryAfterSeconds(lane = 0): number {
    const into = this.lanes[lane] as Lane
    const tasks = into.waiting + this.running
    return Math.max(1, Math.ceil((tasks * into.averageMs) / this.concurrency / 1000))
  }

  /** Tasks running (all lanes) and waiting (per lane) now, for tests and benches. */
  get size(): { readonly running: number; readonly waiting: readonly number[] } {
    return { running: this.running, waiting: this.lanes.map((lane) => lane.waiting) }
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.concurrency) return
    if (!this.lanes.some((lane) => lane.waiting > 0)) return
    this.scheduled = true
    setImmediate(() => {
      this.scheduled = false
      this.startNext()
    })
  }

  private startNext(): void {
    if (this.running >= this.concurrency) return
    const lane = this.lanes.find((candidate) => candidate.waiting > 0)
    if (lane === undefined) return
    // The first key in the map is the one whose turn it is; after its task it goes to the back of the line.
    const [key, tasks] = lane.queue.entries().next().value as [string, (() => void)[]]
    const start = tasks.shift() as () => void
    lane.queue.delete(key)
    if (tasks.length > 0) lane.queue.set(key, tasks)
    lane.waiting--
    start()
    this.schedule()
  }
}
