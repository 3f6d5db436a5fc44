import type { AddressInfo, Socket } from 'node:net'
import {
  AuthFailures,
  DEFAULT_AUTH_FAILURE_LIMIT,
  NO_FAILURE_LIMIT,
  type AuthFailureLimit,
} from './auth/failures'
import { Registry, type ClientConfig, type UserConfig } from './auth/registry'
import { DEMO, type DemoCredentials } from './demo'

export { DEMO, type DemoCredentials }
import { TokenStore, type Tokens } from './auth/tokens'
import type { RedisClientLike } from '../redis/client'
import { serviceLinks, type ServiceRedisOptions } from './redis/options'
import { RedisWindowCounter, redisRateLimiter } from './redis/redis-counters'
import { RedisTokens } from './redis/redis-tokens'
import type { RawCatalog } from './catalog/raw'
import { graphFor } from './graph/shared-graph'
import { RateLimiter, type Limiter, type RateLimit } from './http/rate-limit'
import type { FailureLimits } from './auth/failures'
import { createHttpServer, type ConnectionLimits } from './http/server'
import { DEFAULT_COSTLY, graphQueues } from './http/admission'
import { DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from './http/address-cap'
import { addressKey } from './http/client-address'
import { FairQueue, type FairQueueLimits } from './http/fair-queue'
import { PASSWORD_CHECKS } from './auth/password-checks'
import { defaultPlaygroundDir } from './http/playground'
import { defaultPasswordCost, passwordCosts } from './auth/passwords'
import type { QueryLimits } from './query/context'
import { checkServiceOptions, limitsOf } from './service-options'
import { shownKind, wholeNumber } from './options'
import { defaultImage } from './query/objects'
import { warmUp } from './query/warm-up'
import { GraphWorker } from './query/graph-worker'

/**
 * Options of {@link createService}; every one has a default. A key not listed here, at any level, is refused (a
 * TypeError naming its path, `options.limits.maxPageSze`), as is a count out of its range (a RangeError).
 */
export interface ServiceOptions {
  /** TCP port; 0 (the default) picks a free one. */
  readonly port?: number
  /** Interface to bind; 127.0.0.1 by default, so the service is not reachable from other machines. */
  readonly host?: string
  /** A folder with movies.json and series.json, or the records themselves; the embedded sample by default. */
  readonly catalog?: string | RawCatalog
  /** Registered applications, in addition to the demo client. */
  readonly clients?: readonly ClientConfig[]
  /** Users who can sign in, in addition to the demo user. */
  readonly users?: readonly UserConfig[]
  /**
   * scrypt's cost N for the users' password hashes: a power of two from 2^10 to 2^16; 2^14 by default (scrypt's
   * interactive default, ~50–100 ms of a core per sign-in). A test suite that signs in often may lower it, as
   * web frameworks advise for their tests (2^10 is ~16 times cheaper); a service others can reach keeps it.
   */
  readonly passwordCost?: number
  /** Access token lifetime in seconds (default 3600). */
  readonly tokenLifetimeSeconds?: number
  /** Refresh token lifetime in seconds (default 14 days). */
  readonly refreshLifetimeSeconds?: number
  /** Requests per client id per window (default 3000 per 60 s); `false` turns the limit off. */
  readonly rateLimit?: RateLimit | false
  /**
   * Failed authentications the token endpoints take before answering 429 (default 30 per source address
   * and 10 password guesses per username, per 300 s); `false` turns the limit off. Failures never spend a
   * client's own budget (`rateLimit`), so no one can lock a client out by naming its id.
   */
  readonly authFailureLimit?: AuthFailureLimit | false
  /**
   * Timeouts in milliseconds: `headersMs` (default 10 000) until a request's headers are complete,
   * `requestMs` (default 30 000) until its body is, `keepAliveMs` (default 5 000) an idle connection
   * stays open. A request over its time gets 408 within 1.25 times the timeout.
   */
  readonly timeouts?: Partial<Pick<ConnectionLimits, 'headersMs' | 'requestMs' | 'keepAliveMs'>>
  /** Open connections at most (default 1000); one beyond it is closed at once, unanswered. */
  readonly maxConnections?: number
  /**
   * Open connections from one source address at most (default 64; IPv6 addresses count by /64); one beyond it
   * is answered 503 `too_many_connections` and closed, so that one address cannot hold every connection.
   */
  readonly maxConnectionsPerAddress?: number
  /**
   * The source address of a connection, which the cap on connections, the failed-authentication counters and
   * the queue of costly requests count under: the socket's own address by default (`undefined` answered
   * here means that too). An IPv4 or IPv6 address (IPv6 counts by /64); anything else counts as one shared
   * address. Asked once per connection, when it is accepted, before any byte of it is read. No proxy header is
   * trusted: behind a reverse proxy, every client has the proxy's address unless this function says otherwise
   * (docs/security.md). Tests give one machine many addresses with it.
   */
  readonly remoteAddress?: (socket: Socket) => string | undefined
  /**
   * Costly graph requests (over 50,000 units of work) waiting or running at once: `perAddress` from one address
   * (default 4) and `waiting` in all (default 32); one more is answered 503 `overloaded` with Retry-After.
   */
  readonly admission?: { readonly perAddress?: number; readonly waiting?: number }
  /** Largest graph request body in bytes (default 100 KiB); larger bodies get 413. */
  readonly maxBodyBytes?: number
  /**
   * What one request may ask for (defaults: pageSize 20, at most 100; at most 1000 ids, 20 blueprints, 50 factors,
   * 5000 objects and 1,000,000 units of work). Above the model's `requestLimits` a value has no effect: fromJSON
   * refuses such a request first.
   */
  readonly limits?: Partial<QueryLimits>
  /**
   * Fleet mode: tokens (with refresh-token families) and rate windows (the client budget and the failed-auth
   * counters) are kept in this Redis, so that every instance given the same Redis and key prefix acts as one
   * service. The app's node-redis or ioredis client, or `{ client, key, commandTimeoutMs, retryMs,
   * onRedisStateChange }`. While Redis does not answer, requests get 503 `shared_state_unavailable` within
   * `commandTimeoutMs` (default 500 ms). Rate windows then follow the Redis server's clock, not `now`.
   */
  readonly redis?: RedisClientLike | ServiceRedisOptions
  /** The built playground served at /playground/ (default: the package's dist/playground, `npm run build`). */
  readonly playground?: string
  /** Clock in Unix milliseconds, for tests of expiry and rate windows. */
  readonly now?: () => number
}

/**
 * A running service. `await using service = await createService()` closes it at the end of the scope
 * (`Symbol.asyncDispose`); there is no `Symbol.dispose`, since closing waits for the server to stop.
 */
export interface Service extends AsyncDisposable {
  /** Base of the graph endpoints, e.g. `http://127.0.0.1:PORT` (POST `${baseUrl}/graph/explore`). */
  readonly baseUrl: string
  /** Base of the token endpoint: POST `${authUrl}/1.3/security/oauth/token`. */
  readonly authUrl: string
  /** The demo client and user, with the scope a password grant needs: `passwordGrant({ authUrl, ...demo })`. */
  readonly demo: DemoCredentials
  /** Milliseconds spent loading the catalog and building the graph index (0 when reused from cache). */
  readonly startupMs: number
  /** Stops listening and closes every connection; calling it again (or disposing) waits for the same close. */
  close(): Promise<void>
  /** The same as `close()`. */
  [Symbol.asyncDispose](): Promise<void>
}

export const DEFAULT_RATE_LIMIT: RateLimit = { requests: 3000, windowSeconds: 60 }
export const DEFAULT_MAX_BODY_BYTES = 100 * 1024
export const DEFAULT_CONNECTION_LIMITS: Required<ConnectionLimits> = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  maxConnections: 1000,
  maxPerAddress: DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
}
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600
export const DEFAULT_REFRESH_LIFETIME_SECONDS = 14 * 24 * 3600

