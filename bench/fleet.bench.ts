// `npm run bench:fleet`: the sustained rate of a fleet on one shared budget, the figure docs/fleet.md states.
// 8 worker processes (test/redis/fleet-worker.ts, half node-redis, half ioredis) each send 50 requests at once
// through one redisRateBudget of 100 per 5 s, four windows' worth in all, to a counting server; the rate is read
// off the arrivals, on the server's clock. A figure, not a test: a loaded machine slows the sends, so the rate's
// lower side belongs here. What no load can excuse (no window over the budget) is test/redis/fleet.test.ts's.
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { busiestWindow, countingServer } from '../test/support/counting-server'
import { startRedis } from '../test/support/redis-server'
import type { FleetReply, WorkerMessage } from '../test/redis/fleet-worker'

const WORKERS = 8
const CONCURRENCY = 50
const BUDGET = { requests: 100, windowSeconds: 5 }
const WINDOWS = 4
const BUDGET_KEY = 'hql:bench-fleet:budget'

const redis = await startRedis()
const http = await countingServer()
const workers: ChildProcess[] = []
try {
  for (let i = 0; i < WORKERS; i++) {
    const worker = fork(fileURLToPath(new URL('../test/redis/fleet-worker.ts', import.meta.url)), {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        HQL_FLEET_CLIENT: i % 2 === 0 ? 'node-redis' : 'ioredis',
        HQL_FLEET_BASE_URL: http.url,
        HQL_FLEET_REDIS_URL: redis.url,
        HQL_FLEET_TOKEN_KEY: 'hql:bench-fleet:tokens',
        HQL_FLEET_BUDGET_KEY: BUDGET_KEY,
        HQL_FLEET_BUDGET_REQUESTS: String(BUDGET.requests),
        HQL_FLEET_BUDGET_WINDOW: String(BUDGET.windowSeconds),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    workers.push(worker)
    await once(worker, 'message')
  }
  http.graphRequests.length = 0
  const perWorker = (BUDGET.requests * WINDOWS) / WORKERS
  const replies = workers.map((worker) => once(worker, 'message') as Promise<[WorkerMessage]>)
  for (const worker of workers) worker.send({ run: 'budget', requests: perWorker, concurrency: CONCURRENCY })
  const failed = (await Promise.all(replies)).flatMap(([reply]) => (reply as FleetReply).failed)
  if (failed.length > 0) throw new Error(`the fleet failed requests: ${failed.slice(0, 3).join('; ')}`)

  const windowMs = BUDGET.windowSeconds * 1000
  const arrivals = http.graphRequests.map((request) => request.at).sort((a, b) => a - b)
  const rate = ((arrivals.length - 1) / (arrivals.at(-1)! - arrivals[0]!)) * windowMs
  console.log(
    `budget ${BUDGET.requests} per ${BUDGET.windowSeconds} s, ${WORKERS} processes × ${CONCURRENCY} waiting`,
  )
  console.log(
    `requests arrived: ${arrivals.length}; busiest ${BUDGET.windowSeconds} s window: ${busiestWindow(arrivals, windowMs)}`,
  )
  console.log(
    `sustained rate: ${rate.toFixed(2)} per window = ${(rate / BUDGET.requests).toFixed(3)}x the budget ` +
      `(docs/fleet.md: within 5 % on a quiet machine)`,
  )
} finally {
  for (const worker of workers) worker.kill()
  await http.close()
  await redis.stop()
}
