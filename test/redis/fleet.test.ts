// A fleet: 8 worker processes (half on node-redis, half on ioredis) share one client id through Redis. With an
// expired token and 50 concurrent requests each, the token endpoint sees exactly one request; with 50 requests
// each waiting at once, far more than the budget, no window of the fleet's sends, on Redis's clock, holds more
// than the budget (the windows of arrivals at the service and the sustained rate, figures a loaded machine
// changes, are bench/fleet.bench.ts's); and each worker pages an explore through two fleet-mode service
// instances behind one address while Redis restarts with its data gone, every item exactly once and in order.
// The figures go to docs/fleet.md.
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { redisTokenStore } from '../../src/redis'
import { createService, DEMO } from '../../src/service'
import { busiestWindow, countingServer, type CountingServer } from '../support/counting-server'
import { nodeScript } from '../support/node-script'
import { redisClient, watchGrants, type TestClient } from '../support/redis-clients'
import { startRedis, type RedisServer } from '../support/redis-server'
import type { FleetCommand, FleetReply, PagingReply, WorkerMessage } from './fleet-worker'
import { roundRobin } from './round-robin'

const WORKERS = 8
const CONCURRENCY = 50
// 50 requests waiting in each worker at once: 400, four windows' worth, so that the fleet asks for far more
// than the budget at every moment and the sustained rate is measured over four windows, not one burst.
const BUDGET = { requests: 100, windowSeconds: 5 }
const WINDOWS = 4
const BUDGET_REQUESTS_PER_WORKER = (BUDGET.requests * WINDOWS) / WORKERS
const TOKEN_KEY = 'hql:fleet:tokens'
const BUDGET_KEY = 'hql:fleet:budget'
// Paging: each worker pauses after this many pages while the parent stops Redis, then paces the next pages so
// that some are asked for while Redis is away (about 0.8 s) and some after it is back.
const PAGING = { pauseAfter: 3, pacedPages: 6, paceMs: 150, downMs: 800 }

let redis: RedisServer
let http: CountingServer
let parent: TestClient
let workers: ChildProcess[] = []

// The worker bundled once into JavaScript, not loaded through tsx eight times.
const workerScript = nodeScript(new URL('./fleet-worker.ts', import.meta.url))