/**
 * Starts the reference service over the sample catalog.
 *
 * @example
 * await using service = await createService() // closed at the end of the scope
 * const client = createClient({
 *   baseUrl: service.baseUrl,
 *   auth: passwordGrant({ authUrl: service.authUrl, ...service.demo }),
 * })
 */
export async function createService(options: ServiceOptions = {}): Promise<Service> {
  // Before any work starts: a misspelt or unusable option is refused, naming it, not left out.
  checkServiceOptions(options)
  const now = options.now ?? Date.now
  const connections = connectionLimits(options)
  const users: UserConfig[] = [
    { username: DEMO.username, password: DEMO.password, name: 'Demo User' },
    ...(options.users ?? []),
  ]
  const clients: ClientConfig[] = [
    { clientId: DEMO.clientId, clientSecret: DEMO.clientSecret, passwordGrant: true },
    ...(options.clients ?? []),
  ]
  // scrypt runs on libuv's thread pool, so the password hashes are computed while this thread builds the
  // graph instead of after it; the registry is still complete (no password in the clear) before we listen.
  const registryReady = Registry.create(clients, users, checkedPasswordCost(options.passwordCost))
  let built: ReturnType<typeof graphFor>
  try {
    built = graphFor(options.catalog, users)
  } catch (error) {
    registryReady.catch(() => undefined) // the build error is the one to report
    throw error
  }
  const { graph, ms } = built
  const limits = limitsOf(options.limits)
  let image = defaultImage('')
  // Before listening, so that no client meets the engine cold (./query/warm-up.ts); the password hashes are
  // still being computed on the thread pool meanwhile.
  warmUp({ graph, limits, defaultImage: () => image })
  const registry = await registryReady
  const { tokens, limiter, failures } = sharedState(options, now)
  const remoteAddress = options.remoteAddress
  let baseUrl = ''
  // Started by the first costly request, after the service listens (baseUrl is known by then).
  const graphWorker = new GraphWorker(() => ({
    catalog: options.catalog,
    users: users.map(({ password: _, ...user }) => user),
    limits,
    baseUrl,
  }))
  const server = createHttpServer({
    graph,
    registry,
    tokens,
    limiter,
    failures,
    connections,
    limits,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    defaultImage: () => image,
    playgroundDir: options.playground ?? defaultPlaygroundDir(),
    graphWork: graphQueues(admissionLimits(options)),
    graphWorker,
    passwordChecks: new FairQueue(PASSWORD_CHECKS),
    addressOf: (socket) => addressKey(remoteAddress?.(socket) ?? socket.remoteAddress),
  })
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  image = defaultImage(baseUrl)
  // One close, however often it is asked for: `await using` after an explicit close() must not fail with
  // ERR_SERVER_NOT_RUNNING.
  let closed: Promise<void> | undefined
  const close = () =>
    (closed ??= Promise.all([
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
      graphWorker.close(),
    ]).then(() => undefined))
  return {
    baseUrl,
    authUrl: `${baseUrl}/auth`,
    demo: DEMO,
    startupMs: ms,
    close,
    [Symbol.asyncDispose]: close,
  }
}

