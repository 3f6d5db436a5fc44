// The service's fleet mode: its tokens and rate windows in the app's Redis, through hql/redis's own client
// adapter and link (timeouts, fallback detection, recovery probes), so that several instances act as one.
import { commandSender, type RedisClientLike } from '../../redis/client'
import { RedisLink, RedisUnavailable, type LinkOptions } from '../../redis/link'
import { ServiceError } from '../http/errors'
import { keysOf, ofType, optionsOf, shownKind } from '../options'

/** `createService({ redis })` in full; a bare client takes every default. */
export interface ServiceRedisOptions {
  /** The app's node-redis or ioredis client, connected (the service never connects or closes it). */
  readonly client: RedisClientLike
  /** Prefix of every key the service keeps (default `hql:service`); instances that share it act as one. */
  readonly key?: string
  /** A command not answered within this fails the request with 503 (default 500 ms). */
  readonly commandTimeoutMs?: number
  /** While Redis is away, it is tried again at most this often (default 1000 ms). */
  readonly retryMs?: number
  /** Told when Redis stops answering (`fallback`: the service answers 503) and when it answers again. */
  readonly onRedisStateChange?: (info: RedisStateInfo) => void
}

export const DEFAULT_SERVICE_KEY = 'hql:service'
// hql/redis's defaults (redis/options.ts, which this file does not import: it would bring the client's errors).
const DEFAULT_COMMAND_TIMEOUT_MS = 500
const DEFAULT_RETRY_MS = 1000

type RedisStateInfo = Parameters<NonNullable<LinkOptions['onStateChange']>>[0]

/** The two links of a service: its tokens and its rate windows, each reported under its own key. */
export interface ServiceLinks {
  readonly prefix: string
  readonly tokens: RedisLink
  readonly rates: RedisLink
}

/** The `redis` option with its defaults filled in. */
type CheckedRedisOptions = Required<Omit<ServiceRedisOptions, 'onRedisStateChange'>> &
  Pick<ServiceRedisOptions, 'onRedisStateChange'>

const redisKeys = keysOf<ServiceRedisOptions>({
  client: true,
  key: true,
  commandTimeoutMs: true,
  retryMs: true,
  onRedisStateChange: true,
})

/**
 * `createService`'s `redis` option in full, checked: a TypeError or RangeError naming the option. The app's
 * client is taken as it is; the object form holds only the keys above.
 *
 * @example
 * redisOptionsOf({ client, keyy: 'app' }) // TypeError: options.redis.keyy is not an option (…); did you mean 'key'?
 */
export function redisOptionsOf(option: unknown): CheckedRedisOptions {
  if (commandSender(option as RedisClientLike) !== undefined)
    return {
      client: option as RedisClientLike,
      key: DEFAULT_SERVICE_KEY,
      commandTimeoutMs: DEFAULT_COMMAND_TIMEOUT_MS,
      retryMs: DEFAULT_RETRY_MS,
    }
  const options = optionsOf(option, 'options.redis', redisKeys) as Partial<ServiceRedisOptions>
  if (commandSender(options.client as RedisClientLike) === undefined)
    throw new TypeError('options.redis: expected a node-redis or ioredis client, or { client, key?, … }')
  const prefix = options.key ?? DEFAULT_SERVICE_KEY
  if (typeof prefix !== 'string' || prefix === '')
    throw new TypeError('options.redis.key: expected a non-empty Redis key prefix')
  const ms = (name: 'commandTimeoutMs' | 'retryMs', fallback: number) => {
    const value = options[name] ?? fallback
    if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value))
      throw new RangeError(`options.redis.${name}: expected a positive number of ms, got ${shownKind(value)}`)
    return value
  }
  ofType(options.onRedisStateChange, 'options.redis.onRedisStateChange', 'function', true)
  return {
    client: options.client as RedisClientLike,
    key: prefix,
    commandTimeoutMs: ms('commandTimeoutMs', DEFAULT_COMMAND_TIMEOUT_MS),
    retryMs: ms('retryMs', DEFAULT_RETRY_MS),
    ...(options.onRedisStateChange === undefined ? {} : { onRedisStateChange: options.onRedisStateChange }),
  }
}

/** The links of `createService`'s `redis` option (checked by {@link redisOptionsOf}). */
export function serviceLinks(option: RedisClientLike | ServiceRedisOptions): ServiceLinks {
  const options = redisOptionsOf(option)
  const send = commandSender(options.client) as NonNullable<ReturnType<typeof commandSender>>
  const prefix = options.key
  const link = (component: RedisStateInfo['component'], key: string) =>
    new RedisLink(send, {
      component,
      key,
      commandTimeoutMs: options.commandTimeoutMs,
      retryMs: options.retryMs,
      onStateChange: options.onRedisStateChange,
      now: Date.now,
    })
  return { prefix, tokens: link('tokenStore', `${prefix}:tokens`), rates: link('budget', `${prefix}:rate`) }
}

/**
 * Redis did not answer: 503, not a fallback to this instance's memory. An instance alone would refuse the
 * tokens the others issued and could redeem a refresh token they already spent (reuse detection needs the
 * one shared record), so a service in fleet mode is one service or none. The link decides within
 * `commandTimeoutMs`, and while Redis stays away it answers at once.
 */
export function unavailable(error: unknown): never {
  if (!(error instanceof RedisUnavailable)) throw error
  throw new ServiceError(
    503,
    'shared_state_unavailable',
    "the service's shared state (Redis) did not answer; retry shortly",
    { headers: { 'Retry-After': '1' } },
  )
}
