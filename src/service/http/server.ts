import { CHECK_TOKEN_PATH, endpointAtPath, TOKEN_PATH } from '../../model'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { clipped } from '../../model/shown'
import {
  checkTokenEndpoint,
  tokenEndpoint,
  type OAuthAnswer,
  type TokenEndpointDeps,
  type TokenRequest,
} from '../auth/token-endpoint'
import type { Grant, Tokens } from '../auth/tokens'
import type { GraphIndex } from '../graph/graph-index'
import type { ImageNode } from '../graph/entities'
import type { GraphEndpoint as Endpoint } from '../query/answer'
import type { QueryLimits } from '../query/context'
import { jsonBytes } from '../query/json-text'
import { DEFAULT_IMAGE_PATH } from '../query/objects'
import { readBody } from './body'
import { bearerToken, invalidToken } from './bearer'
import { admitQuery, earlyRefusal, graphQueues, type GraphQueues } from './admission'
import { capConnectionsPerAddress, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, isRefused } from './address-cap'
import { addressKey } from './client-address'
import { answerClientError, answerRaw, checkingInterval, type ConnectionLimits } from './connections'
import { applyCors } from './cors'
import { answerPlayground } from './playground'
import { answerPoster } from './posters'
import { errorResponse, ServiceError } from './errors'
import type { GraphWorker } from '../query/graph-worker'
import { SafeIncomingMessage } from './incoming'
import type { Limiter } from './rate-limit'

export type { ConnectionLimits } from './connections'

export interface ServerDeps extends TokenEndpointDeps {
  readonly graph: GraphIndex
  readonly tokens: Tokens
  readonly limiter: Limiter
  readonly limits: QueryLimits
  readonly maxBodyBytes: number
  readonly defaultImage: () => ImageNode
  readonly connections: ConnectionLimits
  /** The built playground's folder (dist/playground by default): `hql serve` answers it at /playground/. */
  readonly playgroundDir: string
  /** The queues of graph work (./admission.ts); `graphQueues()` when not given. */
  readonly graphWork?: GraphQueues
  /** The thread costly requests run on once it is up (../query/graph-worker.ts); none: the event loop. */
  readonly graphWorker?: GraphWorker
  /**
   * The key of a connection's source address (./client-address.ts), for the cap on connections per address,
   * the failed-authentication counters and the queue of costly requests; the socket's address by default.
   */
  readonly addressOf?: (socket: Socket) => string
}

/** The dependencies with the defaults of what ServerDeps leaves optional. */
type FullDeps = ServerDeps & Required<Pick<ServerDeps, 'graphWork' | 'addressOf'>>

/** The service's own routes of the token endpoints: its authUrl is `${baseUrl}/auth`. */
export const SERVICE_TOKEN_ROUTE = `/auth${TOKEN_PATH}`
export const SERVICE_CHECK_TOKEN_ROUTE = `/auth${CHECK_TOKEN_PATH}`
/** The token endpoint's body is a few form fields: a small limit of its own. */
export const TOKEN_BODY_LIMIT = 8 * 1024

const DEFAULT_IMAGE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900" viewBox="0 0 600 900">' +
  '<rect width="600" height="900" fill="#d9d9de"/><text x="300" y="470" font-family="sans-serif" font-size="48" ' +
  'text-anchor="middle" fill="#6b6b76">no image</text></svg>'

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (response.headersSent) {
    response.destroy()
    return
  }
  // The same text as JSON.stringify, with each rendered object's default fields encoded once per process and
  // copied as bytes (../query/json-out.ts). One buffer: the length and the socket read the same bytes.
  const bytes = jsonBytes(body)
  // A body not read to its end (413, or a 401 before reading) would be parsed as the next request.
  const unread = response.req !== undefined && !response.req.complete
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': bytes.length,
    ...(unread ? { Connection: 'close' } : {}),
    ...headers,
  })
  response.end(bytes)
}

/**
 * The answer to anything a handler threw: its JSON error, or a 500 that tells nothing. Never throws itself:
 * if even that answer cannot be written (the socket is gone, a header is refused), the connection is closed,
 * so that no request, whatever it holds, can turn into an exception that ends the process.
 */
