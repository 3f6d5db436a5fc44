// A small graph service on 127.0.0.1 for the fleet and budget tests: a token endpoint that counts its requests
// and issues numbered tokens, and graph endpoints that log when each request arrived and with which token.
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import { passwordGrant, type Auth, type PasswordGrantOptions } from '../../src/client'
import { TOKEN_PATH } from '../../src/model/wire'

export interface CountingServer {
  readonly url: string
  /** Token requests received, with their grant type. */
  readonly tokenRequests: string[]
  /** Graph requests received: when (ms since the epoch) and with which bearer token. */
  readonly graphRequests: { at: number; token: string }[]
  /** Answer the next graph requests 429 with this Retry-After (seconds), until cleared. */
  retryAfter: number | undefined
  /** Refuse token requests with this OAuth error (HTTP 400), until cleared. */
  refuseTokens: string | undefined
  close(): Promise<void>
}

export async function countingServer(tokenLifetimeSeconds = 3600): Promise<CountingServer> {
  const state: CountingServer = {
    url: '',
    tokenRequests: [],
    graphRequests: [],
    retryAfter: undefined,
    refuseTokens: undefined,
    close: async () => {},
  }
  const server: Server = createServer((request, response) => {
    // When its head arrived: the body follows on the next turns of the event loop.
    const arrivedAt = Date.now()
    let body = ''
    request.on('data', (chunk) => (body += String(chunk)))
    request.on('end', () => {
      if (request.url === TOKEN_PATH) {
        state.tokenRequests.push(new URLSearchParams(body).get('grant_type') ?? '')
        const n = state.tokenRequests.length
        if (state.refuseTokens !== undefined) {
          response.writeHead(400, { 'content-type': 'application/json' })
          response.end(JSON.stringify({ error: state.refuseTokens }))
          return
        }
        // Slow enough that every process of a fleet asks while the first request is still out.
        setTimeout(() => {
          response.writeHead(200, { 'content-type': 'application/json' })
          response.end(
            JSON.stringify({
              access_token: `fleet-access-${n}-${'a'.repeat(32)}`,
              refresh_token: `fleet-refresh-${n}-${'r'.repeat(32)}`,
              token_type: 'bearer',
              expires_in: tokenLifetimeSeconds,
              scope: 'public_profile',
            }),
          )
        }, 200)
        return
      }
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '')
      state.graphRequests.push({ at: arrivedAt, token })
      if (state.retryAfter !== undefined) {
        response.writeHead(429, {
          'retry-after': String(state.retryAfter),
          'content-type': 'application/json',
        })
        response.end(JSON.stringify({ error: 'rate_limited' }))
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ content: [] }))
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no address')
  return Object.assign(state, {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}

/** The most requests that arrived within any window of `windowMs` (a window starts at each arrival). */
export function busiestWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b)
  let most = 0
  let start = 0
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++
    most = Math.max(most, end - start + 1)
  }
  return most
}

/** A password grant with the credentials a counting server's token endpoint takes, and `options` over them. */
export function countingGrant(server: CountingServer, options: Partial<PasswordGrantOptions> = {}): Auth {
  return passwordGrant({
    authUrl: server.url,
    clientId: 'app',
    clientSecret: 'app-secret-0123456789',
    username: 'user',
    password: 'user-password-0123456789',
    ...options,
  })
}
