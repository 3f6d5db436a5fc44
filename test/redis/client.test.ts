// createClient on redisTokenStore, over real HTTP: the token manager hands its refresh to the store, so that
// clients on one Redis key (as in many processes) make one token request between them, and a refused grant
// leaves no lock behind and no token in Redis.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createClient, hql, OAuthError, returnType, type TokenRefreshInfo } from '../../src/index'
import { redisTokenStore } from '../../src/redis'
import { countingGrant, countingServer, type CountingServer } from '../support/counting-server'
import {
  clientKinds,
  countingClient,
  rawCommand,
  redisClient,
  type TestClient,
} from '../support/redis-clients'
import { startRedis, type RedisServer } from '../support/redis-server'

let server: RedisServer
let http: CountingServer
beforeAll(async () => {
  server = await startRedis()
  http = await countingServer()
})
afterAll(() => Promise.all([server.stop(), http.close()]))

const query = hql.explore().filter(returnType.eq('Movie'))

describe.each(clientKinds)('createClient with redisTokenStore on %s', (kind) => {
  const connections: TestClient[] = []
  afterAll(() => Promise.all(connections.map((c) => c.close())))
  let n = 0

  /** `sent`: each client's Redis commands, in order, as it sends them. */
  async function clients(count: number, key: string, refreshes: TokenRefreshInfo[], sent: string[][] = []) {
    return Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const connection = await redisClient(kind, server.url)
        connections.push(connection)
        const counted = countingClient(connection.redis)
        sent[index] = counted.sent
        return createClient({
          baseUrl: http.url,
          auth: countingGrant(http, {
            // 5 s for a Redis answer: past the default 500 ms (a loaded machine), a client refreshes alone, a
            // second token request where the tests count one.
            tokenStore: redisTokenStore({
              redis: counted.redis,
              key,
              pollMs: 10,
              lockMs: 5000,
              commandTimeoutMs: 5_000,
            }),
            onTokenRefresh: (info) => void refreshes.push(info),
          }),
        })
      }),
    )
  }

  test('four clients, twenty requests each, no token yet: one token request', async () => {
    const before = http.tokenRequests.length
    const refreshes: TokenRefreshInfo[] = []
    const all = await clients(4, `hql:client:${kind}:${++n}`, refreshes)
    await Promise.all(all.flatMap((client) => Array.from({ length: 20 }, () => client.run(query))))
    expect(http.tokenRequests.slice(before)).toEqual(['password'])
    expect(refreshes).toHaveLength(1)
    expect(JSON.stringify(refreshes)).not.toMatch(/fleet-access|fleet-refresh/)
  })

  test('a refused grant fails the requests, leaves no lock and no token, and the next refresh goes at once', async () => {
    const key = `hql:client:${kind}:${++n}`
    const sent: string[][] = []
    const [a, b] = await clients(2, key, [], sent)
    http.refuseTokens = 'invalid_grant'
    try {
      const errors = await Promise.all([a!.run(query), b!.run(query)].map((p) => p.catch((e: unknown) => e)))
      for (const error of errors) expect(error).toBeInstanceOf(OAuthError)
    } finally {
      http.refuseTokens = undefined
    }
    const raw = await redisClient(kind, server.url)
    connections.push(raw)
    expect(await rawCommand(raw.redis, ['EXISTS', key, `${key}:lock`])).toBe(0)
    const sentBefore = sent[1]!.length
    const tokenRequestsBefore = http.tokenRequests.length
    await b!.run(query)
    // No lock was left to wait for (its lifetime is 5 s): b read, locked, stored and unlocked, a handful of
    // commands, where waiting out a lock polls Redis every 10 ms (hundreds of reads).
    expect(sent[1]!.length - sentBefore).toBeLessThanOrEqual(10)
    expect(http.tokenRequests.slice(tokenRequestsBefore)).toEqual(['password'])
  })
})
