// A small graph service and token endpoint over real HTTP on 127.0.0.1, with faults to inject, for the
// client's tests and benchmark. It implements only what the client needs: tokens, paged content, silos.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const CREDENTIALS = {
  clientId: 'app id',
  clientSecret: 'cl1ent-s3cret/+&=:x',
  username: 'ada@example.com',
  password: 'pa ss+w0rd&=%',
} as const

/** What the service does wrong, once, at a given graph page (or at the token endpoint). */
export type Fault =
  | { kind: 'status'; status: number; retryAfter?: string; body?: string }
  | { kind: 'reset' }
  /** Answers after `ms` unless the client left first; `onAnswer` hears when the late answer is sent. */
  | { kind: 'slow'; ms: number; onAnswer?: () => void }
  | { kind: 'stallBody'; ms: number }
  | { kind: 'malformed' }
  | { kind: 'revokeTokens' }
  | { kind: 'next'; next: unknown }
  | { kind: 'repeatNext' }

export interface FakeServiceOptions {
  /** Items of the paged endpoints. Default 10. */
  readonly items?: number
  /** Default page size when the request has none. Default 3. */
  readonly pageSize?: number
  /** expires_in of issued tokens, seconds. Default 3600. */
  readonly expiresIn?: number
  /** Whether a refresh response carries a new refresh token. Default true. */
  readonly rotateRefreshTokens?: boolean
}

export interface TokenRequestRecord {
  readonly form: Record<string, string>
  readonly rawBody: string
  readonly authorization: string | undefined
  readonly accept: string | undefined
}

export interface GraphRequestRecord {
  readonly path: string
  readonly body: Record<string, unknown>
  readonly authorization: string | undefined
  readonly headers: IncomingMessage['headers']
}

export interface FakeService {
  readonly url: string
  readonly tokenRequests: TokenRequestRecord[]
  readonly graphRequests: GraphRequestRecord[]
  /** Queues a fault for the next graph request of `page` (or the next token request with `page: 'token'`). */
  inject(page: number | 'token', fault: Fault): void
  /** Drops the faults no request has met yet (one test's leftovers would hit the next test's requests). */
  clearFaults(): void
  /** Every access token issued so far becomes invalid (the graph answers 401). */
  revokeAccessTokens(): void
  /** Every refresh token issued so far becomes invalid (a refresh answers invalid_grant). */
  revokeRefreshTokens(): void
  /** Makes `token` valid for the graph, as if issued earlier. */
  acceptAccessToken(token: string): void
  acceptRefreshToken(token: string): void
  close(): Promise<void>
}

export function movie(index: number) {
  return {
    object: {
      mhid: `mhmov${String(index).padStart(39, '0')}`,
      name: `Movie ${index}`,
      altId: `mhmov-movie-${index}`,
      releaseDate: 946684800 + index * 86400,
    },
    context: {},
  }
}

