// What an app may hand the Redis parts that they did not expect, against a real redis-server: a hook that
// throws, odd numbers and times, a key of the wrong kind. Each is met with a typed error or a defined meaning,
// never a part stuck in fallback, a lock held for nothing, or a budget that waits for good. With ioredis (the
// client plays no part in any of these).
import { expect, test } from 'vitest'
import { memoryRateBudget, type RedisStateInfo } from '../../src/client'
import { redisRateBudget, redisTokenStore, type RedisClientLike } from '../../src/redis'
import { countingClient, rawCommand, redisClient } from '../support/redis-clients'
import { redisForFile } from '../support/redis-for-file'
import { startRedis } from '../support/redis-server'
import { eventually, waitFor } from '../support/wait'

const redis = redisForFile('ioredis', 'hql:test:odd')
const { freshKey } = redis
const RETRY_MS = 50

/** The app's client, failing every command while `failing` is set (a connection lost for a moment). */
function flaky(redis: RedisClientLike) {
  const state = { failing: false }
  const fail = () => Promise.reject(new Error('Connection is closed.'))
  const call = (command: string, args: string[]) =>
    state.failing ? fail() : rawCommand(redis, [command, ...args])
  return { state, redis: { call } }
}

test('a hook that throws: the call goes on alone, the part probes and shares again, and hands back what it did alone', async () => {
  const key = freshKey()
  const app = flaky(redis.client.redis)
  const states: string[] = []
  const budget = redisRateBudget({
    redis: app.redis,
    key,
    requests: 100,
    windowSeconds: 60,
    retryMs: RETRY_MS,
    onRedisStateChange: (info: RedisStateInfo) => {
      states.push(info.state)
      throw new Error('the logger broke')
    },
  })
  app.state.failing = true
  // Before: rejected with the hook's own error, and no probe was ever sent again.
  await budget.acquire()
  await budget.acquire()
  app.state.failing = false
  await waitFor(() => states.length === 2)
  expect(states).toEqual(['fallback', 'shared'])
  // The two sent alone went into the fleet's log on the way back (a hook throwing on `shared` skipped it).
  await eventually(async () => (await rawCommand(redis.client.redis, ['ZCARD', key])) === 2)
  await budget.acquire()
  expect(await rawCommand(redis.client.redis, ['ZCARD', key])).toBe(3)
})

test('pause(NaN) pauses nothing: the process goes on, through Redis and alone', async () => {
  const app = flaky(redis.client.redis)
  const budget = redisRateBudget({
    redis: app.redis,
    key: freshKey(),
    requests: 100,
    windowSeconds: 1,
    retryMs: 60_000,
  })
  const memory = memoryRateBudget({ requests: 100, windowSeconds: 1 })
  // Date.parse of a date that is none.
  await budget.pause(Date.parse('not a date'))
  await memory.pause(Number.NaN)
  await budget.acquire(AbortSignal.timeout(5_000))
  // Alone now: before, the process's own log was paused until NaN, and every acquire waited for ever.
  app.state.failing = true
  for (let i = 0; i < 3; i++) await budget.acquire(AbortSignal.timeout(5_000))
  for (let i = 0; i < 3; i++) await memory.acquire(AbortSignal.timeout(5_000))
})

test.each([
  ['an HMAC key', { name: 'HMAC', hash: 'SHA-256' }, ['sign'], 'HMAC for sign'],
  [
    'an AES-CBC key',
    { name: 'AES-CBC', length: 256 },
    ['encrypt', 'decrypt'],
    'AES-CBC for encrypt, decrypt',
  ],
  ['an AES-GCM key that only decrypts', { name: 'AES-GCM', length: 256 }, ['decrypt'], 'AES-GCM for decrypt'],
] as const)(
  '%s as encryptionKey is refused at construction, naming the option',
  async (_, algorithm, usages, kind) => {
    const encryptionKey = (await crypto.subtle.generateKey(algorithm, false, [...usages])) as CryptoKey
    const make = () => redisTokenStore({ redis: redis.client.redis, key: freshKey(), encryptionKey })
    // Before: accepted, and the first refresh threw WebCrypto's InvalidAccessError after the token request.
    expect(make).toThrow(
      expect.objectContaining({
        name: 'ClientConfigError',
        path: ['tokenStore', 'encryptionKey'],
        message: expect.stringContaining(`with the usages encrypt and decrypt, got ${kind}`),
      }),
    )
  },
)

