// Redis trouble never stops the app: with Redis down at start, stopped mid-run, restarted empty, or frozen
// (SIGSTOP: connected but silent), the token store and the budget go on per process within a bounded time,
// say so through onRedisStateChange, and share again once Redis answers. Run with both clients.
import { execFileSync } from 'node:child_process'
import { afterEach, describe, expect, test } from 'vitest'
import { RateBudgetError, type RedisStateInfo, type StoredToken, type TokenRenewal } from '../../src/client'
import { redisRateBudget, redisTokenStore, type RedisClientLike } from '../../src/redis'
import { describeFailure } from '../../src/redis/link'
import { clientKinds, rawCommand, redisClient, type TestClient } from '../support/redis-clients'
import { startRedis } from '../support/redis-server'
import { eventually, waitFor } from '../support/wait'

const COMMAND_TIMEOUT_MS = 300
const RETRY_MS = 100

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

const token = (n: number): StoredToken => ({
  accessToken: `fault-access-${n}-${'z'.repeat(24)}`,
  refreshToken: `fault-refresh-${n}-${'w'.repeat(24)}`,
  expiresAt: Date.now() + 3_600_000,
})

/** A renewal that counts its calls and hands out numbered tokens. */
function counting() {
  const issued: StoredToken[] = []
  const renewal = (stale?: string): TokenRenewal => ({
    usable: (t) => t.accessToken !== stale,
    obtain: async () => {
      const next = token(100 + issued.length)
      issued.push(next)
      return next
    },
  })
  return { issued, renewal }
}