beforeAll(async () => {
  redis = await startRedis()
  http = await countingServer()
  parent = await redisClient('node-redis', redis.url)
  // One at a time: eight workers loading at once would starve the tests that run beside this one.
  for (let i = 0; i < WORKERS; i++) {
    const worker = fork(workerScript.path, {
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
  // A guard against a hang, not a measure of speed: eight workers started one after another passed the suite's
  // 120 s in npm test at load 30 (3 CPU burners beside another npm test).
}, 600_000)

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
  workerScript.remove()
})

/** Sends every worker the command at once; their next messages. */
async function fleet(command: FleetCommand): Promise<WorkerMessage[]> {
  const replies = workers.map((worker) => once(worker, 'message') as Promise<[WorkerMessage]>)
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
    const replies = (await fleet({ run: 'tokens', concurrency: CONCURRENCY })) as FleetReply[]
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
  })

  test(`${WORKERS} × ${CONCURRENCY} concurrent requests on a budget of ${BUDGET.requests} per ${BUDGET.windowSeconds} s (${WINDOWS} windows' worth): never more in any window of sends`, async () => {
    http.graphRequests.length = 0
    const total = WORKERS * BUDGET_REQUESTS_PER_WORKER
    const watch = await watchGrants(redis.url, BUDGET_KEY)
    const startedAt = Date.now()
    // Every worker sends its 50 at once: all 400 wait for their places in the fleet's one budget.
    const replies = (await fleet({
      run: 'budget',
      requests: BUDGET_REQUESTS_PER_WORKER,
      concurrency: CONCURRENCY,
    })) as FleetReply[]
    const elapsedMs = Date.now() - startedAt
    await watch.stop(total, parent.redis)
    expect(replies.flatMap((reply) => reply.failed)).toEqual([])
    // Redis answered every worker throughout: what follows is the shared budget's count, not a fallback's.
    expect(replies.flatMap((reply) => reply.budgetStates)).toEqual([])
    const windowMs = BUDGET.windowSeconds * 1000
    // Every request sent, each with its send time in the fleet's log (Redis's own, from its scripts).
    const arrivals = http.graphRequests.map((request) => request.at).sort((a, b) => a - b)
    expect(arrivals).toHaveLength(total)
    const sent = watch.sent()
    expect(sent).toHaveLength(total)
    // No sliding window of windowSeconds, starting anywhere, holds more than the budget's sends: a count on
    // Redis's clock, which no load changes. The same windows of arrivals at the service also depend on each
    // request's trip (docs/fleet.md: the margin covers a trip up to `marginMs` slower than another's); a loaded
    // machine stretches trips past it (103 of 100 seen under load), so that figure is bench/fleet.bench.ts's,
    // printed here for the record.
    expect(busiestWindow(sent, windowMs)).toBeLessThanOrEqual(BUDGET.requests)
    const mostArrived = busiestWindow(arrivals, windowMs)
    const rate = ((total - 1) / (arrivals.at(-1)! - arrivals[0]!)) * windowMs
    console.info(
      `[fleet] budget ${BUDGET.requests}/${BUDGET.windowSeconds} s, ${total} requests in ${elapsedMs} ms: ` +
        `busiest ${BUDGET.windowSeconds} s window at the service ${mostArrived}; ` +
        `sustained rate ${rate.toFixed(2)} per window (${(((rate - BUDGET.requests) / BUDGET.requests) * 100).toFixed(1)} %)`,
    )
  }, 120_000)

  test(`each of the ${WORKERS} pages an explore through 2 service instances while Redis restarts: zero lost or repeated items`, async () => {
    const options = {
      redis: { client: parent.redis, key: 'hql:fleet:service', commandTimeoutMs: 300, retryMs: 100 },
    }
    await using a = await createService(options)
    await using b = await createService(options)
    const balancer = await roundRobin([a, b])
    try {
      const startedAt = Date.now()
      // Every worker pages first; once all have paged a little, Redis stops and they page on through it.
      const paused = await Promise.all(
        workers.map(async (worker, i) => {
          const message = once(worker, 'message') as Promise<[WorkerMessage]>
          worker.send({
            run: 'page',
            baseUrl: balancer.url,
            tokenKey: 'hql:fleet:paging-tokens',
            credentials: DEMO,
            // 2 to 4 items a page: the workers' pages differ, and each sees its own sequence.
            pageSize: 2 + (i % 3),
            ...PAGING,
          } satisfies FleetCommand)
          return (await message)[0]
        }),
      )
      expect(paused).toEqual(workers.map(() => ({ paused: PAGING.pauseAfter })))
      const replies = workers.map((worker) => once(worker, 'message') as Promise<[PagingReply]>)
      await redis.stop()
      for (const worker of workers) worker.send({ run: 'resume' } satisfies FleetCommand)
      await new Promise((resolve) => setTimeout(resolve, PAGING.downMs))
      await redis.start()
      const paged = (await Promise.all(replies)).map(([reply]) => reply)
      const elapsedMs = Date.now() - startedAt

      for (const reply of paged) {
        expect(reply.failed).toEqual([])
        expect(reply.expected.length).toBeGreaterThan(30)
        // Every item exactly once, in the order of one big page, across the pages before, during and after.
        expect(reply.seen).toEqual(reply.expected)
        expect(new Set(reply.seen).size).toBe(reply.seen.length)
        // Its first page after the pause went while Redis was away: the service said 503, the client asked again.
        expect(reply.retried).toContain(503)
      }
      const retries = paged.flatMap((reply) => reply.retried)
      const signIns = paged.flatMap((reply) => reply.refreshes).filter((r) => r.startsWith('password:'))
      console.info(
        `[fleet] paging through a Redis restart: ${WORKERS} workers, ` +
          `${paged.reduce((sum, r) => sum + r.seen.length, 0)} items in ${paged.reduce((sum, r) => sum + r.pages, 0)} pages, ` +
          `0 lost, 0 repeated; ${retries.length} retries (${retries.filter((s) => s === 503).length} on 503), ` +
          `${signIns.length} sign-ins; ${elapsedMs} ms`,
      )
    } finally {
      await balancer.close()
    }
  })
})
