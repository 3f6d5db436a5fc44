// Times in the shared budget's keys further ahead than any process of the fleet writes them: a pause or log
// scores a day ahead (written by anyone), or the whole log an hour ahead, as after Redis's clock was set back an
// hour. The budget holds back `maxPauseMs` at most, not until then. Before, every process waited for the day (or
// the hour: the log's bookings lay an hour ahead, and so did every new one). Run with ioredis.
import { expect, test } from 'vitest'
import { redisRateBudget } from '../../src/redis'
import { rawCommand } from '../support/redis-clients'
import { redisForFile } from '../support/redis-for-file'

const redis = redisForFile('ioredis', 'hql:test:ahead')
const { freshKey } = redis
const HOUR = 3_600_000
const DAY = 24 * HOUR
const command = (...args: string[]) => rawCommand(redis.client.redis, args)
/** Redis's time, in ms: the budget's clock. */
const redisNow = async () => {
  const [seconds, micros] = (await command('TIME')) as [string, string]
  return Number(seconds) * 1000 + Number(micros) / 1000
}

/** A budget of 3 a second with maxPauseMs 200 at `key`. */
const budgetAt = (key: string) =>
  redisRateBudget({ redis: redis.client.redis, key, requests: 3, windowSeconds: 1, maxPauseMs: 200 })

/** Three acquires of `budget`, each given up (TimeoutError) after 5 s. */
async function acquireThree(budget: ReturnType<typeof budgetAt>): Promise<void> {
  for (let i = 0; i < 3; i++) await budget.acquire(AbortSignal.timeout(5_000))
}

test('a pause a day ahead, with no expiry, holds the fleet maxPauseMs at most', async () => {
  const key = freshKey()
  await command('SET', `${key}:pause`, String((await redisNow()) + DAY))
  await acquireThree(budgetAt(key))
  // Cut to maxPauseMs from when it was seen, and expiring then.
  expect(Number(await command('PTTL', `${key}:pause`))).toBeLessThanOrEqual(200)
})

test('log scores a day ahead are no bookings: they are dropped', async () => {
  const key = freshKey()
  const ahead = String((await redisNow()) + DAY)
  await command('ZADD', key, ahead, 'a', ahead, 'b', ahead, 'c')
  await acquireThree(budgetAt(key))
  expect(await command('ZSCORE', key, 'a')).toBeNull()
})

test("Redis's clock set back an hour: the window's log, last send and pause an hour ahead hold nobody an hour", async () => {
  const key = freshKey()
  const budget = budgetAt(key)
  await budget.pause(Date.now() + 100)
  await acquireThree(budget)
  // What the fleet wrote, as a clock an hour behind reads it: every time an hour later than now.
  // Flat (RESP2) or in pairs (RESP3), as the client gives it.
  const log = ((await command('ZRANGE', key, '0', '-1', 'WITHSCORES')) as string[]).flat()
  for (let i = 0; i < log.length; i += 2)
    await command('ZADD', key, String(Number(log[i + 1]) + HOUR), log[i]!)
  for (const time of ['pause', 'sent'])
    await command('SET', `${key}:${time}`, String((await redisNow()) + HOUR), 'PX', String(HOUR))
  await acquireThree(budgetAt(key))
})
