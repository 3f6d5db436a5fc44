// What the service's sliding-window counters promise, as checks run against both kinds (window-counter.test.ts
// in memory, redis-counters.test.ts on a real redis-server): in any interval of one window's length at most the
// budget is counted, wherever the interval starts, and a refusal's wait is until the oldest counted event leaves.
// Each check fails against the fixed windows aligned to the clock that the counters used before.
import fc from 'fast-check'
import { expect } from 'vitest'
import type { Counter } from '../../src/service/http/rate-limit'
import { busiestWindow } from '../support/counting-server'

/** A counter of `budget` per `windowSeconds` on the given clock (ms), fresh: no key counted yet. */
export type MakeCounter = (budget: number, windowSeconds: number, clock: () => number) => Counter

/** A window's end in the fixed windows of 60 s aligned to the epoch, at a realistic time (2023-11-14). */
export const BOUNDARY = 28_333_334 * 60_000

/**
 * A burst of `budget` attempts in the last second of a fixed window and `budget` more in the first second of
 * the next: `budget` in all are counted (fixed windows counted `2 × budget`, one budget on each side).
 */
export async function straddledBurst(make: MakeCounter, budget: number): Promise<void> {
  let time = 0
  const counter = make(budget, 60, () => time)
  const answers: number[] = []
  for (const start of [BOUNDARY - 1000, BOUNDARY]) {
    for (let i = 0; i < budget; i++) {
      time = start + i * Math.floor(1000 / budget)
      answers.push(await counter.reserve('burst'))
    }
  }
  expect(answers.slice(0, budget)).toEqual(Array(budget).fill(0))
  // Refused until the first of the burst leaves the window, a minute after it: 59 s after the boundary.
  expect(answers.slice(budget)).toEqual(Array(budget).fill(59))
}

/**
 * The wait of a refusal is until the oldest counted event leaves the window, and exactly then one more goes:
 * three events at +10, +20 and +30 s into a fixed window of 60 s; at +40 s the wait is 30 s (fixed windows
 * said 20, the window's end), at +69.999 s it is 1, and at +70 s one goes and the next waits 10 s.
 */
export async function waitUntilOldestLeaves(make: MakeCounter): Promise<void> {
  let time = 0
  const counter = make(3, 60, () => time)
  const at = async (ms: number) => {
    time = BOUNDARY + ms
    return counter.reserve('key')
  }
  expect([await at(10_000), await at(20_000), await at(30_000)]).toEqual([0, 0, 0])
  expect(await at(40_000)).toBe(30)
  expect(await at(69_999)).toBe(1)
  expect(await at(70_000)).toBe(0)
  expect(await at(70_000)).toBe(10)
}

/**
 * A success gives its count back (the oldest counted), so the key goes on; what it gave back is no longer
 * counted after the others' times.
 */
export async function releaseGivesBack(make: MakeCounter): Promise<void> {
  let time = BOUNDARY
  const counter = make(2, 60, () => time)
  expect([await counter.reserve('key'), await counter.reserve('key'), await counter.reserve('key')]).toEqual([
    0, 0, 60,
  ])
  await counter.release('key')
  time += 5_000
  expect(await counter.reserve('key')).toBe(0)
  // Counted: the second event (at the boundary) and this one; the wait is until the second leaves.
  expect(await counter.reserve('key')).toBe(55)
}

/** One arrival: when (ms after the start) and, for a check that succeeds, when its count is given back. */
interface Arrival {
  readonly at: number
  /** ms after its arrival that a successful check gives its count back; undefined for a failure. */
  readonly succeedsAfter: number | undefined
}

/** Arrivals of one key, sorted by time, and the counter's budget and window. */
export interface Arrivals {
  readonly budget: number
  readonly windowSeconds: number
  readonly windowMs: number
  readonly arrivals: readonly Arrival[]
}

/**
 * Arbitrary arrivals of one key (sorted), a budget of 1 to 6 per window of 1 to 5 s, over up to 4 windows;
 * some arrivals are checks that succeed a while later (within a window) and give their count back.
 */
export const arrivalsArbitrary: fc.Arbitrary<Arrivals> = fc
  .record({
    budget: fc.integer({ min: 1, max: 6 }),
    windowSeconds: fc.integer({ min: 1, max: 5 }),
    // Times in thousandths of a window: many land on one ms, a window apart exactly, or either side of an end.
    offsets: fc.array(
      fc.record({
        at: fc.integer({ min: 0, max: 3999 }),
        succeeds: fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 3 },
          { arbitrary: fc.integer({ min: 0, max: 999 }), weight: 1 },
        ),
      }),
      { maxLength: 40 },
    ),
  })
  .map(({ budget, windowSeconds, offsets }) => {
    const windowMs = windowSeconds * 1000
    const arrivals: Arrival[] = offsets
      .map(({ at, succeeds }) => ({
        at: Math.floor((at * windowMs) / 1000),
        succeedsAfter: succeeds === undefined ? undefined : Math.floor((succeeds * windowMs) / 1000),
      }))
      .sort((a, b) => a.at - b.at)
    return { budget, windowSeconds, windowMs, arrivals }
  })

/**
 * Runs the arrivals through a counter (each success giving its count back when it ends, before any arrival of
 * that ms) and checks that (1) the failures it let through, by their times, number at most the budget in any
 * interval of a window's length; (2) until a count is first given back, an arrival goes exactly when fewer than
 * the budget went in the window before it (the log is exact, not merely safe); (3) a wait is at most a window.
 */
export async function checkArrivals(
  make: MakeCounter,
  { budget, windowSeconds, windowMs, arrivals }: Arrivals,
): Promise<void> {
  let time = 0
  const counter = make(budget, windowSeconds, () => BOUNDARY - windowMs + time)
  const releases: number[] = []
  let released = 0
  const failures: number[] = []
  const admitted: number[] = []
  for (const { at, succeedsAfter } of arrivals) {
    releases.sort((a, b) => a - b)
    while (releases.length > 0 && releases[0]! <= at) {
      time = releases.shift()!
      await counter.release('key')
      released++
    }
    time = at
    const wentBefore = admitted.filter((t) => at - t < windowMs).length
    const wait = await counter.reserve('key')
    if (released === 0) expect([wait === 0, wentBefore]).toEqual([wentBefore < budget, wentBefore])
    expect(wait).toBeLessThanOrEqual(windowSeconds)
    if (wait > 0) continue
    admitted.push(at)
    if (succeedsAfter === undefined) failures.push(at)
    else releases.push(at + succeedsAfter)
  }
  expect(busiestWindow(failures, windowMs)).toBeLessThanOrEqual(budget)
}
