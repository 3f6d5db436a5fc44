// A token endpoint answering a lifetime too large for a number (expires_in 1e306: expiresAt was Infinity, which
// JSON writes as null), against a real redis-server: the stored token must read back, not be asked for anew on
// every call.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createClient, hql, returnType } from '../../src/index'
import { redisTokenStore } from '../../src/redis'
import { countingGrant, countingServer, type CountingServer } from '../support/counting-server'
import { redisClient, type TestClient } from '../support/redis-clients'
import { startRedis, type RedisServer } from '../support/redis-server'

let server: RedisServer
let tokens: CountingServer
let redis: TestClient
beforeAll(async () => {
  server = await startRedis()
  tokens = await countingServer(1e306)
  redis = await redisClient('node-redis', server.url)
})
afterAll(() => Promise.all([redis.close(), server.stop(), tokens.close()]))

test('a token with expires_in 1e306 is stored once and read back by every call', async () => {
  const client = createClient({
    baseUrl: tokens.url,
    auth: countingGrant(tokens, {
      tokenStore: redisTokenStore({ redis: redis.redis, key: 'hql:test:huge-expiry' }),
    }),
  })
  const query = hql.explore().filter(returnType.eq('Movie'))
  for (let i = 0; i < 4; i++) await client.run(query)
  // Before the fix: 4, one per call.
  expect(tokens.tokenRequests).toHaveLength(1)
})
