// A Redis whose ACL refuses scripts but takes plain writes (`+@all -@scripting`): every operation hql/redis
// runs is a script, so the part must fall back once and stay per process, not flap between shared and
// fallback each time a plain-SET probe passed and the next script failed (39 changes in 2 s before).
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RedisStateInfo } from '../../src/client'
import { redisRateBudget } from '../../src/redis'
import { rawCommand, redisClient, type TestClient } from '../support/redis-clients'
import { startRedis, type RedisServer } from '../support/redis-server'

let server: RedisServer
let admin: TestClient
let app: TestClient
beforeAll(async () => {
  server = await startRedis()
  admin = await redisClient('ioredis', server.url)
  await rawCommand(admin.redis, [
    'ACL',
    'SETUSER',
    'app',
    'on',
    '>app-password',
    '~*',
    '+@all',
    '-@scripting',
  ])
  const url = new URL(server.url)
  url.username = 'app'
  url.password = 'app-password'
  app = await redisClient('ioredis', url.toString())
})
afterAll(async () => {
  await app.close()
  await admin.close()
  await server.stop()
})

test('a budget on a Redis refusing scripts falls back once and stays per process', async () => {
  // The ACL is what the test stands on: plain writes go through, scripts do not.
  expect(await rawCommand(app.redis, ['SET', 'hql:test:acl:plain', '1'])).toBe('OK')
  await expect(rawCommand(app.redis, ['EVAL', 'return 1', '0'])).rejects.toThrow(/NOPERM|permission/i)
  const changes: RedisStateInfo[] = []
  const budget = redisRateBudget({
    redis: app.redis,
    key: 'hql:test:acl:budget',
    requests: 30,
    windowSeconds: 1,
    fallbackRequests: 10,
    retryMs: 50,
    onRedisStateChange: (info) => changes.push(info),
  })
  const until = Date.now() + 1_000
  let granted = 0
  while (Date.now() < until) {
    await budget.acquire()
    granted++
  }
  // Twenty probes' worth of time: before the fix, each passed and the next booking failed again.
  expect(changes.map((change) => change.state)).toEqual(['fallback'])
  expect(granted).toBeGreaterThan(0)
})
