// A fleet: 8 worker processes (half on node-redis, half on ioredis) share one client id through Redis. With an
// expired token and 50 concurrent requests each, the token endpoint sees exactly one request; sending as fast
// as they can, the fleet stays within the rate budget in every window. The figures go to docs/fleet.md.
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { redisTokenStore } from '../../src/redis'
import { busiestWindow, countingServer, type CountingServer } from '../support/counting-server'
import { redisClient, watchGrants, type TestClient } from '../support/redis-clients'
import { startRedis, type RedisServer } from '../support/redis-server'
import type { FleetCommand, FleetReply } from './fleet-worker'

const WORKERS = 8
const CONCURRENCY = 50
const BUDGET = { requests: 40, windowSeconds: 1 }
const BUDGET_REQUESTS_PER_WORKER = 20
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

  test(`sending as fast as it can, the fleet stays within ${BUDGET.requests} per ${BUDGET.windowSeconds} s`, async () => {
    http.graphRequests.length = 0
    const total = WORKERS * BUDGET_REQUESTS_PER_WORKER
    const grants = await watchGrants(redis.url, BUDGET_KEY)
    const startedAt = Date.now()
    const replies = await fleet({ run: 'budget', requests: BUDGET_REQUESTS_PER_WORKER, concurrency: 10 })
    const elapsedMs = Date.now() - startedAt
    await grants.stop(total)
    expect(replies.flatMap((reply) => reply.failed)).toEqual([])
    const windowMs = BUDGET.windowSeconds * 1000
    // As Redis granted them: never more than the budget in any window.
    expect(grants.scores).toHaveLength(total)
    const mostGranted = busiestWindow(grants.scores, windowMs)
    expect(mostGranted).toBeLessThanOrEqual(BUDGET.requests)
    // As the service saw them arrive, timers and scheduling delay each send a little (by how much depends on
    // the machine's load: the exact guarantee is Redis's, above). The mean rate is the budget's ±5 %, and no
    // window holds a burst: a token bucket, or a budget per process, would show twice the budget or more here.
    const arrivals = http.graphRequests.map((request) => request.at).sort((a, b) => a - b)
    expect(arrivals).toHaveLength(total)
    const mostArrived = busiestWindow(arrivals, windowMs)
    expect(mostArrived).toBeLessThanOrEqual(BUDGET.requests * 1.25)
    const rate = ((total - 1) / (arrivals.at(-1)! - arrivals[0]!)) * windowMs
    expect(rate).toBeGreaterThanOrEqual(BUDGET.requests * 0.95)
    expect(rate).toBeLessThanOrEqual(BUDGET.requests * 1.05)
    const neededMs = ((total - 1) / BUDGET.requests) * windowMs
    expect(elapsedMs).toBeGreaterThanOrEqual(neededMs)
    console.info(
      `[fleet] budget ${BUDGET.requests}/${BUDGET.windowSeconds} s, ${total} requests in ${elapsedMs} ms: ` +
        `busiest window ${mostGranted} granted (Redis time), ${mostArrived} arrived (service time); ` +
        `mean rate ${rate.toFixed(1)} per window (${neededMs.toFixed(0)} ms needed at the budget)`,
    )
  }, 60_000)
})
