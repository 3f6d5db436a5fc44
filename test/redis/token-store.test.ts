// redisTokenStore against a real redis-server, through both clients: the TokenStore contract, one refresh
// among many stores (as many processes), the lock's expiry and fencing, and encryption at rest.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createClient, hql, returnType, type StoredToken, type TokenRenewal } from '../../src/index'
import { redisTokenStore } from '../../src/redis'
import { countingGrant, countingServer, type CountingServer } from '../support/counting-server'
import { clientKinds, rawCommand, redisClient, type TestClient } from '../support/redis-clients'
import { startRedis, type RedisServer } from '../support/redis-server'
import { eventually } from '../support/wait'

let server: RedisServer
// Issues 20 s tokens: a third of the client's default refresh margin.
let shortTokens: CountingServer
beforeAll(async () => {
  server = await startRedis()
  shortTokens = await countingServer(20)
})
afterAll(() => Promise.all([server.stop(), shortTokens.close()]))

const token = (n: number, lifetimeMs = 3_600_000): StoredToken => ({
  accessToken: `access-${n}-${'x'.repeat(24)}`,
  refreshToken: `refresh-${n}-${'y'.repeat(24)}`,
  expiresAt: Date.now() + lifetimeMs,
  scope: 'public_profile',
})

/** A renewal that counts its calls to the "token endpoint" and takes `delayMs` to answer. */
function renewal(stale: string | undefined, delayMs = 30) {
  let calls = 0
  const renewal: TokenRenewal = {
    usable: (t) => t.accessToken !== stale && (t.expiresAt ?? Infinity) > Date.now(),
    obtain: async () => {
      const n = ++calls
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      return token(1000 + n)
    },
  }
  return { renewal, calls: () => calls }
}

let keyCount = 0
const freshKey = () => `hql:test:tokens:${++keyCount}`

