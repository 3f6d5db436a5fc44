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

/**
 * The scores (Redis server times, ms) of every ZADD to `key` while it runs: the places a rate budget granted,
 * as Redis itself decided them, free of the delay between a grant and the moment its process hears of it.
 */
export async function watchGrants(
  url: string,
  key: string,
): Promise<{ scores: number[]; stop(expected: number): Promise<void> }> {
  const scores: number[] = []
  const monitor = createClient({ url })
  monitor.on('error', () => {})
  await monitor.connect()
  await monitor.monitor((line: string) => {
    const match = /"ZADD" "([^"]+)" "([\d.]+)"/i.exec(line)
    if (match?.[1] === key) scores.push(Number(match[2]))
  })
  return {
    scores,
    // MONITOR's stream trails the commands a little: wait for the grants the caller knows of.
    async stop(expected) {
      for (let i = 0; i < 100 && scores.length < expected; i++) await new Promise((r) => setTimeout(r, 20))
      monitor.destroy()
    },
  }
}

/** A raw command through either client, for looking at what is stored. */
export function rawCommand(redis: RedisClientLike, args: string[]): Promise<unknown> {
  return 'call' in redis ? redis.call(args[0]!, args.slice(1)) : redis.sendCommand(args)
}

/**
 * The app's client as hql sees it (the same kind: `sendCommand` for node-redis, `call` for ioredis), counting
 * the commands sent through it: "no command is sent" is a count, where "answers at once" was a time a busy
 * machine could break.
 */
export function countingClient(client: RedisClientLike): { redis: RedisClientLike; sent: string[] } {
  const sent: string[] = []
  if ('call' in client)
    return {
      sent,
      redis: {
        call: (command: string, args: string[]) => (sent.push(command), client.call(command, args)),
      },
    }
  return {
    sent,
    redis: { sendCommand: (args: string[]) => (sent.push(args[0] ?? ''), client.sendCommand(args)) },
  }
}
