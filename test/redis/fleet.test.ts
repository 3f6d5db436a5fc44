// A fleet: 8 worker processes (half on node-redis, half on ioredis) share one client id through Redis. With an
// expired token and 50 concurrent requests each, the token endpoint sees exactly one request; asking for more
// than the budget over five windows, no window at the service holds more than the budget and the sustained rate is
// the budget's within 5 %. The figures go to docs/fleet.md.
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { redisTokenStore } from '../../src/redis'
import { busiestWindow, countingServer, type CountingServer } from '../support/counting-server'
import { redisClient, type TestClient } from '../support/redis-clients'
import { startRedis, type RedisServer } from '../support/redis-server'
import type { FleetCommand, FleetReply } from './fleet-worker'

const WORKERS = 8
const CONCURRENCY = 50
const BUDGET = { requests: 50, windowSeconds: 5 }
// Five windows' worth: the sustained rate is measured over several windows, not one burst.
const WINDOWS = 4
const BUDGET_REQUESTS_PER_WORKER = (BUDGET.requests * WINDOWS) / 8
const TOKEN_KEY = 'hql:fleet:tokens'
const BUDGET_KEY = 'hql:fleet:budget'

let redis: RedisServer
let http: CountingServer
let parent: TestClient
let workers: ChildProcess[] = []

beforeAll(async () => {
  redis = await startRedis()
  http = await countingServer()
  parent = await redisClient('node-redis', redis.url)
  // One at a time: loading a worker compiles its TypeScript, and eight at once would starve the timing-sensitive
  // tests that run beside this one on a small machine.
  for (let i = 0; i < WORKERS; i++) {
    const worker = fork(fileURLToPath(new URL('./fleet-worker.ts', import.meta.url)), {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        HQL_FLEET_CLIENT: i % 2 === 0 ? 'node-redis' : 'ioredis',
        HQL_FLEET_BASE_URL: http.url,
        HQL_FLEET_REDIS_URL: redis.url,
        HQL_FLEET_TOKEN_KEY: TOKEN_KEY,
        HQL_FLEET_BUDGET_KEY: BUDGET_KEY,
        HQL_FLEET_BUDGET_REQUESTS: String(BUDGET.requests),
        HQL_FLEET_BUDGET_WINDOW: String(BUDGET.windowSeconds),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    workers.push(worker)
    await once(worker, 'message')
  }
  // Each worker's warm-up request (fleet-worker.ts) is no part of what the tests count.
  http.graphRequests.length = 0
}, 60_000)

afterAll(async () => {
  await Promise.all(
    workers.map(async (worker) => {
      if (worker.exitCode !== null) return
      const exited = once(worker, 'exit')
      worker.kill()
      await exited
    }),
  )
  await parent?.close()
  await http?.close()
  await redis?.stop()
})

/** Sends every worker the command at once; their replies. */
async function fleet(command: FleetCommand): Promise<FleetReply[]> {
  const replies = workers.map((worker) => once(worker, 'message') as Promise<[FleetReply]>)
  for (const worker of workers) worker.send(command)
  return (await Promise.all(replies)).map(([reply]) => reply)
}

describe(`a fleet of ${WORKERS} processes`, () => {
  test(`${WORKERS} × ${CONCURRENCY} concurrent requests with an expired token: one token request`, async () => {
    // The fleet's token, expired: every process finds it so on its first request.
    await redisTokenStore({ redis: parent.redis, key: TOKEN_KEY }).set({
      accessToken: `expired-access-${'e'.repeat(32)}`,
      refreshToken: `seed-refresh-${'s'.repeat(32)}`,
      expiresAt: Date.now() - 1000,
    })
    const startedAt = Date.now()
    const replies = await fleet({ run: 'tokens', concurrency: CONCURRENCY })
    const elapsedMs = Date.now() - startedAt
    expect(replies.flatMap((reply) => reply.failed)).toEqual([])
    expect(replies.reduce((sum, reply) => sum + reply.ok, 0)).toBe(WORKERS * CONCURRENCY)
    expect(http.tokenRequests).toEqual(['refresh_token'])
    const used = new Set(http.graphRequests.map((request) => request.token))
    expect([...used]).toEqual([expect.stringMatching(/^fleet-access-1-/)])
    console.info(
      `[fleet] ${WORKERS} workers × ${CONCURRENCY} requests, expired token: ` +
        `${http.tokenRequests.length} token request, ${http.graphRequests.length} graph requests, ${elapsedMs} ms`,
    )
  }, 60_000)

  test(`more demand than ${BUDGET.requests} per ${BUDGET.windowSeconds} s over ${WINDOWS} windows: never more in any window the service sees, and the budget's rate ±5 %`, async () => {
    http.graphRequests.length = 0
    const total = WORKERS * BUDGET_REQUESTS_PER_WORKER
    const startedAt = Date.now()
    // Every worker keeps 10 requests waiting: the fleet asks for far more than the budget at every moment.
    const replies = await fleet({ run: 'budget', requests: BUDGET_REQUESTS_PER_WORKER, concurrency: 10 })
    const elapsedMs = Date.now() - startedAt
    expect(replies.flatMap((reply) => reply.failed)).toEqual([])
    const windowMs = BUDGET.windowSeconds * 1000
    // As the service saw them arrive, on its own clock: the budget's guarantee is about arrivals, not sends.
    const arrivals = http.graphRequests.map((request) => request.at).sort((a, b) => a - b)
    expect(arrivals).toHaveLength(total)

    // (a) No sliding window of windowSeconds, starting anywhere, holds more than the budget.
    const mostArrived = busiestWindow(arrivals, windowMs)
    expect(mostArrived).toBeLessThanOrEqual(BUDGET.requests)
    // (b) The sustained rate is the budget's, ±5 %: the fleet neither overruns it nor leaves it unused.
    const rate = ((total - 1) / (arrivals.at(-1)! - arrivals[0]!)) * windowMs
    expect(rate).toBeGreaterThanOrEqual(BUDGET.requests * 0.95)
    expect(rate).toBeLessThanOrEqual(BUDGET.requests * 1.05)
    console.info(
      `[fleet] budget ${BUDGET.requests}/${BUDGET.windowSeconds} s, ${total} requests in ${elapsedMs} ms: ` +
        `busiest ${BUDGET.windowSeconds} s window at the service ${mostArrived}; ` +
        `sustained rate ${rate.toFixed(2)} per window (${(((rate - BUDGET.requests) / BUDGET.requests) * 100).toFixed(1)} %)`,
    )
  }, 120_000)
})
