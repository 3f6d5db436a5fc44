import type { Query, ResultOf } from '../model/core'
import { compile } from '../compile'
import { endpointNames, graphPath } from '../model/wire'
import type { Auth } from './auth/auth'
import { parseJsonOrUndefined } from './body'
import { send, type ClientCore, type Outgoing } from './call'
import { readCallOptions, readHeaders, readMiddleware, readRetry, type CallOptions } from './call-options'
import { runCheck, type ResponseCheck, type StandardSchemaV1 } from './check'
import { ClientConfigError, InvalidResponseError } from './errors'
import type { FetchLike, Middleware, RetryPolicy } from './middleware'
import { numberOption, positive, refuseUnknown, wholeOrInfinity } from './option-checks'
import type { Paging, PagingMethods } from './paging/paging'
import { settle, type SafeResult } from './safe'
import { Secrets } from './secrets'
import type { GraphRequest } from './types'
import { parseBaseUrl } from './urls'

/**
 * The default `maxResponseBytes`, 8 MiB: 4x the largest page measured from the reference service (100 movies
 * with their images, contributors and sources: 1.9 MB), and small enough that a hostile body cannot fill memory.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 << 20

/**
 * Options of `createClient`. Only `baseUrl` and `auth` are required: that is the core (fetch, the token, one
 * renewal after a 401, the origin rule, errors that carry the service's answer, time and size limits, abort).
 * The rest are pieces a program imports when it wants them, so that a bundle carries only those:
 * `recommended()` is the usual set.
 */
export interface ClientOptions {
  /** Where the service lives: `https://graph.example.com`, or with a base path `https://host/api`. */
  readonly baseUrl: string
  /** How the token is obtained: a grant (`passwordGrant(…)`, `staticTokenGrant(…)`, …) or your own `Auth`. */
  readonly auth: Auth
  /** A fetch to use instead of `globalThis.fetch` (which is otherwise looked up at each call). */
  readonly fetch?: FetchLike | undefined
  /** Extra headers on every request; the client's own (`authorization`, `content-type`, `accept`) are refused. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** Limit for one attempt, response body included. Default 10 000 ms. */
  readonly timeoutMs?: number | undefined
  /** Limit for one call (one page): every attempt, every wait, and the wait for a token. Default 30 000 ms. */
  readonly totalTimeoutMs?: number | undefined
  /**
   * Longest response body read, in bytes (UTF-8, as received): a longer one is dropped mid-stream, or refused on
   * its Content-Length, with `LimitExceededError` (limit `'maxResponseBytes'`). Default 8 MiB (8 388 608).
   */
  readonly maxResponseBytes?: number | undefined
  /** Whether and when a failed attempt is tried again: `retries()`, or your own function. Default: never. */
  readonly retry?: RetryPolicy | false | undefined
  /** The check of every query's response: `strictCheck`, `looseCheck`, a function, a Standard Schema. Default: none. */
  readonly check?: ResponseCheck | undefined
  /** Pieces around every attempt, in order: `rateLimit(budget)`, `hooks({…})`, your own. */
  readonly middleware?: readonly Middleware[] | undefined
  /** `paging()`: `next`, `previous`, `page`, `pages`, `items` and `collect`. */
  readonly paging?: Paging | undefined
}

const OPTIONS = [
  'baseUrl',
  'auth',
  'fetch',
  'headers',
  'timeoutMs',
  'totalTimeoutMs',
  'maxResponseBytes',
  'retry',
  'check',
  'middleware',
  'paging',
]

/** What `client.request` sends: the shape `compile` returns, for any path below `baseUrl`. */
export interface RequestSpec {
  /** A path below `baseUrl`: `/graph/search`, `/graph/explore`. */
  readonly endpoint: string
  /** Default `POST`. */
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON; none when undefined. */
  readonly body?: unknown
}

/** Options of `client.request`: a call's, and the check of its answer. */
export interface RequestOptions<T> extends CallOptions {
  /** Checks the answer, and types it: a function returning the value, or a Standard Schema. */
  readonly check?: ((json: unknown) => T) | StandardSchemaV1<unknown, T>
  /**
   * Whether sending the request twice changes nothing, which a retry policy is told: by default true for GET
   * and for the graph query endpoints, false otherwise (an action's POST).
   */
  readonly idempotent?: boolean
}

/** Runs queries against one service. */
export interface Client {
  /**
   * Sends the query and resolves with its first (or only) page, typed as the query's result.
   *
   * @example
   * const page = await client.run(hql.explore().filter(returnType.eq('Movie')))
   */
  run<Q extends Query>(query: Q, options?: CallOptions): Promise<ResultOf<Q>>
  /**
   * Sends any JSON body to any path below `baseUrl`, with the same token, retries, limits, redaction and errors:
   * for what hql does not model. Resolves with the JSON answer (undefined for an empty one), typed by `check`.
   *
   * @example
   * const found = await client.request({ endpoint: '/graph/search', body: { query: 'alien' } })
   * const people = await client.request(compile(q), { check: MySchema }) // typed by the schema
   */
  request<T = unknown>(request: RequestSpec, options?: RequestOptions<T>): Promise<T>
  /**
   * `run` for apps that prefer values to exceptions: resolves with `{ data, error: undefined }`, or with `{
   * data: undefined, error }` for any ClientError. Other errors (a TypeError, a middleware's own) still throw.
   *
   * @example
   * const { data, error } = await client.safeRun(q)
   * if (error) return console.error(error.message) // HttpError, TimeoutError, …
   * console.log(data.content.length)
   */
  safeRun<Q extends Query>(query: Q, options?: CallOptions): Promise<SafeResult<ResultOf<Q>>>
}

