// The in-memory sliding-window counters of the reference service (rate limit per client id, failed
// authentications per address and per username): at most the budget in any interval of a window's length, a
// refusal's wait until the oldest counted event leaves (test/service/window-scenarios.ts; the same checks run on
// Redis in redis-counters.test.ts).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AuthFailures } from '../../src/service/auth/failures'
import { RateLimiter, WindowCounter } from '../../src/service/http/rate-limit'
import {
  arrivalsArbitrary,
  BOUNDARY,
  checkArrivals,
  releaseGivesBack,
  straddledBurst,
  waitUntilOldestLeaves,
  type MakeCounter,
} from './window-scenarios'

const inMemory: MakeCounter = (budget, windowSeconds, clock) =>
  new WindowCounter(budget, windowSeconds, clock)
/** The rate limiter as a counter (it never gives a request back). */
const rateLimiter: MakeCounter = (requests, windowSeconds, clock) => {
  const limiter = new RateLimiter({ requests, windowSeconds }, clock)
  return { reserve: (key) => limiter.take(key), release: () => undefined }
}
/** The failure counters of the token endpoints, by username and by address. */
const byUsername: MakeCounter = (perUsername, windowSeconds, clock) =>
  new AuthFailures({ perAddress: 1, perUsername, windowSeconds }, clock).byUsername
const byAddress: MakeCounter = (perAddress, windowSeconds, clock) =>
  new AuthFailures({ perAddress, perUsername: 1, windowSeconds }, clock).byAddress

describe.each([
  ['a window counter', inMemory],
  ['the failures by username', byUsername],
  ['the failures by address', byAddress],
])('%s', (_, make) => {
  it('counts a burst straddling a fixed window’s end once: the budget in all', () => straddledBurst(make, 10))

  it('says to wait until the oldest counted event leaves the window', () => waitUntilOldestLeaves(make))

  it('takes back the oldest count for a success', () => releaseGivesBack(make))

  it('never counts more than the budget in any window-length interval, and refuses only then', async () => {
    await fc.assert(fc.asyncProperty(arrivalsArbitrary, (arrivals) => checkArrivals(make, arrivals)))
  })
})

describe('the rate limiter', () => {
  it('admits a straddling burst once and says when the oldest leaves', async () => {
    await straddledBurst(rateLimiter, 30)
    await waitUntilOldestLeaves(rateLimiter)
  })

  it('admits no more than the budget in any window-length interval, refusing only then', async () => {
    const noSuccesses = arrivalsArbitrary.map((value) => ({
      ...value,
      arrivals: value.arrivals.map((a) => ({ ...a, succeedsAfter: undefined })),
    }))
    await fc.assert(fc.asyncProperty(noSuccesses, (arrivals) => checkArrivals(rateLimiter, arrivals)))
  })

  it('keeps no log when the budget stands for no limit', () => {
    const limiter = new RateLimiter({ requests: Number.MAX_SAFE_INTEGER, windowSeconds: 60 }, () => 0)
    for (let i = 0; i < 1000; i++) expect(limiter.take('client')).toBe(0)
    expect((limiter as unknown as { counter: WindowCounter | undefined }).counter).toBeUndefined()
  })
})

describe('a window counter', () => {
  it('holds a key by at most its budget of times, however many events it is given', () => {
    let time = BOUNDARY
    const counter = new WindowCounter(3, 60, () => time)
    for (let i = 0; i < 1000; i++, time++) counter.add('key')
    // The log holds the last three (times 997 to 999 past the boundary): the wait is until the first leaves.
    time = BOUNDARY + 1000
    expect(counter.wait('key')).toBe(Math.ceil((997 + 60_000 - 1000) / 1000))
    expect((counter as unknown as { logs: Map<string, number[]> }).logs.get('key')).toHaveLength(3)
  })

  it('forgets a key once nothing of it is left in the window', () => {
    let time = BOUNDARY
    const counter = new WindowCounter(2, 60, () => time)
    counter.reserve('gone')
    time += 60_000
    expect(counter.wait('gone')).toBe(0)
    expect(counter.size).toBe(0)
  })

  it('counts events ahead of a clock stepped back as made now: nobody is held for the step', () => {
    let time = BOUNDARY + 3_600_000
    const counter = new WindowCounter(1, 60, () => time)
    expect(counter.reserve('key')).toBe(0)
    time = BOUNDARY
    expect(counter.reserve('key')).toBe(60)
    time += 60_000
    expect(counter.reserve('key')).toBe(0)
  })

  it('refuses everything for a whole window with a budget of 0', () => {
    const counter = new WindowCounter(0, 60, () => BOUNDARY)
    expect([counter.reserve('key'), counter.size]).toEqual([60, 0])
  })
})
