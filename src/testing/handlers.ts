import { http, HttpResponse, type HttpHandler } from 'msw'
import { HqlError, TOKEN_PATH } from '../model'
import {
  bearerToken,
  checkLimits,
  createQueryEngine,
  DEFAULT_LIMITS,
  errorResponse,
  invalidToken,
  parseJson,
  type QueryEngine,
  type QueryEngineOptions,
  type QueryLimits,
} from '../service'
import { canonical, endpointName, sortedJson } from './canonical'
import { checkedOptions, fixturesByKey } from './handler-options'
import type { HqlFixture } from './fixtures'
import { TestTokenEndpoint, type TestCredentials, type TokenState } from './token-endpoint'

/** Options of {@link hqlHandlers}. */
export interface HqlHandlersOptions {
  /** Where the client sends graph requests: the same `baseUrl` as `createClient`'s. */
  readonly baseUrl: string
  /** Base of the token endpoint (`{authUrl}/1.3/security/oauth/token`); `${baseUrl}/auth` by default. */
  readonly authUrl?: string
  /** Canned answers, matched on the canonical request (key order and older forms make no difference). */
  readonly fixtures?: readonly HqlFixture[]
  /**
   * What answers a request no fixture matches: the reference service's engine over the embedded catalog
   * (`true`, the default, or its options), or nothing (`false`: a 404 `no_fixture` naming the request).
   */
  readonly catalog?: boolean | QueryEngineOptions
  /** Client (and user) credentials the token endpoint checks; by default any values are (a client must still send some). */
  readonly credentials?: TestCredentials
  /**
   * Lifetime of issued access tokens (default 3600 s), a positive number; a graph request with an expired one
   * gets 401.
   */
  readonly tokenLifetimeSeconds?: number
}

// A fixture's answer that a retry policy retries (429, 5xx) says `Retry-After: 0`: a test of a failure makes its
// attempts at once instead of waiting out the backoff (three attempts of the default policy took 552 ms).
const retryAtOnce = (status: number): Record<string, string> =>
  status === 429 || status >= 500 ? { 'retry-after': '0' } : {}

const errorJson = (status: number, error: string, message: string) =>
  HttpResponse.json({ error, message, status }, { status })

/**
 * msw handlers that stand in for the Entertainment Graph Query Service: the four graph endpoints and the token
 * endpoint. A graph request is validated with the model first (a request that does not validate gets the
 * service's 400 body, with the `path` of the offending value), then answered by a matching fixture, else by
 * the reference service's engine over the embedded catalog. The token, body and limit checks are the
 * service's own (same status, code and message). Graph requests need a bearer token (the header, or
 * `?access_token=`): one the token endpoint issued (checked for expiry) or any other (a static token), which
 * acts as the catalog's demo user; client_credentials tokens act as no user. A bad option (an unknown key, a
 * lifetime of 0, two fixtures for one request) is a TypeError or RangeError naming it.
 *
 * @example
 * const server = setupServer(...hqlHandlers({ baseUrl: 'https://graph.test' }))
 * const client = createClient({ baseUrl: 'https://graph.test', auth: staticTokenGrant('t') })
 */
export function hqlHandlers(options: HqlHandlersOptions): HttpHandler[] {
  checkedOptions(options)
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const authUrl = (options.authUrl ?? `${baseUrl}/auth`).replace(/\/+$/, '')
  const tokens = new TestTokenEndpoint(options.tokenLifetimeSeconds ?? 3600, options.credentials)
  const fixtures = fixturesByKey(options.fixtures ?? [])
  // The catalog answers unless turned off; `true` and leaving it out mean the same.
  const engineOptions: QueryEngineOptions | undefined =
    options.catalog === false ? undefined : typeof options.catalog === 'object' ? options.catalog : {}
  let engine: QueryEngine | undefined

  // The limits the service would apply: the catalog's, or the service's defaults when the catalog is off.
  const limits: QueryLimits = { ...DEFAULT_LIMITS, ...engineOptions?.limits }

  async function graph(request: Request, endpoint: string): Promise<Response | undefined> {
    const name = endpointName(endpoint)
    // Another path below the base URL is not ours to answer: msw passes it on.
    if (name === undefined) return undefined
    // The service's own token, body and limit checks, in its order, so that the handlers refuse what it
    // refuses with the same status and code.
    let state: TokenState
    let json: unknown
    let key: string
    try {
      const token = bearerToken(request.headers.get('authorization'), new URL(request.url))
      state = tokens.state(token)
      if (state === 'expired') throw invalidToken()
      json = parseJson(Buffer.from(await request.arrayBuffer()))
      const request_ = canonical({ endpoint: name, body: json })
      checkLimits(limits, name, request_.body)
      key = sortedJson(request_)
    } catch (error) {
      if (!(error instanceof HqlError)) throw error
      const answer = errorResponse(error)
      return HttpResponse.json(answer.body, { status: answer.status, headers: answer.headers })
    }
    const found = fixtures.get(key)?.[1]
    if (found !== undefined)
      return HttpResponse.json(found.body as never, {
        status: found.status,
        headers: retryAtOnce(found.status),
      })
    if (engineOptions === undefined)
      return errorJson(404, 'no_fixture', `no fixture answers POST /graph/${name} ${key}`)
    engine ??= createQueryEngine({ baseUrl, ...engineOptions })
    // client_credentials tokens act as no user; any other token as the catalog's demo user.
    const answer = engine.answer(name, json, state?.user === false ? { username: null } : {})
    return HttpResponse.json(answer.body as never, { status: answer.status })
  }

  return [
    http.post(`${authUrl}${TOKEN_PATH}`, ({ request }) => tokens.answer(request)),
    http.post(`${baseUrl}/graph/:endpoint`, ({ request, params }) =>
      graph(request, String(params['endpoint'])),
    ),
    // relate's pagingInfo.next names the bare /relate; the service answers every graph endpoint there too.
    http.post(`${baseUrl}/:endpoint`, ({ request, params }) => graph(request, String(params['endpoint']))),
  ]
}
