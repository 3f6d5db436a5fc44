// The reference service in fleet mode: two instances on one Redis act as one service (tokens, refresh-token
// families, the client budget and the failed-auth counters are shared; no token is kept as itself), and Redis
// trouble gives 503 in bounded time. A real redis-server, real HTTP on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createService, DEMO, type Service } from '../../src/service'
import { serviceLinks } from '../../src/service/redis/options'
import { RedisTokens } from '../../src/service/redis/redis-tokens'
import { countingClient, rawCommand, redisClient, type TestClient } from '../support/redis-clients'
import { startRedis, type RedisServer } from '../support/redis-server'

let redis: RedisServer
let client: TestClient
beforeAll(async () => {
  redis = await startRedis()
  client = await redisClient('node-redis', redis.url)
})
afterAll(async () => {
  await client.close()
  await redis.stop()
})

const basic = `Basic ${Buffer.from(`${DEMO.clientId}:${DEMO.clientSecret}`).toString('base64')}`

async function token(service: Service, form: Record<string, string>, authorization = basic) {
  const response = await fetch(`${service.authUrl}/1.3/security/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: authorization },
    body: new URLSearchParams(form),
  })
  return { status: response.status, body: (await response.json()) as Record<string, string> }
}

const signIn = (service: Service) =>
  token(service, {
    grant_type: 'password',
    username: DEMO.username,
    password: DEMO.password,
    scope: 'public_profile user_likes',
  })

async function explore(service: Service, accessToken: string) {
  const response = await fetch(`${service.baseUrl}/graph/explore`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ filters: {}, pageSize: 1 }),
  })
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  }
}

/** Two instances on the same Redis and key prefix. */
async function pair(key: string, extra: Parameters<typeof createService>[0] = {}) {
  const options = { ...extra, redis: { client: client.redis, key, commandTimeoutMs: 300, retryMs: 100 } }
  const [a, b] = await Promise.all([createService(options), createService(options)])
  return { a: a!, b: b!, [Symbol.asyncDispose]: () => Promise.all([a.close(), b.close()]).then(() => {}) }
}

describe('two service instances on one Redis', () => {
  test('a token issued by A is accepted by B', async () => {
    await using services = await pair('hql:svc:accept')
    const { body } = await signIn(services.a)
    expect((await explore(services.b, body.access_token!)).status).toBe(200)
    // And an instance on another prefix is another service: it does not know the token.
    await using other = await createService({ redis: { client: client.redis, key: 'hql:svc:other' } })
    expect((await explore(other, body.access_token!)).status).toBe(401)
  })

  test('a refresh token redeemed on A is spent on B, and its reuse there revokes the family', async () => {
    await using services = await pair('hql:svc:refresh')
    const first = (await signIn(services.a)).body
    const rotated = await token(services.a, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
    })
    expect(rotated.status).toBe(200)
    expect((await explore(services.b, rotated.body.access_token!)).status).toBe(200)
    const reuse = await token(services.b, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
    })
    expect(reuse).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    // The family is gone on both instances: the rotated access and refresh tokens no longer work.
    expect((await explore(services.a, rotated.body.access_token!)).status).toBe(401)
    const again = await token(services.a, {
      grant_type: 'refresh_token',
      refresh_token: rotated.body.refresh_token!,
    })
    expect(again.status).toBe(400)
  })

  test('the per-client budget is shared: A and B together take no more than it', async () => {
    await using services = await pair('hql:svc:budget', { rateLimit: { requests: 6, windowSeconds: 60 } })
    const { body } = await signIn(services.a) // the token request spends one
    const statuses: number[] = []
    for (let i = 0; i < 8; i++)
      statuses.push((await explore(i % 2 === 0 ? services.a : services.b, body.access_token!)).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(5)
    const refused = await explore(services.b, body.access_token!)
    expect(refused.status).toBe(429)
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
  })

  test('failed authentications from one address are counted across instances', async () => {
    await using services = await pair('hql:svc:failures', {
      authFailureLimit: { perAddress: 4, perUsername: 100, windowSeconds: 60 },
    })
    const wrong = `Basic ${Buffer.from(`${DEMO.clientId}:wrong`).toString('base64')}`
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await token(i % 2 === 0 ? services.a : services.b, { grant_type: 'client_credentials' }, wrong))
          .status,
      )
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429])
    // Even the right secret is refused from that address now, on either instance.
    expect((await token(services.b, { grant_type: 'client_credentials' })).status).toBe(429)
  })
})

/** Every key in Redis with everything stored under it, as text, whatever its type. */
async function dumpRedis(): Promise<string[]> {
  const command = (...args: string[]) => rawCommand(client.redis, args)
  const keys: string[] = []
  let cursor = '0'
  do {
    const [next, batch] = (await command('SCAN', cursor, 'COUNT', '1000')) as [string, string[]]
    keys.push(...batch)
    cursor = next
  } while (cursor !== '0')
  const read = new Map<string, (key: string) => Promise<unknown>>([
    ['string', (key) => command('GET', key)],
    ['hash', (key) => command('HGETALL', key)],
    ['set', (key) => command('SMEMBERS', key)],
    ['zset', (key) => command('ZRANGE', key, '0', '-1', 'WITHSCORES')],
    ['list', (key) => command('LRANGE', key, '0', '-1')],
  ])
  return Promise.all(
    keys.map(async (key) => {
      const type = String(await command('TYPE', key))
      const value = (await read.get(type)?.(key)) ?? `(${type})`
      return `${key} ${JSON.stringify(value)}`
    }),
  )
}

test('Redis holds no usable token: neither key names nor values contain an access or refresh token', async () => {
  await using services = await pair('hql:svc:secrets')
  const first = (await signIn(services.a)).body
  const rotated = (
    await token(services.b, { grant_type: 'refresh_token', refresh_token: first.refresh_token! })
  ).body
  const tokens = [first.access_token, first.refresh_token, rotated.access_token, rotated.refresh_token]
  for (const issued of tokens) expect(issued).toMatch(/^\S{20,}$/)
  // Both pairs are stored (the rotated one works on the other instance), yet not as themselves.
  expect((await explore(services.a, rotated.access_token!)).status).toBe(200)
  const stored = await dumpRedis()
  expect(stored.filter((entry) => entry.startsWith('hql:svc:secrets:')).length).toBeGreaterThan(0)
  for (const issued of tokens) expect(stored.filter((entry) => entry.includes(issued!))).toEqual([])
})

test('a rotation that loses the race with a reuse on another instance hands out a pair that is dead', async () => {
  const links = serviceLinks({ client: client.redis, key: 'hql:svc:race' })
  const lifetimes = { accessSeconds: 60, refreshSeconds: 600 }
  const a = new RedisTokens(links.tokens, links.prefix, lifetimes, Date.now)
  const b = new RedisTokens(links.tokens, links.prefix, lifetimes, Date.now)
  const grant = { clientId: DEMO.clientId, username: DEMO.username, scopes: ['public_profile'] }
  const first = await a.issue(grant, true)
  // A redeems; before it issues the new pair, B sees the same refresh token again and revokes the family.
  const redeemed = await a.redeem(first.refreshToken!, DEMO.clientId)
  expect(redeemed).toBeDefined()
  expect(await b.redeem(first.refreshToken!, DEMO.clientId)).toBeUndefined()
  const rotated = await a.issue(grant, true, redeemed!.family)
  expect(await b.verify(rotated.accessToken)).toBeUndefined()
  expect(await b.redeem(rotated.refreshToken!, DEMO.clientId)).toBeUndefined()
  expect(await b.verify(first.accessToken)).toBeUndefined()
})

describe('the redis option', () => {
  test('instances on node-redis and on ioredis share one service', async () => {
    const io = await redisClient('ioredis', redis.url)
    try {
      await using a = await createService({ redis: { client: client.redis, key: 'hql:svc:mixed' } })
      await using b = await createService({ redis: io.redis }) // a bare client: the default prefix
      await using c = await createService({ redis: { client: io.redis, key: 'hql:svc:mixed' } })
      const { body } = await signIn(a)
      expect((await explore(c, body.access_token!)).status).toBe(200)
      expect((await explore(b, body.access_token!)).status).toBe(401)
    } finally {
      await io.close()
    }
  })

  test('a value that is no Redis client, or a bad setting, is refused naming the option', async () => {
    await expect(createService({ redis: {} as never })).rejects.toThrow(
      'redis: expected a node-redis or ioredis client',
    )
    await expect(createService({ redis: { client: client.redis, key: '' } })).rejects.toThrow('redis.key')
    await expect(createService({ redis: { client: client.redis, commandTimeoutMs: 0 } })).rejects.toThrow(
      'redis.commandTimeoutMs: expected a positive number of ms, got 0',
    )
  })
})

describe('Redis trouble', () => {
  test('Redis frozen: 503 within the command timeout, never a hang; back to 200 once it answers', async () => {
    const events: string[] = []
    const counted = countingClient(client.redis)
    await using service = await createService({
      redis: {
        client: counted.redis,
        key: 'hql:svc:down',
        commandTimeoutMs: 300,
        retryMs: 100,
        onRedisStateChange: (info) => void events.push(`${info.component}:${info.state}`),
      },
    })
    const { body } = await signIn(service)
    redis.freeze()
    try {
      const sentFrozen = counted.sent.length
      const answer = await explore(service, body.access_token!)
      expect(answer).toMatchObject({
        status: 503,
        retryAfter: '1',
        body: { error: 'shared_state_unavailable' },
      })
      // The answer came while Redis was still frozen, after one command left without an answer: one command
      // timeout, not one per command the request would have sent (the background probes are SETs). Counted as
      // unanswered, not as sent: SIGSTOP takes a moment, and under load Redis answered a first command after
      // freeze() (2 sent, 1 left without an answer).
      expect(counted.sent.slice(sentFrozen).filter((command) => command !== 'SET').length).toBeGreaterThan(0)
      expect(counted.unanswered().filter((command) => command !== 'SET')).toHaveLength(1)
      // While Redis stays away, the answer is immediate: no command is sent.
      const sentBefore = counted.sent.length
      expect(sentBefore).toBeGreaterThan(0) // the service talks to Redis through the counted client
      expect((await explore(service, body.access_token!)).status).toBe(503)
      expect(counted.sent.slice(sentBefore)).toEqual([])
      expect((await signIn(service)).status).toBe(503)
    } finally {
      redis.thaw()
    }
    await expect
      .poll(async () => (await explore(service, body.access_token!)).status, { timeout: 5000 })
      .toBe(200)
    expect(events).toContain('tokenStore:fallback')
    expect(events).toContain('tokenStore:shared')
  })
})