test('a token that cannot be sealed is used, and the lock let go at once', async () => {
  const key = freshKey()
  // Passes for an AES-GCM key by its fields, but is none: WebCrypto refuses it at the seal.
  const encryptionKey = { type: 'secret', algorithm: { name: 'AES-GCM' }, usages: ['encrypt', 'decrypt'] }
  const store = redisTokenStore({
    redis: redis.client.redis,
    key,
    encryptionKey: encryptionKey as unknown as CryptoKey,
  })
  let calls = 0
  const token = await store.refresh!({
    usable: () => false,
    obtain: async () => ({ accessToken: `unsealed-${++calls}-${'x'.repeat(16)}` }),
  })
  expect(token.accessToken).toBe('unsealed-1-xxxxxxxxxxxxxxxx')
  // Before: the seal's error escaped with the lock held for its lifetime (15 s), the token thrown away.
  expect(await rawCommand(redis.client.redis, ['EXISTS', `${key}:lock`])).toBe(0)
  expect(await rawCommand(redis.client.redis, ['EXISTS', key])).toBe(0)
})

test('a lockMs with a fraction takes whole ms: the lock is taken and the token stored for the fleet', async () => {
  const key = freshKey()
  const states: string[] = []
  const store = redisTokenStore({
    redis: redis.client.redis,
    key,
    lockMs: 1000.5,
    onRedisStateChange: (info) => void states.push(info.state),
  })
  await store.refresh!({
    usable: () => false,
    obtain: async () => ({ accessToken: 'fraction-access-token' }),
  })
  // Before: Redis refused SET PX 1000.5, the store fell back, and the token stayed in this process.
  expect(states).toEqual([])
  expect(await rawCommand(redis.client.redis, ['EXISTS', key])).toBe(1)
})

test.each([1e20, 1001])('a marginMs of %d, past the window, is refused naming the option', (marginMs) => {
  // Before: 1e20 was accepted, PEXPIRE refused every booking, and the budget never shared.
  expect(() =>
    redisRateBudget({ redis: redis.client.redis, key: freshKey(), requests: 10, windowSeconds: 1, marginMs }),
  ).toThrow(
    expect.objectContaining({
      path: ['budget', 'marginMs'],
      message: expect.stringContaining('0 to the window'),
    }),
  )
})

test.each([
  ['expiresAt Infinity, as no expiry', { expiresAt: Infinity }, {}],
  ['expiresAt NaN, as expired', { expiresAt: Number.NaN }, { expiresAt: 0 }],
  ['expiresAt -Infinity, as expired', { expiresAt: -Infinity }, { expiresAt: 0 }],
  ['issuedAt NaN, as unknown', { issuedAt: Number.NaN, expiresAt: 4e12 }, { expiresAt: 4e12 }],
])('a token set with %s is stored so, not dropped', async (_, times, stored) => {
  const key = freshKey()
  await redisTokenStore({ redis: redis.client.redis, key }).set({ accessToken: 'odd-times-access', ...times })
  // Before: JSON wrote null, the reading side refused it, and every process read no token.
  expect(await redisTokenStore({ redis: redis.client.redis, key }).get()).toEqual({
    accessToken: 'odd-times-access',
    ...stored,
  })
})

test('while Redis is down, a probe is not sent while the last one is unanswered, and Redis is found again', async () => {
  const down = await startRedis({ running: false })
  // node-redis keeps every command in its queue while it reconnects.
  const app = await redisClient('node-redis', down.url, false)
  const counted = countingClient(app.redis)
  const states: string[] = []
  try {
    const budget = redisRateBudget({
      redis: counted.redis,
      key: freshKey(),
      requests: 10,
      windowSeconds: 1,
      retryMs: 5,
      commandTimeoutMs: 5,
      onRedisStateChange: (info) => void states.push(info.state),
    })
    await budget.acquire()
    // A hundred probes' worth of time: before, one more command in the queue each (43 in 1 s with retryMs 20).
    await new Promise((resolve) => setTimeout(resolve, 500))
    // The acquire's own command and one probe.
    expect(counted.unanswered().length).toBeLessThanOrEqual(2)
    await down.start()
    await waitFor(() => states.length === 2)
    expect(states).toEqual(['fallback', 'shared'])
  } finally {
    await app.close()
    await down.stop()
  }
})
