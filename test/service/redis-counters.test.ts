// The failed-authentication counters of a fleet under parallel guessing (issue 24): two instances on one real
// redis-server, guesses sent to both at once; each guess is reserved in Redis (one script: the comparison and
// the count in one step) before its password is checked, so the fleet checks no more than the documented number.
// Then the counters' sliding windows on that server (window-scenarios.ts, the checks the in-memory ones pass).
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createService, DEMO, type Service } from 'hql/service'
import { serviceLinks } from '../../src/service/redis/options'
import { RedisWindowCounter } from '../../src/service/redis/redis-counters'
import { redisClient, type TestClient } from '../support/redis-clients'
import { startRedis, type RedisServer } from '../support/redis-server'
import { rawCommand } from '../support/redis-clients'
import { countStatuses, tokenPost } from './sockets'
import {
  arrivalsArbitrary,
  BOUNDARY,
  checkArrivals,
  releaseGivesBack,
  straddledBurst,
  waitUntilOldestLeaves,
  type MakeCounter,
} from './window-scenarios'

const GUESSES = 200
const limit = { perAddress: 30, perUsername: 10, windowSeconds: 300 }

let redis: RedisServer
let client: TestClient
let services: Service[]
beforeAll(async () => {
  redis = await startRedis()
  client = await redisClient('node-redis', redis.url)
  const options = {
    users: [{ username: 'ana', password: 'correct horse' }],
    authFailureLimit: limit,
    maxConnectionsPerAddress: GUESSES,
    // The test is of the shared counters, with Redis answering: past the default 500 ms command timeout (200
    // guesses at once on a loaded machine), an instance falls back and answers 503, as it should, but no longer
    // what this test counts.
    redis: { client: client.redis, key: `hql:abuse:${Date.now()}`, commandTimeoutMs: 5_000 },
  }
  services = await Promise.all([createService(options), createService(options)])
})
afterAll(async () => {
  await Promise.all(services.map((s) => s.close()))
  await client.close()
  await redis.stop()
})

const guess = (i: number, username: string, address: string) =>
  tokenPost(
    services[i % 2]!.authUrl,
    { grant_type: 'password', username, password: `guess ${i}`, scope: 'public_profile' },
    DEMO,
    address,
  )

/** The statuses of `GUESSES` guesses sent at once. */
async function guessedAtOnce(guessOf: (i: number) => Promise<{ status: number }>) {
  return countStatuses(await Promise.all(Array.from({ length: GUESSES }, (_, i) => guessOf(i))))
}

// The counters' windows slide: however long a run takes, and wherever it falls on the clock, the fleet checks at
// most the budget within `windowSeconds` (with fixed windows aligned to the clock, a run that crossed a window's
// end on a loaded machine checked 20 of a budget of 10).
describe('two instances on one Redis, guessed at in parallel', () => {
  it('check exactly perUsername passwords of one username between them', async () => {
    const statuses = await guessedAtOnce((i) => guess(i, 'ana', '127.0.0.31'))
    expect(statuses).toEqual({ 400: limit.perUsername, 429: GUESSES - limit.perUsername })
  })

  it('check exactly perAddress passwords from one address between them', async () => {
    const statuses = await guessedAtOnce((i) => guess(i, `user ${i}`, '127.0.0.32'))
    expect(statuses).toEqual({ 400: limit.perAddress, 429: GUESSES - limit.perAddress })
  })
})

describe('the counters on Redis', () => {
  let keys = 0
  /** A counter under a fresh key prefix, counting at the test's clock (instead of Redis's). */
  const onRedis: MakeCounter = (budget, windowSeconds, clock) =>
    new RedisWindowCounter(
      serviceLinks({ client: client.redis, key: `hql:windows:${++keys}` }).rates,
      `hql:windows:${keys}:fail:username`,
      budget,
      windowSeconds,
      clock,
    )

  it('count a burst straddling a fixed window’s end once: the budget in all', () =>
    straddledBurst(onRedis, 10))

  it('say to wait until the oldest counted event leaves the window', () => waitUntilOldestLeaves(onRedis))

  it('take back the oldest count for a success', () => releaseGivesBack(onRedis))

  it('never count more than the budget in any window-length interval, and refuse only then', async () => {
    await fc.assert(
      fc.asyncProperty(arrivalsArbitrary, (arrivals) => checkArrivals(onRedis, arrivals)),
      { numRuns: 25 },
    )
  })

  it('keep at most the budget per key, expiring a window after the newest, on the server’s clock', async () => {
    const counter = new RedisWindowCounter(
      serviceLinks({ client: client.redis, key: 'hql:windows:clock' }).rates,
      'hql:windows:clock',
      3,
      60,
    )
    const answers = await Promise.all(Array.from({ length: 20 }, () => counter.reserve('key')))
    expect(answers.filter((wait) => wait === 0)).toHaveLength(3)
    expect(new Set(answers.filter((wait) => wait > 0))).toEqual(new Set([60]))
    const command = (...args: string[]) => rawCommand(client.redis, args)
    expect(await command('ZCARD', 'hql:windows:clock:key')).toBe(3)
    const ttl = Number(await command('PTTL', 'hql:windows:clock:key'))
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(60_000)
  })

  it('read a key holding something else, or members ahead of the clock, as made now', async () => {
    let time = BOUNDARY
    const counter = onRedis(2, 60, () => time)
    const key = `hql:windows:${keys}:fail:username`
    const command = (...args: string[]) => rawCommand(client.redis, args)
    await command('SET', `${key}:string`, 'x')
    expect([await counter.reserve('string'), await counter.reserve('string')]).toEqual([0, 0])
    expect(await counter.reserve('string')).toBe(60)
    // A member scored an hour ahead (a clock stepped back), and one at +inf: counted as made now, not for an hour.
    await command('ZADD', `${key}:ahead`, String(BOUNDARY + 3_600_000), 'a', '+inf', 'b')
    expect(await counter.reserve('ahead')).toBe(60)
    time += 60_000
    expect(await counter.reserve('ahead')).toBe(0)
  })
})