/** Where the service keeps tokens and counts requests: this process's memory, or Redis (fleet mode). */
function sharedState(
  options: ServiceOptions,
  now: () => number,
): { tokens: Tokens; limiter: Limiter; failures: FailureLimits } {
  const lifetimes = {
    accessSeconds: options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
    refreshSeconds: options.refreshLifetimeSeconds ?? DEFAULT_REFRESH_LIFETIME_SECONDS,
  }
  const limit = options.rateLimit === false ? undefined : (options.rateLimit ?? DEFAULT_RATE_LIMIT)
  const failureLimit =
    options.authFailureLimit === false ? undefined : (options.authFailureLimit ?? DEFAULT_AUTH_FAILURE_LIMIT)
  if (options.redis === undefined)
    return {
      tokens: new TokenStore(lifetimes, now),
      limiter: new RateLimiter(limit ?? { requests: Number.MAX_SAFE_INTEGER, windowSeconds: 60 }, now),
      failures: failureLimit === undefined ? NO_FAILURE_LIMIT : new AuthFailures(failureLimit, now),
    }
  const links = serviceLinks(options.redis)
  const counter = (what: string, budget: number) =>
    new RedisWindowCounter(links.rates, `${links.prefix}:${what}`, budget, failureLimit?.windowSeconds ?? 1)
  return {
    tokens: new RedisTokens(links.tokens, links.prefix, lifetimes, now),
    limiter: limit === undefined ? { take: () => 0 } : redisRateLimiter(links.rates, links.prefix, limit),
    failures:
      failureLimit === undefined
        ? NO_FAILURE_LIMIT
        : {
            byAddress: counter('fail:address', failureLimit.perAddress),
            byUsername: counter('fail:username', failureLimit.perUsername),
          },
  }
}

/** The `passwordCost` option, checked: scrypt takes a power of two, and the range keeps a check cheap enough. */
function checkedPasswordCost(cost: number | undefined): number {
  if (cost === undefined) return defaultPasswordCost
  const { min, max } = passwordCosts
  if (!Number.isSafeInteger(cost) || cost < min || cost > max || (cost & (cost - 1)) !== 0)
    throw new RangeError(
      `options.passwordCost must be a power of two from ${min} to ${max}, got ${shownKind(cost)}`,
    )
  return cost
}

/** The connection limits of the options, checked: Node needs positive whole milliseconds, headers first. */
function connectionLimits(options: ServiceOptions): Required<ConnectionLimits> {
  const limits: Required<ConnectionLimits> = {
    ...DEFAULT_CONNECTION_LIMITS,
    ...options.timeouts,
    ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
    ...(options.maxConnectionsPerAddress === undefined
      ? {}
      : { maxPerAddress: options.maxConnectionsPerAddress }),
  }
  for (const [name, path] of [
    ['headersMs', 'options.timeouts.headersMs'],
    ['requestMs', 'options.timeouts.requestMs'],
    ['keepAliveMs', 'options.timeouts.keepAliveMs'],
    ['maxConnections', 'options.maxConnections'],
    ['maxPerAddress', 'options.maxConnectionsPerAddress'],
  ] as const)
    wholeNumber(limits[name], path)
  if (limits.headersMs > limits.requestMs)
    throw new RangeError(
      `options.timeouts.headersMs (${limits.headersMs}) must not exceed options.timeouts.requestMs (${limits.requestMs})`,
    )
  return limits
}

/** The admission of costly requests: the defaults, with what the options change, checked. */
function admissionLimits(options: ServiceOptions): Pick<FairQueueLimits, 'perKey' | 'waiting'> {
  const limits = {
    ...DEFAULT_COSTLY,
    ...(options.admission?.perAddress === undefined ? {} : { perKey: options.admission.perAddress }),
    ...(options.admission?.waiting === undefined ? {} : { waiting: options.admission.waiting }),
  }
  wholeNumber(limits.perKey, 'options.admission.perAddress', { least: 0 })
  wholeNumber(limits.waiting, 'options.admission.waiting', { least: 0 })
  return limits
}
