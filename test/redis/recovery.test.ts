// The window the fleet comes back in: what a process sent alone while Redis was away (and booked ahead in its
// own log) goes into the fleet's log when Redis answers again, so that the fleet's bookings after it count it.
// Counted in places granted and refused ('fail' mode), never timed. Run with both clients.
import { afterEach, describe, expect, test } from 'vitest'
import { RateBudgetError, type RedisStateInfo } from '../../src/client'
import { redisRateBudget } from '../../src/redis'
import { clientKinds, rawCommand, redisClient } from '../support/redis-clients'
import { startRedis } from '../support/redis-server'
import { eventually, waitFor } from '../support/wait'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

/** How many of `count` acquires are granted at once; the others must be refused by the budget. */
async function granted(acquire: () => Promise<void>, count: number): Promise<number> {
  let n = 0
  for (let i = 0; i < count; i++) {
    try {
      await acquire()
      n++
    } catch (error) {
      if (!(error instanceof RateBudgetError)) throw error
    }
  }
  return n
}

describe.each(clientKinds)('with %s', (kind) => {
  async function setup() {
    // Down at the start: the process counts alone from its first request.
    const server = await startRedis({ running: false })
    const client = await redisClient(kind, server.url, false)
    cleanups.push(async () => {
      await client.close()
      await server.stop()
    })
    const events: RedisStateInfo[] = []
    const options = {
      redis: client.redis,
      commandTimeoutMs: 300,
      retryMs: 100,
      onRedisStateChange: (info: RedisStateInfo) => void events.push(info),
    }
    return { server, client, events, options }
  }

  test('sends made alone count in the fleet window once Redis is back', async () => {
    const { server, client, events, options } = await setup()
    const key = 'hql:recovery:sent'
    const budget = redisRateBudget({
      ...options,
      key,
      requests: 3,
      windowSeconds: 60,
      onExceeded: 'fail',
      smooth: false,
    })
    // Alone: the whole budget of the window (fallbackRequests defaults to requests), then refused.
    expect(await granted(() => budget.acquire(), 4)).toBe(3)
    await server.start()
    await waitFor(() => events.some((e) => e.state === 'shared'))
    // The three sent alone are in the fleet's log, and the same minute has no place left: before, Redis's
    // empty log granted three more (six sends in a window of a budget of three).
    // (The log is given them just after the 'shared' event.)
    await eventually(async () => Number(await rawCommand(client.redis, ['ZCARD', key])) === 3)
    expect(await granted(() => budget.acquire(), 3)).toBe(0)
    // Still shared: the refusals came from Redis, not from a new fallback.
    expect(events.map((e) => e.state)).toEqual(['fallback', 'shared'])
    // And another process of the fleet, which never fell back, is refused too.
    const other = redisRateBudget({ ...options, key, requests: 3, windowSeconds: 60, onExceeded: 'fail' })
    await expect(other.acquire()).rejects.toBeInstanceOf(RateBudgetError)
  })

  test('a pause told while alone holds the fleet once Redis is back', async () => {
    const { server, client, events, options } = await setup()
    const key = 'hql:recovery:pause'
    const budget = redisRateBudget({ ...options, key, requests: 100, windowSeconds: 1, onExceeded: 'fail' })
    // A 429's Retry-After of 30 s while Redis is away: kept in this process's log only.
    await budget.pause(Date.now() + 30_000)
    await server.start()
    await waitFor(() => events.some((e) => e.state === 'shared'))
    await eventually(async () => Number(await rawCommand(client.redis, ['EXISTS', `${key}:pause`])) === 1)
    const other = redisRateBudget({ ...options, key, requests: 100, windowSeconds: 1, onExceeded: 'fail' })
    const refused = await other.acquire().then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(RateBudgetError)
    expect((refused as RateBudgetError).retryAfterMs).toBeGreaterThan(20_000)
  })
})
