// The fleet test of paging: a client sharing its token through Redis pages a long explore through two
// fleet-mode service instances behind one address while that Redis restarts with its data gone. The service
// answers 503 while Redis is away and forgets every token after; the client retries, signs in again, and
// every item arrives exactly once, in the order of one big page.
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  createClient,
  hooks,
  hql,
  passwordGrant,
  recommended,
  retries,
  releaseDate,
  returnType,
  traits,
  type TokenRefreshInfo,
} from '../../src'
import { redisTokenStore } from '../../src/redis'
import { createService, DEMO, type Service } from '../../src/service'
import { redisClient, type TestClient } from '../support/redis-clients'
import { startRedis, type RedisServer } from '../support/redis-server'
import { roundRobin, type RoundRobin } from './round-robin'

let redis: RedisServer
let appRedis: TestClient
let serviceRedis: TestClient
let instances: Service[]
let balancer: RoundRobin

beforeAll(async () => {
  redis = await startRedis()
  appRedis = await redisClient('ioredis', redis.url)
  serviceRedis = await redisClient('node-redis', redis.url)
  const options = {
    rateLimit: false as const,
    redis: { client: serviceRedis.redis, key: 'hql:restart:service', commandTimeoutMs: 300, retryMs: 100 },
  }
  instances = await Promise.all([createService(options), createService(options)])
  balancer = await roundRobin(instances)
})
afterAll(async () => {
  await balancer.close()
  await Promise.all(instances.map((service) => service.close()))
  await appRedis.close()
  await serviceRedis.close()
  await redis.stop()
})

test('paging through a Redis restart: zero lost or repeated items', async () => {
  const base = balancer.url
  const refreshes: TokenRefreshInfo[] = []
  const retried: number[] = []
  const client = createClient({
    baseUrl: base,
    auth: passwordGrant({
      authUrl: `${base}/auth`,
      ...DEMO,
      tokenStore: redisTokenStore({
        redis: appRedis.redis,
        key: 'hql:restart:tokens',
        commandTimeoutMs: 300,
        retryMs: 100,
      }),
      onTokenRefresh: (info) => void refreshes.push(info),
    }),
    ...recommended(),
    // Redis stays away for about a second: enough retries, short enough waits, to page on through it.
    retry: retries({ limit: 20, baseDelayMs: 50, maxDelayMs: 400 }),
    middleware: [
      hooks({ onRetry: (info) => void retried.push((info.error as { status?: number }).status ?? 0) }),
    ],
  })
  const movies = hql
    .explore()
    .filter(returnType.eq('Movie'), traits.eq('mhgnr-western'))
    .sort(releaseDate.desc())
  const whole = await client.run(movies.pageSize(100))
  const expected = whole.content.map((pair) => pair.object.mhid)
  expect(whole.pagingInfo.next).toBeNull()
  expect(expected.length).toBeGreaterThan(30)

  const seen: string[] = []
  let pages = 0
  let restarted: Promise<void> | undefined
  for await (const page of client.pages(movies.pageSize(3))) {
    seen.push(...page.content.map((pair) => pair.object.mhid))
    // A third of the way in: Redis goes away for a while and comes back empty.
    if (++pages === 3)
      restarted = redis.stop().then(async () => {
        await new Promise((resolve) => setTimeout(resolve, 800))
        await redis.start()
      })
    // Paced, so that pages are asked for while Redis is down and after it is back.
    if (pages > 3 && pages < 10) await new Promise((resolve) => setTimeout(resolve, 150))
  }
  await restarted
  expect(seen).toEqual(expected)
  expect(new Set(seen).size).toBe(seen.length)
  // Pages were asked for while Redis was away: the service said 503, and the client asked again.
  expect(retried).toContain(503)
  if (process.env.HQL_FLEET_FIGURES)
    console.log({
      items: seen.length,
      pages,
      retried,
      refreshes: refreshes.map((r) => `${r.grant}:${r.reason}`),
    })
  // The restart lost every token: the client signed in again (once more than the first sign-in, at least).
  expect(refreshes.filter((r) => r.grant === 'password').length).toBeGreaterThanOrEqual(2)
})
