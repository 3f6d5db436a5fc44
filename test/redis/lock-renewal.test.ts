// The refresh lock against a token endpoint that stalls: a live holder slower than the lock's lifetime keeps
// the lock (it extends it), so the endpoint is still asked once for the fleet; a holder process killed while
// its request is out frees the lock within its lifetime, and another process takes over through it.
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { redisTokenStore } from '../../src/redis'
import { nodeScript } from '../support/node-script'
import { clientKinds, rawCommand, redisClient, type TestClient } from '../support/redis-clients'
import { startRedis, type RedisServer } from '../support/redis-server'
import { renewalAt, stallingTokenServer, type StallingTokenServer } from './stalling-token-server'

let server: RedisServer
let tokens: StallingTokenServer
const clients: TestClient[] = []
beforeAll(async () => {
  server = await startRedis()
  tokens = await stallingTokenServer(0)
})
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await Promise.all([server.stop(), tokens.close()])
})

let keyCount = 0
const freshKey = () => `hql:test:lock:${++keyCount}`

describe.each(clientKinds)('the refresh lock on %s', (kind) => {
  const client = async () => {
    const made = await redisClient(kind, server.url)
    clients.push(made)
    return made.redis
  }

  test('a live holder slower than the lock lifetime keeps the lock: one token request', async () => {
    const key = freshKey()
    // The holder extends the lock every third of its lifetime: a lifetime of 400 ms failed once under a loaded
    // `npm test` (a second token request: an extension held up by a busy event loop for ~270 ms), and 1.5 s
    // failed in `npm test` at load 30 (3 CPU burners beside another npm test). 3 s leaves two seconds of delay,
    // as the killed holder's below; and 5 s for a Redis answer, past which a store would refresh alone.
    const lockMs = 3000
    const commandTimeoutMs = 5_000
    // 2.5 lifetimes: without extending, the lock would expire twice while the request is out.
    tokens.stallMs = lockMs * 2.5
    const before = tokens.requests()
    const holder = redisTokenStore({ redis: await client(), key, lockMs, commandTimeoutMs })
    const waiters = await Promise.all(
      Array.from({ length: 3 }, async () =>
        redisTokenStore({ redis: await client(), key, lockMs, pollMs: 20, commandTimeoutMs }),
      ),
    )
    const renewal = renewalAt(tokens.url)
    const holding = holder.refresh!(renewal)
    await tokens.arrived(before + 1)
    const results = await Promise.all([holding, ...waiters.map((store) => store.refresh!(renewal))])
    expect(tokens.requests() - before).toBe(1)
    expect(new Set(results.map((token) => token.accessToken)).size).toBe(1)
    // Stored for the fleet, and the lock let go.
    expect(await waiters[0]!.get()).toEqual(results[0])
    expect(await rawCommand(await client(), ['EXISTS', `${key}:lock`])).toBe(0)
  })
})

test('a holder process killed while its token request is out frees the lock within its lifetime', async () => {
  const key = freshKey()
  // A lifetime a loaded machine cannot outrun: the holder process extends the lock every third of it, and at 1 s
  // one `npm test` beside other builds (load 12) stalled the holder long enough to let it expire first.
  const lockMs = 3000
  tokens.stallMs = 60_000
  const before = tokens.requests()
  // Bundled into JavaScript first: tsx's loader would cost the child more than the test's waits.
  const script = nodeScript(new URL('./lock-holder.ts', import.meta.url))
  onTestFinished(script.remove)
  const holder = fork(script.path, {
    env: {
      ...process.env,
      HQL_LOCK_REDIS_URL: server.url,
      HQL_LOCK_KEY: key,
      HQL_LOCK_MS: String(lockMs),
      HQL_LOCK_TOKEN_URL: tokens.url,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  await tokens.arrived(before + 1)
  // Alive a lifetime after it took the lock, the holder still has it: it extended it.
  await new Promise((resolve) => setTimeout(resolve, lockMs))
  const connection = await redisClient('node-redis', server.url)
  clients.push(connection)
  const raw = connection.redis
  expect(await rawCommand(raw, ['EXISTS', `${key}:lock`])).toBe(1)
  const exited = once(holder, 'exit')
  holder.kill('SIGKILL')
  await exited
  // Dead, it extends nothing: the lock has at most its lifetime left.
  const leftMs = Number(await rawCommand(raw, ['PTTL', `${key}:lock`]))
  expect(leftMs).toBeGreaterThan(0)
  expect(leftMs).toBeLessThanOrEqual(lockMs)
  tokens.stallMs = 0
  const waiter = redisTokenStore({ redis: raw, key, lockMs, pollMs: 20 })
  const got = await waiter.refresh!(renewalAt(tokens.url))
  expect(tokens.requests() - before).toBe(2)
  // Taken over through the lock (a process that gave up waiting would refresh alone and store nothing).
  expect(await waiter.get()).toEqual(got)
  expect(await rawCommand(raw, ['EXISTS', `${key}:lock`])).toBe(0)
})