describe.each(clientKinds)('with %s', (kind) => {
  async function setup(running = true, commandTimeoutMs = COMMAND_TIMEOUT_MS) {
    const server = await startRedis({ running })
    const client = await redisClient(kind, server.url, running)
    const events: RedisStateInfo[] = []
    // "Falls back within one command timeout" is one command sent and left unanswered, counted, where a time
    // would flake on a loaded machine; "calls do not wait on Redis at all" is no command sent.
    const counted = countingCommands(client.redis)
    /** The commands `run` sends, but the background probes (a script on `<key>:probe` every retryMs). */
    const commandsOf = async (run: () => Promise<unknown>): Promise<string[]> => {
      const before = counted.sent.length
      await run()
      return counted.sent
        .slice(before)
        .filter((args) => !args.some((arg) => arg.endsWith(':probe')))
        .map((args) => args[0]!)
    }
    cleanups.push(async () => {
      await client.close()
      await server.stop()
    })
    const shared = {
      redis: counted.redis,
      commandTimeoutMs,
      retryMs: RETRY_MS,
      onRedisStateChange: (info: RedisStateInfo) => void events.push(info),
    }
    return { server, client: client as TestClient, events, shared, commandsOf }
  }

  test('Redis down at start: the store and the budget work alone at once, and share when it comes up', async () => {
    const { server, events, shared, commandsOf } = await setup(false)
    const store = redisTokenStore({ ...shared, key: 'hql:fault:start' })
    const budget = redisRateBudget({
      ...shared,
      key: 'hql:fault:start:budget',
      requests: 5,
      windowSeconds: 60,
    })
    // One command each, given up (an error, or no answer within the command timeout), and they go on alone.
    expect(await commandsOf(async () => expect(await store.get()).toBeUndefined())).toHaveLength(1)
    expect(await commandsOf(() => budget.acquire())).toHaveLength(1)
    const { issued, renewal } = counting()
    expect(await store.refresh!(renewal())).toEqual(issued[0])
    expect(events.map((e) => [e.component, e.state])).toEqual([
      ['tokenStore', 'fallback'],
      ['budget', 'fallback'],
    ])

    await server.start()
    const startedAt = Date.now()
    // Probes find Redis without any traffic; the token obtained alone goes to Redis for the fleet to use.
    await waitFor(() => events.filter((e) => e.state === 'shared').length === 2)
    console.info(
      `[faults ${kind}] Redis up after a start without it: shared after ${Date.now() - startedAt} ms`,
    )
    const other = redisTokenStore({ ...shared, key: 'hql:fault:start' })
    await eventually(async () => (await other.get())?.accessToken === issued[0]!.accessToken)
  })

  test('Redis stopped mid-run, then restarted empty: fallback in bounded time, back to shared', async () => {
    const { server, client, events, shared, commandsOf } = await setup()
    const store = redisTokenStore({ ...shared, key: 'hql:fault:restart' })
    const budget = redisRateBudget({
      ...shared,
      key: 'hql:fault:restart:budget',
      requests: 100,
      windowSeconds: 60,
    })
    const first = token(1)
    await store.set(first)
    await budget.acquire()
    expect(events).toEqual([])

    await server.stop()
    const stoppedAt = Date.now()
    // The last token seen is still handed out after one command given up, and a refresh is done alone.
    expect(await commandsOf(async () => expect(await store.get()).toEqual(first))).toHaveLength(1)
    const fellBackMs = Date.now() - stoppedAt
    await budget.acquire()
    const { issued, renewal } = counting()
    expect(await store.refresh!(renewal(first.accessToken))).toEqual(issued[0])
    expect(issued).toHaveLength(1)
    expect(events.filter((e) => e.state === 'fallback').map((e) => e.component)).toEqual([
      'tokenStore',
      'budget',
    ])
    console.info(`[faults ${kind}] Redis stopped: fallback after ${fellBackMs} ms`)

    await server.start()
    const restartedAt = Date.now()
    await waitFor(() => events.filter((e) => e.state === 'shared').length === 2)
    console.info(`[faults ${kind}] Redis restarted: shared again after ${Date.now() - restartedAt} ms`)
    const back = events.find((e) => e.state === 'shared' && e.component === 'tokenStore')!
    expect(back.fallbackMs).toBeGreaterThan(0)
    // The restarted Redis lost everything; it now holds the token obtained alone, for the fleet.
    const another = redisTokenStore({ ...shared, key: 'hql:fault:restart' })
    await eventually(async () => (await another.get())?.accessToken === issued[0]!.accessToken)
    // And the budget counts in Redis again: the place is booked in the restarted Redis, not in this process
    // alone after a new fallback; beside it, the request this process sent alone, given to Redis on its return.
    const fallbacks = events.filter((e) => e.state === 'fallback').length
    await eventually(
      async () => Number(await rawCommand(client.redis, ['ZCARD', 'hql:fault:restart:budget'])) === 1,
    )
    await budget.acquire()
    expect(events.filter((e) => e.state === 'fallback')).toHaveLength(fallbacks)
    expect(Number(await rawCommand(client.redis, ['ZCARD', 'hql:fault:restart:budget']))).toBe(2)
  })

  test('Redis frozen (no answer): the command timeout decides the fallback; thawed, shared again', async () => {
    const { server, events, shared, commandsOf } = await setup()
    const store = redisTokenStore({ ...shared, key: 'hql:fault:frozen' })
    const budget = redisRateBudget({
      ...shared,
      key: 'hql:fault:frozen:budget',
      requests: 1000,
      windowSeconds: 60,
    })
    await store.set(token(1))
    server.freeze()
    try {
      const startedAt = Date.now()
      // One command, unanswered: the wait is that command's timeout (at least, since nothing answered).
      expect(
        await commandsOf(async () => expect((await store.get())?.accessToken).toBe(token(1).accessToken)),
      ).toHaveLength(1)
      const fellBackMs = Date.now() - startedAt
      expect(fellBackMs).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 20)
      console.info(`[faults ${kind}] Redis frozen: fallback after ${fellBackMs} ms`)
      expect(await commandsOf(() => budget.acquire())).toHaveLength(1)
      expect(events.map((e) => [e.component, e.state, e.cause])).toEqual([
        ['tokenStore', 'fallback', 'timeout'],
        ['budget', 'fallback', 'timeout'],
      ])
      // While it falls back, calls do not wait on Redis at all (not even one command timeout).
      expect(
        await commandsOf(async () => {
          await store.get()
          await budget.acquire()
        }),
      ).toEqual([])
    } finally {
      server.thaw()
    }
    await waitFor(() => events.filter((e) => e.state === 'shared').length === 2)
    expect((await store.get())?.accessToken).toBe(token(1).accessToken)
  })

  test('a process that stalls past the command timeout takes the answer Redis sent in time', async () => {
    // A timeout of its own, far longer than the 50 ms Redis stays frozen: had this process been held up past the
    // timeout while Redis was still frozen (300 ms; a loaded machine's stall), the timeout would rightly win,
    // before the stall this test makes.
    const commandTimeoutMs = 1_500
    const { server, events, shared, commandsOf } = await setup(true, commandTimeoutMs)
    const store = redisTokenStore({ ...shared, key: 'hql:fault:stall' })
    await store.set(token(1))
    await store.get() // Redis now holds the script: the read below is one command
    let got: StoredToken | undefined
    const sent = commandsOf(async () => {
      got = await store.get()
    })
    // The command goes out while Redis is frozen; then, from an immediate callback (after the sockets were read),
    // Redis answers while this process is busy past the command timeout. Its timers are due before it reads the
    // answer: that answer, there in time, must win over the timeout.
    server.freeze()
    try {
      await new Promise((resolve) => setTimeout(resolve, 50))
      await new Promise((resolve) => setImmediate(resolve))
    } finally {
      server.thaw()
    }
    const stallUntil = Date.now() + commandTimeoutMs + 200
    // Redis answers its clients in order: once a PING from another client is answered (synchronously, so this
    // process reads nothing meanwhile), the read sent before it has its answer in this process's socket.
    execFileSync('redis-cli', ['-p', String(server.port), 'PING'], { timeout: 30_000 })
    // Stalled past the timeout without spinning a core (the machine is shared): the thread sleeps.
    const remainingMs = stallUntil - Date.now()
    if (remainingMs > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, remainingMs)
    expect(await sent).toHaveLength(1)
    expect(got?.accessToken).toBe(token(1).accessToken)
    // Redis answered: the process did not fall back (a timeout would have said so here, and gone on alone).
    expect(events).toEqual([])
  })

  test('without Redis, the budget counts this process alone with fallbackRequests', async () => {
    const { shared } = await setup(false)
    const budget = redisRateBudget({
      ...shared,
      key: 'hql:fault:alone',
      requests: 100,
      windowSeconds: 60,
      fallbackRequests: 2,
      onExceeded: 'fail',
      smooth: false,
    })
    await budget.acquire()
    await budget.acquire()
    await expect(budget.acquire()).rejects.toBeInstanceOf(RateBudgetError)
  })

  test('Redis frozen while requests wait for their booked places: they go at the fallback pace, not at once', async () => {
    const { server, client, events, shared } = await setup()
    const budget = redisRateBudget({
      ...shared,
      key: 'hql:fault:waiting',
      requests: 4,
      windowSeconds: 2,
      fallbackRequests: 2,
      smooth: false,
    })
    const abort = new AbortController()
    let went = 0
    // Four go at once; four more book places a window later and wait for them.
    const acquired = Array.from({ length: 8 }, () => budget.acquire(abort.signal).then(() => void went++))
    await waitFor(() => went === 4)
    // All eight booked in Redis: the four sent, and four a window (2.05 s) later.
    await eventually(async () => Number(await rawCommand(client.redis, ['ZCARD', 'hql:fault:waiting'])) === 8)
    server.freeze()
    try {
      // At their booked time the four ask Redis to confirm: the first times out, the process falls back, and
      // the others are told at once that Redis is away. Sent then, they would all four go; this process's own
      // log (two a window, and it counted the four it sent through Redis) lets two go a window after those.
      await waitFor(() => events.some((e) => e.state === 'fallback'), 10_000)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(went).toBeLessThanOrEqual(4 + 2)
    } finally {
      abort.abort()
      server.thaw()
    }
    const results = await Promise.allSettled(acquired)
    const aborted = results.filter((r) => r.status === 'rejected')
    expect(went + aborted.length).toBe(8)
    expect(aborted.length).toBeGreaterThanOrEqual(2)
  })

  test('no token in hook payloads, even when a command carrying one fails', async () => {
    const { server, events, shared } = await setup()
    const store = redisTokenStore({ ...shared, key: 'hql:fault:secret' })
    const secret = token(9)
    server.freeze()
    try {
      await store.set(secret)
    } finally {
      server.thaw()
    }
    await server.stop()
    await store.set(secret)
    const text = JSON.stringify(events)
    expect(events.length).toBeGreaterThan(0)
    expect(text).not.toContain(secret.accessToken)
    expect(text).not.toContain(secret.refreshToken)
    expect(await store.get()).toEqual(secret)
  })
})

test("a Redis client's error that quotes the command's values reaches the hook without them", () => {
  const sealed = 'v1.abc.' + 'q'.repeat(40)
  const error = new Error(`ERR Error running script, command: EVALSHA 3 hql:t ${sealed} 1795000000000`)
  const detail = describeFailure(error, [sealed, '1795000000000'])
  expect(detail).not.toContain(sealed)
  expect(detail).toBe('Error: ERR Error running script, command: EVALSHA 3 hql:t [value] [value]')
})

/** The client, recording each command sent with its arguments (a probe is told by its key). */
function countingCommands(client: RedisClientLike): { redis: RedisClientLike; sent: string[][] } {
  const sent: string[][] = []
  if ('call' in client)
    return {
      sent,
      redis: {
        call: (command: string, args: string[]) => (
          sent.push([command, ...args]),
          client.call(command, args)
        ),
      },
    }
  return {
    sent,
    redis: { sendCommand: (args: string[]) => (sent.push([...args]), client.sendCommand(args)) },
  }
}
