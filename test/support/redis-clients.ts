// The two Redis clients hql/redis supports, made the way an app makes them, for tests that run against both.
import { Redis } from 'ioredis'
import { createClient } from 'redis'
import type { RedisClientLike } from '../../src/redis'

export interface TestClient {
  readonly redis: RedisClientLike
  close(): Promise<void>
}

export type ClientKind = 'node-redis' | 'ioredis'
export const clientKinds: readonly ClientKind[] = ['node-redis', 'ioredis']

/**
 * A connected client. `connect: false` for Redis down at start: node-redis keeps reconnecting in the
 * background, ioredis too (both queue commands meanwhile, which hql must not wait for).
 */
export async function redisClient(kind: ClientKind, url: string, connect = true): Promise<TestClient> {
  if (kind === 'ioredis') {
    const redis = new Redis(url, { lazyConnect: !connect, retryStrategy: () => 50 })
    redis.on('error', () => {})
    if (!connect) redis.connect().catch(() => {})
    else if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve))
    return { redis, close: async () => void redis.disconnect() }
  }
  const redis = createClient({ url, socket: { reconnectStrategy: () => 50 } })
  redis.on('error', () => {})
  if (connect) await redis.connect()
  else redis.connect().catch(() => {})
  return {
    redis,
    close: async () => {
      if (redis.isOpen) redis.destroy()
    },
  }
}
