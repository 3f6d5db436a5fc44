// The setup of a Redis test file: its own redis-server and one client, started before the file's tests and
// stopped after them, and fresh keys so that no two tests share one.
import { afterAll, beforeAll } from 'vitest'
import { redisClient, type ClientKind, type TestClient } from './redis-clients'
import { startRedis, type RedisServer } from './redis-server'

export interface RedisForFile {
  /** The file's redis-server (set once beforeAll ran). */
  readonly server: RedisServer
  /** The file's client of that server (set once beforeAll ran). */
  readonly client: TestClient
  /** A key no other test of the file uses: `<prefix>:<n>`. */
  freshKey(): string
}

/**
 * Starts a redis-server and a client of `kind` for the calling test file (vitest's beforeAll and afterAll).
 *
 * @example
 * const redis = redisForFile('ioredis', 'hql:test:pace')
 * test('…', async () => { await redis.client.redis.call('PING') })
 */
export function redisForFile(kind: ClientKind, prefix: string): RedisForFile {
  let server: RedisServer | undefined
  let client: TestClient | undefined
  let keys = 0
  beforeAll(async () => {
    server = await startRedis()
    client = await redisClient(kind, server.url)
  })
  afterAll(async () => {
    await client?.close()
    await server?.stop()
  })
  return {
    get server() {
      return server!
    },
    get client() {
      return client!
    },
    freshKey: () => `${prefix}:${++keys}`,
  }
}