describe.each(clientKinds)('redisTokenStore with %s', (kind) => {
  const clients: TestClient[] = []
  const client = async () => {
    const made = await redisClient(kind, server.url)
    clients.push(made)
    return made.redis
  }
  afterAll(() => Promise.all(clients.map((c) => c.close())))
  /**
   * Until a store has taken the lock of `key` (its fence counter exists from the first lock on, also if that
   * lock lapsed since). A fixed wait (it was 50 ms, and 20) assumed the holder's read and lock went out within
   * it: on a loaded machine the other store could take the lock first, and the test no longer tested a stuck or
   * a slow holder (the stuck holder's then failed: its waiter held the lock and went on at once).
   */
  const holding = async (key: string) => {
    const raw = await client()
    await eventually(async () => Number(await rawCommand(raw, ['EXISTS', `${key}:fence`])) === 1)
  }

  test('keeps, shares and forgets a token, with its absolute expiry', async () => {
    const key = freshKey()
    const a = redisTokenStore({ redis: await client(), key })
    const b = redisTokenStore({ redis: await client(), key })
    expect(await a.get()).toBeUndefined()
    const t = token(1)
    await a.set(t)
    expect(await b.get()).toEqual(t)
    const raw = await client()
    expect(Number(await rawCommand(raw, ['HGET', key, 'expiresAt']))).toBe(t.expiresAt)
    await b.clear()
    expect(await a.get()).toBeUndefined()
  })

  test('one refresh among many stores (processes) each with many waiting requests', async () => {
    const key = freshKey()
    const stale = token(0, -1000)
    await redisTokenStore({ redis: await client(), key }).set(stale)
    const stores = await Promise.all(
      Array.from({ length: 6 }, async () => redisTokenStore({ redis: await client(), key, pollMs: 10 })),
    )
    const counter = renewal(stale.accessToken, 100)
    const results = await Promise.all(stores.map((store) => store.refresh!(counter.renewal)))
    expect(counter.calls()).toBe(1)
    expect(new Set(results.map((r) => r.accessToken)).size).toBe(1)
    expect(await stores[0]!.get()).toEqual(results[0])
  })

  test('a live holder stuck in its token request: the others go on alone after 4 lifetimes', async () => {
    const key = freshKey()
    // Long enough that the holder's extension (every third of it) is not late on a loaded machine: with 200 ms,
    // one stall of the event loop past 130 ms on CI let the lock lapse and the waiter take it as holder.
    const lockMs = 1_000
    const stuck = redisTokenStore({ redis: await client(), key, lockMs })
    // The holder takes the lock and its obtain never settles: alive, it keeps extending the lock.
    void stuck.refresh!({ usable: () => false, obtain: () => new Promise<StoredToken>(() => {}) })
    await holding(key)
    const waiter = redisTokenStore({ redis: await client(), key, lockMs, pollMs: 10 })
    const counter = renewal(undefined, 0)
    const started = Date.now()
    const got = await waiter.refresh!(counter.renewal)
    expect(counter.calls()).toBe(1)
    expect(got.accessToken).toMatch(/^access-1001-/)
    // Not when the first lifetime ran out (the lock was extended), but once it waited four.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * lockMs - 50)
    // Alone: nothing stored for the fleet, which still waits on the live holder.
    expect(await waiter.get()).toBeUndefined()
  })

  test("a token endpoint's Retry-After keeps the lock that long: the fleet does not all ask again at once", async () => {
    const key = freshKey()
    // Redis commands get 5 s: a process that gave up on Redis under load would refresh alone, and ask.
    const stores = await Promise.all(
      Array.from({ length: 6 }, async () =>
        redisTokenStore({ redis: await client(), key, commandTimeoutMs: 5_000 }),
      ),
    )
    // The endpoint is busy for 600 ms from the first request, and says so with each 429's Retry-After.
    let busyUntil: number | undefined
    const asked: number[] = []
    const busy: TokenRenewal = {
      usable: (t) => (t.expiresAt ?? Infinity) > Date.now(),
      obtain: async () => {
        const now = Date.now()
        asked.push(now)
        busyUntil ??= now + 600
        if (now < busyUntil) throw Object.assign(new Error('slow down'), { status: 429, retryAfterMs: 600 })
        return token(7)
      },
    }
    const results = await Promise.allSettled(stores.map((store) => store.refresh!(busy)))
    // Before the fix the holder let go at once and each waiter took the lock and asked in turn: 6 while busy.
    expect(asked.filter((at) => at < busyUntil!)).toHaveLength(1)
    expect(asked).toHaveLength(2)
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5)
  })

  test('a failure other than a 429 or 503 lets go of the lock at once, whatever its Retry-After', async () => {
    const raw = await client()
    // A refused grant (a process with other credentials may succeed), and a rejection with no error at all (an
    // app's onTokenRefresh rejecting with nothing: reading its retryAfterMs threw, and the lock was kept).
    for (const failure of [
      Object.assign(new Error('invalid_grant'), { status: 400, retryAfterMs: 10_000 }),
      undefined,
    ]) {
      const key = freshKey()
      const store = redisTokenStore({ redis: await client(), key })
      const refused = await store.refresh!({
        usable: () => false,
        obtain: () => Promise.reject(failure),
      }).catch((error: unknown) => ({ error }))
      expect(refused).toEqual({ error: failure })
      expect(Number(await rawCommand(raw, ['PTTL', `${key}:lock`]))).toBe(-2)
    }
  })

  test('a slow holder cannot overwrite the newer token of the holder after it', async () => {
    const key = freshKey()
    const lockMs = 200
    const slow = redisTokenStore({ redis: await client(), key, lockMs })
    const fast = redisTokenStore({ redis: await client(), key, lockMs, pollMs: 10 })
    const slowToken = token(1)
    const slowDone = slow.refresh!({
      usable: () => false,
      obtain: () => new Promise((resolve) => setTimeout(() => resolve(slowToken), lockMs + 300)),
    })
    await holding(key)
    // The slow holder loses its lock as if it could not extend it (paused longer than the lifetime, say).
    await rawCommand(await client(), ['DEL', `${key}:lock`])
    const fastToken = token(2)
    // Takes the lock, refreshes and stores its own token.
    expect(await fast.refresh!({ usable: (t) => t === fastToken, obtain: async () => fastToken })).toEqual(
      fastToken,
    )
    // The slow holder still gets its own token to use, but Redis keeps the newer one.
    expect(await slowDone).toEqual(slowToken)
    expect(await fast.get()).toEqual(fastToken)
    expect(await slow.get()).toEqual(fastToken)
  })

  test('encrypts at rest: no token in Redis, and another key reads nothing', async () => {
    const key = freshKey()
    const store = redisTokenStore({ redis: await client(), key, encryptionKey: 'app secret passphrase' })
    const t = token(7)
    await store.set(t)
    expect(await store.get()).toEqual(t)
    const raw = await client()
    const dump = JSON.stringify(await rawCommand(raw, ['HGETALL', key]))
    expect(dump).not.toContain(t.accessToken)
    expect(dump).not.toContain(t.refreshToken)
    expect(dump).toContain('v1.')
    const bytes = new Uint8Array(32).fill(9)
    expect(await redisTokenStore({ redis: await client(), key, encryptionKey: bytes }).get()).toBeUndefined()
    // The same key under another Redis key does not open (the Redis key is the additional data).
    const copied = freshKey()
    await rawCommand(raw, [
      'HSET',
      copied,
      'payload',
      String(await rawCommand(raw, ['HGET', key, 'payload'])),
    ])
    const other = redisTokenStore({
      redis: await client(),
      key: copied,
      encryptionKey: 'app secret passphrase',
    })
    expect(await other.get()).toBeUndefined()
  })

  test('no token in any Redis key name', async () => {
    const key = freshKey()
    const store = redisTokenStore({ redis: await client(), key })
    const counter = renewal(undefined, 0)
    const got = await store.refresh!(counter.renewal)
    const raw = await client()
    const names = (await rawCommand(raw, ['KEYS', '*'])) as string[]
    expect(names.join(' ')).not.toContain(got.accessToken)
    expect(names.filter((name) => name.startsWith(key)).sort()).toEqual([key, `${key}:fence`])
  })

  test('a token living less than the refresh margin is asked for once by the fleet, not on every call', async () => {
    const key = freshKey()
    const before = shortTokens.tokenRequests.length
    const clients = await Promise.all(
      [0, 1, 2].map(async () =>
        createClient({
          baseUrl: shortTokens.url,
          auth: countingGrant(shortTokens, { tokenStore: redisTokenStore({ redis: await client(), key }) }),
        }),
      ),
    )
    const query = hql.explore().filter(returnType.eq('Movie'))
    for (let i = 0; i < 30; i++) await clients[i % 3]!.run(query)
    expect(shortTokens.tokenRequests.length - before).toBe(1)
  })
})