function sendError(response: ServerResponse, error: unknown): void {
  try {
    const { status, body, headers } = errorResponse(error)
    send(response, status, body, headers)
  } catch {
    try {
      response.destroy()
    } catch {
      // Nothing more can be done for this request; the server goes on.
    }
  }
}

function sendOAuth(response: ServerResponse, answer: OAuthAnswer): void {
  send(response, answer.status, answer.body, answer.headers)
}

/** What the token endpoints read of a request (never the header dictionary itself). */
function tokenRequest(deps: FullDeps, request: IncomingMessage): TokenRequest {
  // Distinct values: Node keeps the first of two Content-Type or Authorization headers, which would let the
  // first of two credentials win; the endpoint refuses them instead.
  const contentType = request.headersDistinct['content-type'] ?? []
  const authorization = request.headersDistinct.authorization ?? []
  const repeated =
    authorization.length > 1 ? 'Authorization' : contentType.length > 1 ? 'Content-Type' : undefined
  return {
    contentType: contentType[0],
    authorization: authorization[0],
    address: deps.addressOf(request.socket),
    ...(repeated === undefined ? {} : { repeated }),
  }
}

/** The grant of the request's bearer token (the header, or the older `?access_token=` parameter). */
async function authenticate(deps: ServerDeps, request: IncomingMessage, url: URL): Promise<Grant> {
  const grant = await deps.tokens.verify(bearerToken(request.headersDistinct.authorization, url))
  if (grant === undefined) throw invalidToken()
  return grant
}

async function graphRequest(
  deps: FullDeps,
  endpoint: Endpoint,
  request: IncomingMessage,
  url: URL,
): Promise<unknown> {
  const grant = await authenticate(deps, request, url)
  const wait = await deps.limiter.take(grant.clientId)
  if (wait > 0)
    throw new ServiceError(429, 'rate_limited', `too many requests for this client id; retry in ${wait} s`, {
      headers: { 'Retry-After': String(wait) },
    })
  const address = deps.addressOf(request.socket)
  const refusal = earlyRefusal(deps.graphWork, address, Number(request.headers['content-length']))
  if (refusal !== undefined) throw refusal
  refuseEncoding(request.headersDistinct['content-encoding'])
  const body = await readBody(request, deps.maxBodyBytes)
  return admitQuery(deps, endpoint, body, grant.username, address)
}

/**
 * A graph request's body is read as it arrives (./body.ts decodes no Content-Encoding): an encoded one would
 * be parsed as its compressed bytes, or worse, parsed as plain text when it was sent plain but labelled
 * otherwise. Any coding but `identity` is 415, naming the one the service takes (RFC 7694 §3).
 */
function refuseEncoding(values: readonly string[] | undefined): void {
  const codings = (values ?? []).flatMap((value) => value.split(',')).map((c) => c.trim().toLowerCase())
  const other = codings.find((coding) => coding !== 'identity' && coding !== '')
  if (other !== undefined)
    throw new ServiceError(
      415,
      'bad_body',
      `the request body has Content-Encoding ${clipped(other)}, which the service does not decode; send it unencoded`,
      { headers: { 'Accept-Encoding': 'identity' } },
    )
}

/**
 * The request target as a URL. Node passes the target through as sent, and an absolute-form target can be
 * anything (`http://[/graph/explore`, a port that is not a number): that is the client's mistake, a 400.
 */
function requestUrl(request: IncomingMessage): URL {
  try {
    return new URL(request.url ?? '/', 'http://localhost')
  } catch {
    throw new ServiceError(
      400,
      'invalid_request_target',
      'the request target is not a valid URL; send a path such as /graph/explore',
    )
  }
}

