// Whatever anyone wrote under a part's own keys (a key of another type, garbage where a number goes, a fence
// counter INCR cannot pass or Lua prints in exponent form, a log member scored +inf) reads as absent and is
// written anew: the fleet still refreshes once, the budget still shares, and neither falls back. Before, each
// such key failed every script: every process refreshed alone, and the part flapped between fallback and shared
// every retryMs for good (228 hook events in 3 s for a fence holding 'x'). One key for both parts is refused on
// one client, and across clients leaves the other's data alone: one steady fallback, said why, no flapping.
// Three stores or budgets on their own clients stand for three processes. Run with both clients.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RedisStateInfo, StoredToken, TokenRenewal } from '../../src/client'
import { ClientConfigError } from '../../src/client'
import { redisRateBudget, redisTokenStore } from '../../src/redis'
import { clientKinds, rawCommand, redisClient, type TestClient } from '../support/redis-clients'
import { startRedis, type RedisServer } from '../support/redis-server'

let server: RedisServer
beforeAll(async () => {
  server = await startRedis()
})
afterAll(() => server.stop())

const RETRY_MS = 50
/** Long enough for several probes, had any part fallen back. */
const PROBES = 6 * RETRY_MS
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A renewal counting its token requests; every stored token is stale (so each process must refresh). */
function counting() {
  let calls = 0
  const renewal: TokenRenewal = {
    usable: (token) => (token.expiresAt ?? Infinity) > Date.now(),
    obtain: async (): Promise<StoredToken> => {
      calls++
      await sleep(20)
      return { accessToken: `hostile-access-${calls}-${'x'.repeat(16)}`, expiresAt: Date.now() + 3_600_000 }
    },
  }
  return { renewal, calls: () => calls }
}