/** A client with the `paging()` piece: its methods too. */
export interface PagingClient extends Client, PagingMethods {}

/**
 * Creates a client for the service at `baseUrl`, authenticated by `auth`. Alone, it is the core; pass the
 * pieces you want, or `...recommended()` for strict checks, retries and paging.
 *
 * @example
 * const client = createClient({
 *   baseUrl: 'https://graph.example.com',
 *   auth: passwordGrant({ authUrl: 'https://auth.example.com', clientId, clientSecret, username, password }),
 *   ...recommended(),
 * })
 * const first = await client.run(hql.explore().filter(returnType.eq('Movie')))
 */
export function createClient(options: ClientOptions & { readonly paging: Paging }): PagingClient
export function createClient(options: ClientOptions): Client
export function createClient(options: ClientOptions): Client | PagingClient {
  const base = parseBaseUrl(options.baseUrl)
  const { auth, retry, check, paging } = options
  if (typeof auth?.token !== 'function')
    throw new ClientConfigError('expected passwordGrant(…), staticTokenGrant(…) or another Auth', ['auth'])
  // An option it does not know would be ignored: the pieces that replaced the old options say what they are.
  refuseUnknown(options, OPTIONS, 'createClient')
  // Options' types are TypeScript's to check, but a fetch that is no function would fail inside each attempt as a
  // network failure, and be retried as one.
  if (options.fetch !== undefined && typeof options.fetch !== 'function')
    throw new ClientConfigError('expected a function', ['fetch'])
  if (
    check !== undefined &&
    typeof check !== 'function' &&
    typeof check?.['~standard']?.validate !== 'function'
  )
    throw new ClientConfigError('expected strictCheck, looseCheck, a function or a Standard Schema', [
      'check',
    ])
  // The credentials are known before any request, so that no error or hook ever shows one. A string for the
  // list would be read a character at a time, and the secret itself never looked for: refused, as anything else.
  const secrets = new Secrets()
  const credentials: unknown = auth.secrets ?? []
  if (!Array.isArray(credentials) || !credentials.every((secret) => typeof secret === 'string'))
    throw new ClientConfigError('expected an array of strings', ['auth', 'secrets'])
  for (const secret of credentials) secrets.add(secret)
  const core: ClientCore = {
    base,
    auth,
    fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init),
    headers: readHeaders(options.headers, ['headers']),
    secrets,
    maxResponseBytes: numberOption(
      options.maxResponseBytes,
      DEFAULT_MAX_RESPONSE_BYTES,
      ['maxResponseBytes'],
      wholeOrInfinity,
    ),
    timeoutMs: numberOption(options.timeoutMs, 10_000, ['timeoutMs'], positive),
    totalTimeoutMs: numberOption(options.totalTimeoutMs, 30_000, ['totalTimeoutMs'], positive),
    retry: readRetry(retry),
    middleware: readMiddleware(options.middleware),
  }
  const { scrub } = secrets

  /**
   * One request, its answer read as JSON (an InvalidResponseError if it is none; an empty answer is undefined
   * where `emptyIsNone`, for `request`) and checked by `check`, told the query when there is one.
   */
  const exchange = async (
    outgoing: Outgoing,
    call: CallOptions | undefined,
    check: ResponseCheck | undefined,
    query?: Query,
    emptyIsNone?: boolean,
  ) => {
    const { text, request } = await send(core, outgoing, call)
    const { endpoint, body } = outgoing
    if (text === '' && emptyIsNone) return undefined
    const json = parseJsonOrUndefined(text)
    if (json === undefined)
      throw new InvalidResponseError(`the ${endpoint} response is not JSON (${text.length} characters)`, {
        request: request(),
      })
    return check === undefined
      ? json
      : runCheck(check, json, {
          endpoint,
          body,
          query,
          scrub,
          // Described only when asked (an error of the check's own): a response that passes never needs it.
          get request() {
            return request()
          },
        })
  }

  /** One graph request of a query's page (or a continuation: `query` undefined), checked by the client's check. */
  const runRequest = (request: GraphRequest, call: CallOptions | undefined, query?: Query) =>
    exchange(request, call, check, query)
  const pages = paging?.attach({ run: runRequest, scrub })

  const client: Client = {
    run: async (query, call) => {
      const page = await runRequest(compile(query), readCallOptions(call), query)
      pages?.seen(page, query)
      return page as never
    },
    request: async (spec, options) => {
      const call = readCallOptions(options, ['check', 'idempotent'])
      refuseUnknown(spec, ['endpoint', 'method', 'body'], 'a request')
      const { endpoint, method = 'POST', body } = spec
      // fetch refuses a body with them, and that would pass for a network failure.
      if (body !== undefined && /^(?:GET|HEAD)$/i.test(method))
        throw new ClientConfigError(`expected no body for ${method}`, ['body'])
      return exchange(
        {
          endpoint,
          method,
          body,
          idempotent:
            call.idempotent ??
            (method === 'GET' || endpointNames.some((name) => endpoint === graphPath(name))),
        },
        call,
        call.check as ResponseCheck | undefined,
        undefined,
        true,
      ) as never
    },
    safeRun: (query, call) => settle(() => client.run(query, call)),
  }
  return pages === undefined ? client : { ...client, ...pages.methods }
}
