/**
 * Abort plumbing without `AbortSignal.any` (missing from older browsers): a child signal that fires when its
 * parent fires or its own timer runs out, and that remembers which of the two it was.
 */
export interface Deadline {
  /** Made on first use: a deadline whose signal nobody asks for (a call's, when its children are deadlines) costs no AbortController. */
  readonly signal: AbortSignal
  /** Whether it fired (its parent's abort or its own timer), without making its signal. */
  readonly aborted: boolean
  /** Why it fired: the parent's reason, or an Error('deadline') from its own timer. */
  readonly reason: unknown
  /** True when this deadline's own timer fired (not the parent's signal). */
  timedOut(): boolean
  /** Stops the timer and detaches from the parent; call it when the guarded work is over. */
  dispose(): void
}

/**
 * `parent`: a signal, or another deadline (followed directly, not through its signal: a call's deadline then
 * needs no signal of its own when only its attempts' are given to fetch). `also`: a second parent, as a
 * `beforeRequest` hook's signal is for one attempt.
 */
export function deadline(
  parent: AbortSignal | Deadline | undefined,
  timeoutMs: number | undefined,
  also?: AbortSignal,
): Deadline {
  return new TimedSignal(parent, timeoutMs, also)
}

/** The signal of `source`: itself, or a deadline's (made now if need be). */
export const signalOf = (source: AbortSignal | Deadline | undefined): AbortSignal | undefined =>
  source instanceof TimedSignal ? source.signal : (source as AbortSignal | undefined)

// A class rather than closures: one is opened per call and per attempt, and its methods and abort listener
// (itself, by `handleEvent`) are then shared, not made anew for each.
class TimedSignal implements Deadline, Due {
  #controller: AbortController | undefined
  readonly #parent: AbortSignal | TimedSignal | undefined
  readonly #also: AbortSignal | undefined
  readonly #timed: boolean
  /** Deadlines that follow this one. */
  readonly #children = new Set<TimedSignal>()
  #expired = false
  #aborted = false
  #reason: unknown
  readonly at: number

  constructor(
    parent: AbortSignal | Deadline | undefined,
    timeoutMs: number | undefined,
    also: AbortSignal | undefined,
  ) {
    this.#parent = parent as AbortSignal | TimedSignal | undefined
    this.#also = also
    this.#follow(this.#parent)
    this.#follow(also)
    this.#timed = !this.#aborted && timeoutMs !== undefined && Number.isFinite(timeoutMs)
    this.at = this.#timed ? clock() + timeoutMs! : Infinity
    if (this.#timed) schedule(this)
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController()
      if (this.#aborted) this.#controller.abort(this.#reason)
    }
    return this.#controller.signal
  }

  get aborted(): boolean {
    return this.#aborted
  }

  get reason(): unknown {
    return this.#reason
  }

  timedOut(): boolean {
    return this.#expired
  }

  dispose(): void {
    if (this.#timed) cancel(this)
    const parent = this.#parent
    if (parent instanceof TimedSignal) parent.#children.delete(this)
    else parent?.removeEventListener('abort', this)
    this.#also?.removeEventListener('abort', this)
  }

  /** The timer's end. */
  fire(): void {
    if (this.#aborted) return
    this.#expired = true
    this.#abort(new Error('deadline'))
  }

  /** A parent signal's abort. */
  handleEvent(event: Event): void {
    this.#abort((event.target as AbortSignal).reason)
  }

  #abort(reason: unknown): void {
    if (this.#aborted) return
    this.#aborted = true
    this.#reason = reason
    if (this.#timed) cancel(this)
    this.#controller?.abort(reason)
    for (const child of this.#children) child.#abort(reason)
  }

  #follow(parent: AbortSignal | TimedSignal | undefined): void {
    if (parent === undefined || this.#aborted) return
    if (parent.aborted) this.#abort(parent.reason)
    else if (parent instanceof TimedSignal) parent.#children.add(this)
    else parent.addEventListener('abort', this, { once: true })
  }
}

// The deadlines of every call share one timer, armed for the earliest: a timer per deadline cost a third of a
// fetch loop's time per page (a timer set and cleared per request). The timer is left running when the
// deadlines it was armed for are disposed (the next call's deadline usually falls later, and is then found by
// that timer's sweep, which arms it again), but it holds the process open only while a deadline is pending, as
// a timer per deadline did. The clock is monotonic: a wall clock set forward must not fire deadlines early.

interface Due {
  readonly at: number
  fire(): void
}

const clock = () => performance.now()
const pending = new Set<Due>()
let timer: ReturnType<typeof setTimeout> | undefined
/** When the armed timer fires; Infinity when none is armed. */
let timerAt = Infinity
// Node's timers fire by the event loop's millisecond clock, which may run a fraction of a millisecond ahead of
// `performance.now()`: a deadline due within it is due now, not worth a timer of its own.
const SLACK_MS = 1
// setTimeout takes at most a signed 32-bit delay (a longer one fires at once): a later deadline waits in steps.
const MAX_DELAY_MS = 2 ** 31 - 1

function arm(at: number): void {
  if (timer !== undefined) clearTimeout(timer)
  timerAt = at
  timer = setTimeout(sweep, Math.min(MAX_DELAY_MS, Math.max(0, Math.ceil(at - clock()))))
}

/** Holds the process open (Node) while `open`; browsers' timers have no such switch. */
function hold(open: boolean): void {
  const handle = timer as { ref?: () => unknown; unref?: () => unknown } | undefined
  if (open) handle?.ref?.()
  else handle?.unref?.()
}

function schedule(due: Due): void {
  pending.add(due)
  if (timer === undefined || due.at < timerAt) arm(due.at)
  else if (pending.size === 1) hold(true)
}

function cancel(due: Due): void {
  if (pending.delete(due) && pending.size === 0) hold(false)
}

function sweep(): void {
  timer = undefined
  timerAt = Infinity
  const now = clock() + SLACK_MS
  // Fired in the order they were scheduled; an abort's listeners may dispose or schedule others meanwhile.
  for (const due of pending)
    if (due.at <= now) {
      pending.delete(due)
      due.fire()
    }
  let next = Infinity
  for (const due of pending) if (due.at < next) next = due.at
  if (next < timerAt) arm(next)
  else if (pending.size === 0) hold(false)
}

/** Waits `ms`, or rejects as soon as `signal` aborts (with the signal's reason). */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))
  // An abort must not leave the timer behind (it would keep Node alive for the rest of the wait).
  return raceAbort(waited, signal).finally(() => clearTimeout(timer))
}

/** Resolves like `promise`, but rejects as soon as `signal` aborts; the promise itself keeps running. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