describe.each(clientKinds)('with %s', (kind) => {
  const clients: TestClient[] = []
  afterAll(() => Promise.all(clients.map((client) => client.close())))
  const connect = async () => {
    const client = await redisClient(kind, server.url)
    clients.push(client)
    return client.redis
  }
  let keys = 0
  const freshKey = (part: string) => `hql:test:hostile:${kind}:${part}:${++keys}`

  test.each([
    ['the token key holds a string', (key: string) => ['SET', key, 'x']],
    ['the token key holds a list', (key: string) => ['RPUSH', key, 'x']],
    ['the token hash has a fence of garbage', (key: string) => ['HSET', key, 'payload', 'x', 'fence', 'abc']],
    ['the fence counter holds garbage', (key: string) => ['SET', `${key}:fence`, 'x']],
    ['the fence counter is a hash', (key: string) => ['HSET', `${key}:fence`, 'a', 'b']],
    ['the fence counter is at INT64_MAX', (key: string) => ['SET', `${key}:fence`, '9223372036854775807']],
    // Lua prints it 1.1529215046068e+18: the lock's value matched no holder's fence.
    ['the fence counter is at 2^60', (key: string) => ['SET', `${key}:fence`, String(2n ** 60n)]],
  ])('%s: one token request for three processes, stored, no fallback', async (_, write) => {
    const key = freshKey('token')
    const admin = await connect()
    await rawCommand(admin, write(key))
    const events: RedisStateInfo[] = []
    const stores = await Promise.all(
      [0, 1, 2].map(async () =>
        redisTokenStore({
          redis: await connect(),
          key,
          lockMs: 1000,
          retryMs: RETRY_MS,
          onRedisStateChange: (info) => events.push(info),
        }),
      ),
    )
    const { renewal, calls } = counting()
    const got = await Promise.all(stores.map((store) => store.refresh!(renewal)))
    expect(calls()).toBe(1)
    expect(new Set(got.map((token) => token.accessToken)).size).toBe(1)
    // Stored for the fleet: a process started now reads it.
    expect((await redisTokenStore({ redis: admin, key }).get())?.accessToken).toBe(got[0]!.accessToken)
    await sleep(PROBES)
    expect(events).toEqual([])
  })

  test.each([
    ['the log holds a string', (key: string) => ['SET', key, 'x']],
    ['the pause holds garbage', (key: string) => ['SET', `${key}:pause`, 'abc']],
    ['the pause holds inf', (key: string) => ['SET', `${key}:pause`, 'inf']],
    ['the pause holds nan', (key: string) => ['SET', `${key}:pause`, 'nan']],
    ['the pause is a list', (key: string) => ['RPUSH', `${key}:pause`, 'x']],
    ['the last send holds garbage', (key: string) => ['SET', `${key}:sent`, 'abc']],
    [
      'the log holds members scored +inf',
      (key: string) => ['ZADD', key, '+inf', 'a', '+inf', 'b', '+inf', 'c'],
    ],
  ])('%s: the budget shares, within its limit, no fallback', async (_, write) => {
    const key = freshKey('budget')
    const admin = await connect()
    await rawCommand(admin, write(key))
    const events: RedisStateInfo[] = []
    const budgets = await Promise.all(
      [0, 1, 2].map(async () =>
        redisRateBudget({
          redis: await connect(),
          key,
          requests: 3,
          windowSeconds: 60,
          onExceeded: 'fail',
          smooth: false,
          retryMs: RETRY_MS,
          onRedisStateChange: (info) => events.push(info),
        }),
      ),
    )
    // Three places in the fleet's window, then refusals: counted in Redis (alone, each would grant 3).
    const outcomes = await Promise.allSettled(
      budgets.flatMap((budget) => [budget.acquire(), budget.acquire()]),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3)
    expect(await rawCommand(admin, ['TYPE', key])).toBe('zset')
    expect(await rawCommand(admin, ['ZCARD', key])).toBe(3)
    await sleep(PROBES)
    expect(events).toEqual([])
  })

  test('one key for both parts on one client is refused at construction, naming the option', async () => {
    const redis = await connect()
    const key = freshKey('both')
    redisTokenStore({ redis, key })
    // Another store on it is another process's way in: shared on purpose.
    redisTokenStore({ redis, key })
    const made = () => redisRateBudget({ redis, key, requests: 5, windowSeconds: 1 })
    expect(made).toThrow(ClientConfigError)
    expect(made).toThrow(`the key ${key} is used by the redisTokenStore on this client too`)
    try {
      made()
    } catch (error) {
      expect((error as ClientConfigError).path).toEqual(['budget', 'key'])
    }
    // One's key inside the other's (the budget's log at the store's fence counter): the same.
    expect(() => redisRateBudget({ redis, key: `${key}:fence`, requests: 5, windowSeconds: 1 })).toThrow(
      ClientConfigError,
    )
  })

  test('one key for both parts in two processes: the token is kept, the budget falls back once and says why', async () => {
    const key = freshKey('both')
    const events: RedisStateInfo[] = []
    const onRedisStateChange = (info: RedisStateInfo) => void events.push(info)
    const store = redisTokenStore({ redis: await connect(), key, retryMs: RETRY_MS, onRedisStateChange })
    const budget = redisRateBudget({
      redis: await connect(),
      key,
      requests: 50,
      windowSeconds: 1,
      retryMs: RETRY_MS,
      onRedisStateChange,
    })
    const token = { accessToken: 'both-parts-access-token', expiresAt: Date.now() + 3_600_000 }
    await store.set(token)
    for (let i = 0; i < 5; i++) {
      await budget.acquire()
      expect(await store.get()).toEqual(token)
      await sleep(PROBES / 5)
    }
    // Before: each deleted or failed on the other's data, and both flapped (a hook event every probe).
    expect(events.map((e) => `${e.component}:${e.state}`)).toEqual(['budget:fallback'])
    expect(events[0]!.state === 'fallback' && events[0]!.detail).toContain(`${key} holds a hash`)
    expect(await redisTokenStore({ redis: await connect(), key }).get()).toEqual(token)
  })
})
