/**
 * Abort plumbing without `AbortSignal.any` (missing from older browsers): a child signal that fires when its
 * parent fires or its own timer runs out, and that remembers which of the two it was.
 */
export interface Deadline {
  readonly signal: AbortSignal
  /** True when this deadline's own timer fired (not the parent's signal). */
  timedOut(): boolean
  /** Stops the timer and detaches from the parent; call it when the guarded work is over. */
  dispose(): void
}

/** setTimeout's range: a longer delay is taken as 1 ms (Node warns; browsers do it silently). */
export const LONGEST_TIMER = 2 ** 31 - 1

/** `also`: a second parent, as a `beforeRequest` hook's signal is for one attempt. */
export function deadline(
  parent: AbortSignal | undefined,
  timeoutMs: number | undefined,
  also?: AbortSignal,
): Deadline {
  const controller = new AbortController()
  let expired = false
  // Either may be undefined: each use below skips it.
  const parents = [parent, also]
  const onParentAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason)
  for (const signal of parents) {
    if (signal?.aborted) controller.abort(signal.reason)
    else signal?.addEventListener('abort', onParentAbort, { once: true })
  }
  // No timer for no limit (undefined, Infinity), nor for one past setTimeout's range (2^31 − 1 ms, about 24.8
  // days), which it would cut to 1 ms: a limit that long is none within a process's life.
  const timer =
    timeoutMs! <= LONGEST_TIMER
      ? setTimeout(() => {
          expired = true
          // With the default reason (an AbortError): which of the two fired is `timedOut()`'s to say.
          controller.abort()
        }, timeoutMs)
      : undefined
  return {
    signal: controller.signal,
    timedOut: () => expired,
    dispose() {
      // (clearTimeout(undefined) does nothing.)
      clearTimeout(timer)
      for (const signal of parents) signal?.removeEventListener('abort', onParentAbort)
    },
  }
}

/**
 * Waits `ms`, or rejects as soon as `signal` aborts (with the signal's reason). A wait past setTimeout's range
 * (see LONGEST_TIMER) lasts until the signal aborts: setTimeout would cut it to 1 ms.
 */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<void>((resolve) => {
    if (ms <= LONGEST_TIMER) timer = setTimeout(resolve, ms)
  })
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
