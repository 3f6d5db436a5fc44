import type { AuthFailureLimit } from './auth/failures'
import type { ClientConfig, UserConfig } from './auth/registry'
import type { ServiceOptions } from './create-service'
import type { RateLimit } from './http/rate-limit'
import { keysOf, kindOf, ofType, optionsOf, wholeNumber } from './options'
import type { QueryEngineOptions } from './query-engine'
import { DEFAULT_LIMITS, type QueryLimits } from './query/context'
import { redisOptionsOf } from './redis/options'

// createService's and createQueryEngine's options, checked before anything starts: every key at every level
// against the keys the code reads (a TypeError naming its path), and the numbers the code would misuse (a
// RangeError). The connection limits, the admission of costly requests and passwordCost are checked where they
// are read (create-service.ts), with the same helpers.

const serviceKeys = keysOf<ServiceOptions>({
  port: true,
  host: true,
  catalog: true,
  clients: true,
  users: true,
  passwordCost: true,
  tokenLifetimeSeconds: true,
  refreshLifetimeSeconds: true,
  rateLimit: true,
  authFailureLimit: true,
  timeouts: true,
  maxConnections: true,
  maxConnectionsPerAddress: true,
  remoteAddress: true,
  admission: true,
  maxBodyBytes: true,
  limits: true,
  redis: true,
  playground: true,
  now: true,
})
const engineKeys = keysOf<QueryEngineOptions>({ catalog: true, users: true, limits: true, baseUrl: true })
const limitKeys = keysOf<QueryLimits>({
  defaultPageSize: true,
  maxPageSize: true,
  maxIds: true,
  maxObjects: true,
  maxBlueprints: true,
  maxFactors: true,
  maxWork: true,
})
const timeoutKeys = keysOf<NonNullable<ServiceOptions['timeouts']>>({
  headersMs: true,
  requestMs: true,
  keepAliveMs: true,
})
const admissionKeys = keysOf<NonNullable<ServiceOptions['admission']>>({ perAddress: true, waiting: true })
const rateLimitKeys = keysOf<RateLimit>({ requests: true, windowSeconds: true })
const failureLimitKeys = keysOf<AuthFailureLimit>({
  perAddress: true,
  perUsername: true,
  windowSeconds: true,
})
const clientKeys = keysOf<ClientConfig>({ clientId: true, clientSecret: true, passwordGrant: true })
const userKeys = keysOf<UserConfig>({ username: true, password: true, name: true, email: true })

/**
 * Refuses createService's options if one is unknown or unusable, naming it (`options.limits.maxPageSze`).
 * Functions and the app's Redis client are taken as they are.
 *
 * @example
 * checkServiceOptions({ limits: { maxPageSze: 5 } }) // TypeError: options.limits.maxPageSze is not an option (…); did you mean 'maxPageSize'?
 */
export function checkServiceOptions(options: ServiceOptions): void {
  const o = optionsOf(options, 'options', serviceKeys)
  // undefined is the option's default; the numbers are read where they are used.
  const whole = (key: string, range?: { least: number; most: number }) =>
    o[key] === undefined || wholeNumber(o[key], `options.${key}`, range)
  whole('port', { least: 0, most: 65535 })
  ofType(o['host'], 'options.host', 'string', true)
  ofType(o['playground'], 'options.playground', 'string', true)
  ofType(o['remoteAddress'], 'options.remoteAddress', 'function', true)
  ofType(o['now'], 'options.now', 'function', true)
  listOf(o['clients'], 'options.clients', checkClient)
  checkUsers(o['users'], 'options.users')
  whole('tokenLifetimeSeconds')
  whole('refreshLifetimeSeconds')
  whole('maxBodyBytes')
  budget(o['rateLimit'], 'options.rateLimit', rateLimitKeys)
  budget(o['authFailureLimit'], 'options.authFailureLimit', failureLimitKeys)
  optionsOf(o['timeouts'], 'options.timeouts', timeoutKeys)
  optionsOf(o['admission'], 'options.admission', admissionKeys)
  limitsOf(o['limits'])
  if (o['redis'] !== undefined) redisOptionsOf(o['redis'])
}

/**
 * Refuses createQueryEngine's options if one is unknown or unusable, naming it.
 *
 * @example
 * checkEngineOptions({ catalogg: 'data' }) // TypeError: options.catalogg is not an option (…); did you mean 'catalog'?
 */
export function checkEngineOptions(options: QueryEngineOptions): void {
  const o = optionsOf(options, 'options', engineKeys)
  ofType(o['baseUrl'], 'options.baseUrl', 'string', true)
  checkUsers(o['users'], 'options.users')
  limitsOf(o['limits'])
}

/**
 * The query limits of the options (`options.limits`) over the defaults (undefined is the default), each a
 * positive whole number, the default page size within the largest: a service whose every request without a pageSize is refused is no use.
 *
 * @example
 * limitsOf({ maxWork: 10_000 }) // DEFAULT_LIMITS with maxWork 10,000
 */
export function limitsOf(option: unknown): QueryLimits {
  const given = optionsOf(option, 'options.limits', limitKeys)
  const limits = { ...DEFAULT_LIMITS }
  // A key given as undefined keeps its default, as a key left out does.
  for (const key of limitKeys as readonly (keyof QueryLimits)[])
    limits[key] = wholeNumber(given[key] ?? DEFAULT_LIMITS[key], `options.limits.${key}`)
  if (limits.defaultPageSize > limits.maxPageSize)
    throw new RangeError(
      `options.limits.defaultPageSize (${limits.defaultPageSize}) must not exceed options.limits.maxPageSize (${limits.maxPageSize})`,
    )
  return limits
}

/** A budget (`rateLimit`, `authFailureLimit`): `false`, or every one of its counts a positive whole number. */
function budget(option: unknown, path: string, keys: readonly string[]): void {
  if (option === false || option === undefined) return
  const given = optionsOf(option, path, keys)
  // Each count is required: windowSeconds 0, Infinity or NaN made Retry-After values no client can follow.
  for (const key of keys) wholeNumber(given[key], `${path}.${key}`)
}

function checkUsers(users: unknown, path: string): void {
  listOf(users, path, (user, at) => {
    const u = optionsOf(user, at, userKeys)
    ofType(u['username'], `${at}.username`, 'string')
    ofType(u['password'], `${at}.password`, 'string')
    ofType(u['name'], `${at}.name`, 'string', true)
    ofType(u['email'], `${at}.email`, 'string', true)
  })
}

function checkClient(client: unknown, at: string): void {
  const c = optionsOf(client, at, clientKeys)
  ofType(c['clientId'], `${at}.clientId`, 'string')
  ofType(c['clientSecret'], `${at}.clientSecret`, 'string')
  ofType(c['passwordGrant'], `${at}.passwordGrant`, 'boolean', true)
}

/** Checks each item of the list at `path` (by index, so that a hole is checked too, not skipped). */
function listOf(list: unknown, path: string, check: (item: unknown, at: string) => void): void {
  if (list === undefined) return
  if (!Array.isArray(list)) throw new TypeError(`${path} must be an array, got ${kindOf(list)}`)
  for (let i = 0; i < list.length; i++) {
    const at = `${path}[${i}]`
    if (list[i] === undefined) throw new TypeError(`${at} must be an object, got undefined`)
    check(list[i], at)
  }
}
