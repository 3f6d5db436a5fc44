import { ClientConfigError, LONGEST_TIMER, refuseUnknown, type RedisStateInfo } from '../client'
import { commandSender, type RedisClientLike, type SendCommand } from './client'
import { RedisLink } from './link'
import type { Script } from './script'

/** Options every Redis-backed part takes: the client, its key, and how Redis trouble is handled. */
export interface SharedOptions {
  /** The app's own node-redis or ioredis client, connected (hql never connects or closes it). */
  readonly redis: RedisClientLike
  /** The Redis key this part keeps its data under (and beside: `<key>:lock`, `<key>:pause`, …). */
  readonly key: string
  /** A Redis command not answered within this is given up, and the process goes on alone. Default 500 ms. */
  readonly commandTimeoutMs?: number
  /** While running alone, Redis is tried again at most this often. Default 1000 ms. */
  readonly retryMs?: number
  /** Told when this part goes to per-process behaviour, and when it is shared again. */
  readonly onRedisStateChange?: (info: RedisStateInfo) => void
}

export const DEFAULT_COMMAND_TIMEOUT_MS = 500
export const DEFAULT_RETRY_MS = 1000

/**
 * A positive number of ms within setTimeout's range (about 24.8 days: a longer one it would cut to 1 ms), or the
 * default; throws `ClientConfigError` naming the option.
 */
export function positiveMs(value: number | undefined, fallback: number, path: string[]): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !(value > 0) || !(value <= LONGEST_TIMER))
    throw new ClientConfigError(`expected a positive number of ms, at most ${LONGEST_TIMER}`, path)
  return value
}

/**
 * The checked options and the link to Redis of one part (`component` names it in errors and hooks); `own` are
 * the part's options beside the shared ones. A key that is neither is refused: a misspelt `encryptionKey` would
 * have stored the token in plain text. `suffixes` name the part's keys beside `key` (`:lock`, …), and `probe`
 * its probe (see `probeScript`).
 */
export function openLink(
  options: SharedOptions,
  component: RedisStateInfo['component'],
  now: () => number,
  own: readonly string[],
  part: { readonly probe: Script; readonly suffixes: readonly string[] },
): RedisLink {
  refuseUnknown(
    options,
    ['redis', 'key', 'commandTimeoutMs', 'retryMs', 'onRedisStateChange', ...own],
    component === 'tokenStore' ? 'redisTokenStore' : 'redisRateBudget',
    [component],
  )
  const send: SendCommand | undefined = commandSender(options.redis)
  if (send === undefined)
    throw new ClientConfigError(
      `expected a connected node-redis or ioredis client (one with sendCommand or call), got ${described(options.redis)}`,
      [component, 'redis'],
    )
  if (typeof options.key !== 'string' || options.key === '')
    throw new ClientConfigError('expected a non-empty Redis key', [component, 'key'])
  const keys = [options.key, ...part.suffixes.map((suffix) => options.key + suffix)]
  claimKeys(options.redis, component, keys)
  return new RedisLink(send, {
    component,
    key: options.key,
    keys,
    probe: part.probe,
    commandTimeoutMs: positiveMs(options.commandTimeoutMs, DEFAULT_COMMAND_TIMEOUT_MS, [
      component,
      'commandTimeoutMs',
    ]),
    retryMs: positiveMs(options.retryMs, DEFAULT_RETRY_MS, [component, 'retryMs']),
    onStateChange: options.onRedisStateChange,
    now,
  })
}

// The keys each part made on a client uses, for `claimKeys`; a client is forgotten with it.
const claimed = new WeakMap<object, Map<string, RedisStateInfo['component']>>()
// Enough for any app's parts; past it (an app making parts with keys of its own without end), no more are kept,
// so that the map does not grow for good, and Redis's own check (each part's scripts refuse a key holding the
// other's type) is what is left.
const CLAIMS_KEPT = 1000

/**
 * Refuses a part whose keys are also the other part's on the same client (one `key` given to both, an easy
 * slip): in Redis, each would take the other's data for garbage, and the scripts refuse it, so one part would go
 * on per process for good. Parts of the same kind may share keys (that is how processes share).
 */
function claimKeys(client: object, component: RedisStateInfo['component'], keys: readonly string[]): void {
  let owners = claimed.get(client)
  if (owners === undefined) claimed.set(client, (owners = new Map()))
  for (const key of keys) {
    const owner = owners.get(key)
    if (owner !== undefined && owner !== component)
      throw new ClientConfigError(
        `the key ${key} is used by the ${owner === 'tokenStore' ? 'redisTokenStore' : 'redisRateBudget'} on this client too: give each part a key of its own`,
        [component, 'key'],
      )
  }
  for (const key of keys) if (owners.size < CLAIMS_KEPT) owners.set(key, component)
}

/** What was passed instead of a client, and the usual mistake behind it; never a value (a URL may hold a password). */
function described(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return 'a string: make a client from the URL and pass the client'
  if (typeof value !== 'object' && typeof value !== 'function') return `a ${typeof value}`
  if (typeof (value as { then?: unknown }).then === 'function')
    return "a Promise: await the client's connect() first"
  const keys = Object.keys(value)
  if (keys.length === 0) return 'an empty object'
  return `an object with neither (its keys: ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''})`
}

/** Waits `ms`; the Redis parts wait only between polls, never on a caller's signal. */
export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
