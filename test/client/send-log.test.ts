// sendLog.alone(): what a process's own budget log hands a shared log that is back (the Redis budget after a
// fallback): its own bookings in the window, those booked ahead included, never the sends it only recorded.
import { expect, test } from 'vitest'
import { sendLog } from '../../src/client'

test('alone() lists the bookings of the window and ahead, in ms from now, without recorded sends', async () => {
  let clock = 10_000
  const log = sendLog({ limit: 2, windowMs: 1000, spacingMs: 0 }, () => clock)
  log.record() // sent through the shared log, which has it already
  clock += 100
  await log.book('wait') // the window's second place: now
  await log.book('wait') // a window after the recorded send: ahead
  await log.book('wait') // a window after the booked one: further ahead
  expect(log.alone()).toEqual({ sends: [0, 900, 1000], pauseMs: 0 })
  // Handed over once: a second return in the same window gives only what was booked alone since.
  expect(log.alone().sends).toEqual([])
  clock += 1500
  await log.book('wait')
  // The new booking (a window after the one at 900 ms) is the only one to hand over.
  expect(log.alone().sends).toEqual([400])
})

test('alone() gives the pause left, and nothing once it has passed', () => {
  let clock = 0
  const log = sendLog({ limit: 2, windowMs: 1000, spacingMs: 0 }, () => clock)
  const asked = Date.now()
  log.pause(asked + 5_000)
  // Five seconds from when it was asked, less the time since (a loaded machine may take a while in between).
  expect(log.alone().pauseMs).toBeGreaterThanOrEqual(5_000 - (Date.now() - asked))
  expect(log.alone().pauseMs).toBeLessThanOrEqual(5_000)
  clock += 6_000
  expect(log.alone()).toEqual({ sends: [], pauseMs: 0 })
})