async function route(deps: FullDeps, request: IncomingMessage, response: ServerResponse): Promise<void> {
  applyCors(request, response)
  const url = requestUrl(request)
  const path = url.pathname
  if (request.method === 'OPTIONS') {
    response.writeHead(204, { 'Content-Length': 0 })
    response.end()
    return
  }
  if (path === DEFAULT_IMAGE_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
    // A length, as every answer of the service has (without one, Node sends the body chunked).
    response.writeHead(200, {
      'Content-Type': 'image/svg+xml',
      'Content-Length': Buffer.byteLength(DEFAULT_IMAGE_SVG),
      'Cache-Control': 'public, max-age=86400',
    })
    response.end(request.method === 'HEAD' ? undefined : DEFAULT_IMAGE_SVG)
    return
  }
  // The playground and the posters it shows (GET only; src/service/http/playground.ts, posters.ts).
  if (answerPoster(deps.graph, request, response, path)) return
  if (await answerPlayground(deps.playgroundDir, request, response, path)) return
  // Graph endpoints at /graph/<name> and /<name> (src/model/wire.ts), with or without a trailing slash.
  const graph = endpointAtPath(path.endsWith('/') ? path.slice(0, -1) : path)
  const isToken = path === SERVICE_TOKEN_ROUTE || path === SERVICE_CHECK_TOKEN_ROUTE
  if (!graph && !isToken)
    throw new ServiceError(
      404,
      'no_such_endpoint',
      `no endpoint at ${clipped(path, String)}; graph endpoints are POST /graph/{explore,relate,silos,lookup}`,
    )
  if (request.method !== 'POST')
    throw new ServiceError(405, 'method_not_allowed', `${path} takes POST`, {
      headers: { Allow: 'POST, OPTIONS' },
    })
  if (isToken) {
    const body = await readBody(request, TOKEN_BODY_LIMIT)
    sendOAuth(
      response,
      path === SERVICE_TOKEN_ROUTE
        ? await tokenEndpoint(deps, tokenRequest(deps, request), body)
        : await checkTokenEndpoint(deps, tokenRequest(deps, request), body),
    )
    return
  }
  send(response, 200, await graphRequest(deps, graph as Endpoint, request, url))
}

/**
 * `addressOf` asked once per connection: its cap, and every request on it, count under the same address.
 */
function oncePerSocket(addressOf: (socket: Socket) => string): (socket: Socket) => string {
  const known = new WeakMap<Socket, string>()
  return (socket) => {
    let address = known.get(socket)
    if (address === undefined) known.set(socket, (address = addressOf(socket)))
    return address
  }
}

/**
 * The HTTP server: node:http, one JSON error body for every failure, timeouts so that no client can hold a
 * request open for long, and a cap on open connections. Requests are SafeIncomingMessages: their header
 * dictionaries have no prototype (header names are the sender's choice).
 */
export function createHttpServer(given: ServerDeps): Server {
  const deps: FullDeps = {
    ...given,
    graphWork: given.graphWork ?? graphQueues(),
    addressOf: oncePerSocket(given.addressOf ?? ((socket) => addressKey(socket.remoteAddress))),
  }
  const limits = deps.connections
  const server = createServer(
    {
      IncomingMessage: SafeIncomingMessage,
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      keepAliveTimeout: limits.keepAliveMs,
      connectionsCheckingInterval: checkingInterval(limits),
      // No route depends on Host; without this Node answers a request lacking it with a bare 400 of its own,
      // the one answer that would not be the service's JSON.
      requireHostHeader: false,
    },
    (request, response) => {
      // A connection over the cap per address had its answer already; what it sends is not read.
      if (isRefused(request.socket)) {
        request.socket.destroy()
        return
      }
      // route is async: whatever it throws arrives here as a rejection, and sendError never throws.
      route(deps, request, response).catch((error: unknown) => sendError(response, error))
    },
  )
  server.maxConnections = limits.maxConnections
  capConnectionsPerAddress(
    server,
    limits.maxPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
    deps.addressOf,
  )
  server.on('clientError', answerClientError)
  // CONNECT (a proxy's method): Node would close the connection unanswered; the service answers its JSON.
  server.on('connect', (_request: IncomingMessage, socket: Duplex) =>
    answerRaw(socket, 405, 'method_not_allowed', 'the service is no proxy: CONNECT is not answered'),
  )
  // An Expect header other than 100-continue: Node would answer a bare 417; the service answers its JSON.
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) =>
    sendError(
      response,
      new ServiceError(417, 'expectation_failed', 'the only expectation the service meets is 100-continue'),
    ),
  )
  return server
}