export async function startFakeService(options: FakeServiceOptions = {}): Promise<FakeService> {
  const itemCount = options.items ?? 10
  const defaultPageSize = options.pageSize ?? 3
  const accessTokens = new Set<string>()
  const refreshTokens = new Set<string>()
  const faults = new Map<number | 'token', Fault[]>()
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const tokenRequests: TokenRequestRecord[] = []
  const graphRequests: GraphRequestRecord[] = []
  let issued = 0

  const later = (ms: number, then: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      then()
    }, ms)
    timers.add(timer)
  }

  const takeFault = (key: number | 'token'): Fault | undefined => faults.get(key)?.shift()

  const sendJson = (
    res: ServerResponse,
    status: number,
    value: unknown,
    headers: Record<string, string> = {},
  ) => {
    const text = JSON.stringify(value)
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    })
    res.end(text)
  }

  /** Applies a transport-level fault; true when the fault has answered (or dropped) the request itself. */
  const applyFault = (fault: Fault | undefined, res: ServerResponse, answer: () => void): boolean => {
    if (fault === undefined) return false
    switch (fault.kind) {
      case 'status':
        res.writeHead(fault.status, {
          'content-type': 'application/json',
          ...(fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter }),
        })
        res.end(fault.body ?? JSON.stringify({ error: `injected ${fault.status}` }))
        return true
      case 'reset':
        res.socket?.destroy()
        return true
      case 'slow':
        later(fault.ms, () => {
          if (res.destroyed) return
          fault.onAnswer?.()
          answer()
        })
        return true
      case 'stallBody':
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write('{"content": [')
        later(fault.ms, () => res.destroy())
        return true
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end('{"content": [ this is not json')
        return true
      default:
        return false
    }
  }

  const issue = (withRefresh: boolean, scope: string | undefined) => {
    issued++
    const access = `at-${issued}-${Math.random().toString(36).slice(2)}`
    accessTokens.add(access)
    const body: Record<string, unknown> = {
      access_token: access,
      token_type: 'bearer',
      expires_in: options.expiresIn ?? 3600,
      scope: scope ?? 'public_profile',
    }
    if (withRefresh) {
      const refresh = `rt-${issued}-${Math.random().toString(36).slice(2)}`
      refreshTokens.add(refresh)
      body['refresh_token'] = refresh
    }
    return body
  }

  const handleToken = (req: IncomingMessage, res: ServerResponse, rawBody: string) => {
    const form = Object.fromEntries(new URLSearchParams(rawBody))
    tokenRequests.push({
      form,
      rawBody,
      authorization: req.headers.authorization,
      accept: req.headers.accept,
    })
    const respond = () => {
      // Raw Basic, as the service documents: the id ends at the first colon, the rest is the secret.
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1]
      const pair = basic === undefined ? '' : Buffer.from(basic, 'base64').toString('utf8')
      const id = pair.slice(0, pair.indexOf(':'))
      const secret = pair.slice(pair.indexOf(':') + 1)
      if (
        id !== CREDENTIALS.clientId ||
        secret !== CREDENTIALS.clientSecret ||
        form['client_id'] !== CREDENTIALS.clientId ||
        form['client_secret'] !== CREDENTIALS.clientSecret
      )
        return sendJson(res, 401, { error: 'invalid_client', error_description: 'Bad client credentials' })
      switch (form['grant_type']) {
        case 'password':
          if (form['username'] !== CREDENTIALS.username || form['password'] !== CREDENTIALS.password)
            return sendJson(res, 400, { error: 'invalid_grant', error_description: 'Bad user credentials' })
          return sendJson(res, 200, issue(true, form['scope']))
        case 'refresh_token': {
          const refresh = form['refresh_token'] ?? ''
          if (!refreshTokens.has(refresh))
            return sendJson(res, 400, {
              error: 'invalid_grant',
              error_description: `Invalid refresh token: ${refresh}`,
            })
          const body = issue(options.rotateRefreshTokens ?? true, undefined)
          if (options.rotateRefreshTokens ?? true) refreshTokens.delete(refresh)
          return sendJson(res, 200, body)
        }
        case 'client_credentials':
          return sendJson(res, 200, issue(false, form['scope']))
        default:
          return sendJson(res, 400, { error: 'unsupported_grant_type' })
      }
    }
    if (!applyFault(takeFault('token'), res, respond)) respond()
  }

  const handleGraph = (req: IncomingMessage, res: ServerResponse, endpoint: string, rawBody: string) => {
    let body: Record<string, unknown>
    try {
      body = JSON.parse(rawBody) as Record<string, unknown>
    } catch {
      return sendJson(res, 400, { error: 'body is not JSON' })
    }
    graphRequests.push({
      path: req.url ?? '',
      body,
      authorization: req.headers.authorization,
      headers: req.headers,
    })
    const page = typeof body['page'] === 'number' ? body['page'] : 0
    const fault = takeFault(page)
    if (fault?.kind === 'revokeTokens') accessTokens.clear()
    const respond = () => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
      if (token === undefined || !accessTokens.has(token))
        return sendJson(res, 401, { error: 'invalid_token', error_description: 'The access token expired' })
      const pageSize = typeof body['pageSize'] === 'number' ? body['pageSize'] : defaultPageSize
      const start = page * pageSize
      const hasNext = start + pageSize < itemCount
      const nextEndpoint = endpoint === 'relate' ? '/relate' : `/graph/${endpoint}`
      let next: unknown = hasNext
        ? { endpoint: nextEndpoint, method: 'POST', body: { ...body, page: page + 1 } }
        : null
      if (fault?.kind === 'next') next = fault.next
      if (fault?.kind === 'repeatNext') next = { endpoint: nextEndpoint, method: 'POST', body }
      const indexes = Array.from(
        { length: Math.max(0, Math.min(pageSize, itemCount - start)) },
        (_, i) => start + i,
      )
      if (endpoint === 'silos')
        return sendJson(res, 200, {
          silos: indexes.map((index) => ({
            title: `Silo ${index}`,
            content: [movie(index * 100), movie(index * 100 + 1)],
            pagingInfo: { next: null },
          })),
          pagingInfo: { next },
        })
      return sendJson(res, 200, { content: indexes.map(movie), pagingInfo: { next } })
    }
    if (!applyFault(fault, res, respond)) respond()
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8')
      const path = (req.url ?? '').split('?')[0] ?? ''
      if (req.method === 'POST' && path.endsWith('/1.3/security/oauth/token'))
        return handleToken(req, res, rawBody)
      const graph = /\/graph\/(explore|relate|silos|lookup)$/.exec(path)
      if (req.method === 'POST' && graph?.[1] !== undefined) return handleGraph(req, res, graph[1], rawBody)
      sendJson(res, 404, { error: `no route for ${req.method} ${path}` })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    tokenRequests,
    graphRequests,
    inject(page, fault) {
      faults.set(page, [...(faults.get(page) ?? []), fault])
    },
    clearFaults: () => faults.clear(),
    revokeAccessTokens: () => accessTokens.clear(),
    revokeRefreshTokens: () => refreshTokens.clear(),
    acceptAccessToken: (token) => void accessTokens.add(token),
    acceptRefreshToken: (token) => void refreshTokens.add(token),
    close() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      server.closeAllConnections()
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      )
    },
  }
}
