// A refresh lock no holder will ever let go of, against a real redis-server: a key at `<key>:lock` without an
// expiry or of another type (left by a tool, a RESTORE with ttl 0, a stray write), and one a live process keeps
// for far longer than a token request takes. Calls must get a token, not wait out their deadline.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createClient, hql, returnType } from '../../src/index'
import { redisTokenStore } from '../../src/redis'
import { countingGrant, countingServer, type CountingServer } from '../support/counting-server'
import { rawCommand, redisClient, type TestClient } from '../support/redis-clients'
import { startRedis, type RedisServer } from '../support/redis-server'

let server: RedisServer
let tokens: CountingServer
let raw: TestClient
beforeAll(async () => {
  server = await startRedis()
  tokens = await countingServer()
  raw = await redisClient('ioredis', server.url)
})
afterAll(() => Promise.all([raw.close(), server.stop(), tokens.close()]))

let keyCount = 0
const freshKey = () => `hql:test:stuck:${++keyCount}`
const query = hql.explore().filter(returnType.eq('Movie'))

const clientOn = (key: string, lockMs = 15_000) =>
  createClient({
    baseUrl: tokens.url,
    auth: countingGrant(tokens, { tokenStore: redisTokenStore({ redis: raw.redis, key, lockMs }) }),
  })

const commandsProcessed = async () =>
  Number(/total_commands_processed:(\d+)/.exec(String(await rawCommand(raw.redis, ['INFO', 'stats'])))![1])

test.each([
  ['a string without an expiry', ['SET', 'someone-else:1']],
  ['a hash', ['HSET', 'owner', 'someone-else']],
])('a lock that is %s is taken over: the call gets a token within its deadline', async (_, write) => {
  const key = freshKey()
  await rawCommand(raw.redis, [write[0]!, `${key}:lock`, ...write.slice(1)])
  const before = tokens.tokenRequests.length
  const commandsBefore = await commandsProcessed()
  // Before the fix: a TimeoutError (the refresh waited 4 × lockMs = 60 s), polling Redis every millisecond.
  await clientOn(key).run(query, { totalTimeoutMs: 5_000 })
  expect(tokens.tokenRequests.length - before).toBe(1)
  // Read, lock, read, store, and the graph call's own: a few commands, not thousands of polls.
  expect((await commandsProcessed()) - commandsBefore).toBeLessThan(50)
  expect(await rawCommand(raw.redis, ['EXISTS', `${key}:lock`])).toBe(0)
})

test('a token got alone after giving up on a held lock is used, not asked for again on the next call', async () => {
  const key = freshKey()
  const lockMs = 100
  // A lock some process keeps for an hour (it never stores): the store gives up after 4 × lockMs.
  await rawCommand(raw.redis, ['SET', `${key}:lock`, 'someone-else:1', 'PX', '3600000'])
  const before = tokens.tokenRequests.length
  const client = clientOn(key, lockMs)
  for (let i = 0; i < 3; i++) await client.run(query)
  // Before the fix: 3, the next read took Redis's "no token" over the one obtained, and waited again.
  expect(tokens.tokenRequests.length - before).toBe(1)
})
