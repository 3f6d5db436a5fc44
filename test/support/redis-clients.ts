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
 * What a rate budget did on Redis while this runs, as Redis itself decided it, free of the delay between a
 * decision and the moment its process hears of it: `scores`, the time (Redis server ms) of each booking (a ZADD
 * that adds a request to `key`); `sent`, each request's last score: the time its confirmation sent it (a
 * confirmation that refuses moves the score on; the one that sends it sets it to Redis's now).
 */
export async function watchGrants(
  url: string,
  key: string,
): Promise<{
  scores: number[]
  sent(): number[]
  stop(expected: number, through?: RedisClientLike): Promise<void>
}> {
  const scores: number[] = []
  const last = new Map<string, number>()
  const marker = `hql:watch:${Math.random().toString(36).slice(2)}`
  let marked = false
  const monitor = createClient({ url })
  monitor.on('error', () => {})
  await monitor.connect()
  await monitor.monitor((line: string) => {
    if (line.includes(marker)) marked = true
    const match = /"ZADD" "([^"]+)" ((?:"(?:XX|CH)" )*)"([\d.]+)" "([^"]+)"/i.exec(line)
    if (match?.[1] !== key) return
    if (match[2] === '') scores.push(Number(match[3]))
    last.set(match[4]!, Number(match[3]))
  })
  return {
    scores,
    sent: () => [...last.values()].sort((a, b) => a - b),
    // MONITOR's stream trails the commands a little: wait for the grants the caller knows of, and, given a
    // client, for a command sent through it now (MONITOR gives commands in the order Redis ran them, so every
    // confirmation before it is in too). The bound (30 s) guards against a hang and measures nothing: under the
    // load of every heavy tier at once, 2 s was once too little (a budget test failed there, and passed alone).
    async stop(expected, through) {
      if (through !== undefined) await rawCommand(through, ['ECHO', marker])
      const done = () => scores.length >= expected && (through === undefined || marked)
      for (let i = 0; i < 1500 && !done(); i++) await new Promise((r) => setTimeout(r, 20))
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
export function countingClient(client: RedisClientLike): {
  redis: RedisClientLike
  sent: string[]
  /** The commands sent and not answered yet (nor failed), in the order sent. */
  unanswered: () => string[]
} {
  const sent: string[] = []
  const waiting = new Map<number, string>()
  // Each command counted as sent, and as waiting until its answer (or failure) comes.
  const count = <T>(command: string, reply: () => Promise<T>): Promise<T> => {
    const id = sent.push(command)
    waiting.set(id, command)
    return reply().finally(() => waiting.delete(id))
  }
  const unanswered = () => [...waiting.values()]
  if ('call' in client)
    return {
      sent,
      unanswered,
      redis: { call: (command: string, args: string[]) => count(command, () => client.call(command, args)) },
    }
  return {
    sent,
    unanswered,
    redis: { sendCommand: (args: string[]) => count(args[0] ?? '', () => client.sendCommand(args)) },
  }
}
