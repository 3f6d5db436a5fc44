/** How much a {@link FairQueue} takes. */
export interface FairQueueLimits {
  /** Tasks running at once. */
  readonly concurrency: number
  /** Tasks of one key running or waiting at once; one more of that key is refused. */
  readonly perKey: number
  /** Tasks waiting, all keys together; one more is refused. */
  readonly waiting: number
  /**
   * Tasks of one key running at once (all of `concurrency` unless told): with 1, a key that has many tasks
   * waiting leaves the other slots to other keys, so that theirs start at once instead of after one of its own.
   */
  readonly runningPerKey?: number
}

/**
 * Admission of costly work: at most `concurrency` tasks run at once, the others wait their turn, and a task
 * beyond what the queue may hold is refused at once (`enter` answers undefined) instead of queueing without
 * bound. Turns go round the keys (an address): one key with a hundred tasks waiting delays another key's task
 * by one task, not a hundred. Each task starts on a turn of the event loop of its own (`setImmediate`), after
 * the I/O that arrived meanwhile, so that a synchronous task (a graph query) never runs back to back with the
 * next: what came in between is read and queued first.
 *
 * @example
 * const checks = new FairQueue({ concurrency: 2, perKey: 30, waiting: 1000 })
 * const ok = checks.enter('203.0.113.9', () => verifyPassword(password, stored))
 * if (ok === undefined) return tooBusy() // that address already has 30 checks running or waiting
 */
export class FairQueue {
  /** The tasks waiting, each a function that starts it, by key in the order of their turns. */
  private readonly queue = new Map<string, (() => void)[]>()
  /** Tasks running or waiting, by key. */
  private readonly held = new Map<string, number>()
  /** Tasks running, by key. */
  private readonly runningOf = new Map<string, number>()
  private waiting = 0
  private running = 0
  private scheduled = false
  /** Milliseconds a task took lately (a moving average), for Retry-After. */
  private averageMs = 0

  constructor(readonly limits: FairQueueLimits) {}

  /**
   * Runs `task` for `key` once its turn comes and settles as it does; undefined when the key already holds
   * `perKey` tasks or `waiting` tasks wait.
   */
  enter<T>(key: string, task: () => T | Promise<T>): Promise<T> | undefined {
    const held = this.held.get(key) ?? 0
    if (held >= this.limits.perKey || this.waiting >= this.limits.waiting) return undefined
    this.held.set(key, held + 1)
    return new Promise<T>((resolve, reject) => {
      const start = (): void => {
        this.running++
        this.runningOf.set(key, (this.runningOf.get(key) ?? 0) + 1)
        const started = performance.now()
        const done = (): void => {
          this.running--
          const running = (this.runningOf.get(key) ?? 1) - 1
          if (running > 0) this.runningOf.set(key, running)
          else this.runningOf.delete(key)
          this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started)
          const left = (this.held.get(key) ?? 1) - 1
          if (left > 0) this.held.set(key, left)
          else this.held.delete(key)
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
      const tasks = this.queue.get(key)
      if (tasks) tasks.push(start)
      else this.queue.set(key, [start])
      this.waiting++
      this.schedule()
    })
  }

  /** Whether a task of `key` would be refused now (what `enter` would answer, without entering). */
  refuses(key: string): boolean {
    return (this.held.get(key) ?? 0) >= this.limits.perKey || this.waiting >= this.limits.waiting
  }

  /** Seconds a task refused now should wait before trying again: the queue's length at its recent pace. */
  retryAfterSeconds(): number {
    const tasks = this.waiting + this.running
    return Math.max(1, Math.ceil((tasks * this.averageMs) / this.limits.concurrency / 1000))
  }

  /** Tasks running and waiting now, for tests and benches. */
  get size(): { readonly running: number; readonly waiting: number } {
    return { running: this.running, waiting: this.waiting }
  }

  private schedule(): void {
    if (this.scheduled || this.waiting === 0 || this.running >= this.limits.concurrency) return
    this.scheduled = true
    setImmediate(() => {
      this.scheduled = false
      this.startNext()
    })
  }

  private startNext(): void {
    if (this.running >= this.limits.concurrency) return
    // The first key in the map (that may run one more) is the one whose turn it is; after its task it goes to
    // the back of the line.
    const most = this.limits.runningPerKey ?? Infinity
    for (const [key, tasks] of this.queue) {
      if ((this.runningOf.get(key) ?? 0) >= most) continue
      const start = tasks.shift() as () => void
      this.queue.delete(key)
      if (tasks.length > 0) this.queue.set(key, tasks)
      this.waiting--
      start()
      this.schedule()
      return
    }
  }
}
