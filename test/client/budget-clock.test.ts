// The memory budget (and the Redis budget's own log, the same sendLog) against a step of the system clock:
// NTP, a resumed VM or a user setting the date moves Date.now by any amount at once. Bookings are kept on a
// monotonic clock, so a step neither holds requests back for its length nor frees a window early.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { memoryRateBudget, RateBudgetError } from '../../src/client'

const HOUR = 3_600_000
afterEach(() => vi.restoreAllMocks())

/**
 * A system clock that can be set: Date.now is replaced before the budget is made (a budget may keep a
 * reference to it), and `step` moves it later.
 */
function settableClock(): { step(ms: number): void } {
  const realNow = Date.now.bind(Date)
  let offset = 0
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset)
  return { step: (ms) => void (offset += ms) }
}

/** What `acquire` does at once in 'fail' mode: granted, or refused with the wait it names. */
const attempt = (acquire: () => Promise<void>) =>
  acquire().then(
    () => 'granted',
    (error: unknown) => {
      if (error instanceof RateBudgetError) return error.retryAfterMs
      throw error
    },
  )

describe('a step of the system clock', () => {
  test('back an hour: a window that has passed frees its places, not an hour later', async () => {
    const clock = settableClock()
    const budget = memoryRateBudget({ requests: 2, windowSeconds: 0.1, onExceeded: 'fail', smooth: false })
    await budget.acquire()
    await budget.acquire()
    clock.step(-HOUR)
    // The two places' window (100 ms) passes in real time.
    await new Promise((resolve) => setTimeout(resolve, 150))
    // On Date.now, the two sends lay an hour ahead: refused with a wait of an hour (and 'wait' mode waited it).
    expect(await attempt(() => budget.acquire())).toBe('granted')
  })

  test('forward an hour: the window still holds what was sent in it', async () => {
    const clock = settableClock()
    const budget = memoryRateBudget({ requests: 2, windowSeconds: 60, onExceeded: 'fail', smooth: false })
    await budget.acquire()
    await budget.acquire()
    clock.step(HOUR)
    // On Date.now, the window looked an hour old: a third send went in the same real minute.
    const third = await attempt(() => budget.acquire())
    expect(third).toBeGreaterThan(50_000)
    expect(third).toBeLessThanOrEqual(60_000)
  })

  test('a pause is a date: a Retry-After read after the step still pauses for its length', async () => {
    const clock = settableClock()
    const budget = memoryRateBudget({ requests: 100, windowSeconds: 1, onExceeded: 'fail' })
    clock.step(HOUR)
    await budget.pause(Date.now() + 30_000)
    const refused = await attempt(() => budget.acquire())
    expect(refused).toBeGreaterThan(25_000)
    expect(refused).toBeLessThanOrEqual(30_000)
  })
})
