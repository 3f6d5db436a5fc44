// `hql serve --redis URL`: the CLI makes the Redis client itself, with node-redis (`redis`, an optional peer
// dependency of hql, imported only when the flag is given), so that hql gains no runtime dependency.
import type { NodeRedisLike } from '../redis'

/** How long `hql serve` waits for Redis at start before giving up with a message. */
const CONNECT_MS = 5000

export interface RedisConnection {
  readonly client: NodeRedisLike
  /** Where it is, without any credentials the URL held (for the banner). */
  readonly where: string
  close(): void
}

/** Why the flag cannot be used: told to the user as it is, without the URL's credentials. */
export class RedisFlagError extends Error {
  override name = 'RedisFlagError'
  constructor(
    message: string,
    readonly kind: 'usage' | 'environment',
  ) {
    super(message)
  }
}

/** Connects to `url` (redis:// or rediss://); throws RedisFlagError when it cannot. */
export async function connectRedis(url: string): Promise<RedisConnection> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new RedisFlagError(`--redis expects a URL such as redis://127.0.0.1:6379, got '${url}'`, 'usage')
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new RedisFlagError(`--redis expects a redis:// or rediss:// URL, got '${parsed.protocol}'`, 'usage')
  const where = `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`
  let module: typeof import('redis')
  try {
    module = await import('redis')
  } catch {
    throw new RedisFlagError(
      '--redis needs the node-redis package next to hql: npm install redis',
      'environment',
    )
  }
  const client = module.createClient({
    url,
    // Reconnects in the background after a drop; the service answers 503 meanwhile (ServiceOptions.redis).
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries: number) => Math.min(100 * (retries + 1), 1000),
    },
  })
  // node-redis throws from an 'error' event nobody listens to; the service's link reports trouble itself.
  client.on('error', () => {})
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CONNECT_MS)
      }),
    ])
  } catch {
    client.destroy()
    throw new RedisFlagError(`cannot reach Redis at ${where} within ${CONNECT_MS / 1000} s`, 'environment')
  } finally {
    clearTimeout(timer)
  }
  return { client, where, close: () => void (client.isOpen ? client.destroy() : undefined) }
}
