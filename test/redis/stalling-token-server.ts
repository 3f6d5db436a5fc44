// A token endpoint that stalls (fault injection for the refresh lock's tests): on 127.0.0.1, it counts the
// token requests it receives and answers each after `stallMs`, with a numbered token.
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { StoredToken, TokenRenewal } from '../../src/client'

export interface StallingTokenServer {
  readonly url: string
  /** How long the next answers take. */
  stallMs: number
  /** Token requests received so far. */
  readonly requests: () => number
  /** Resolves when the nth token request has arrived (before it is answered). */
  arrived(n: number): Promise<void>
  close(): Promise<void>
}

export async function stallingTokenServer(stallMs: number): Promise<StallingTokenServer> {
  let count = 0
  const waiting: { n: number; resolve: () => void }[] = []
  const server = createServer((request, response) => {
    const n = ++count
    for (const w of waiting.filter((w) => w.n <= n)) w.resolve()
    request.resume()
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({ access_token: `stalled-access-${n}-${'a'.repeat(24)}`, expires_in: 3600 }),
      )
    }, state.stallMs)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no address')
  const state: StallingTokenServer = {
    url: `http://127.0.0.1:${address.port}/token`,
    stallMs,
    requests: () => count,
    arrived: (n) => (count >= n ? Promise.resolve() : new Promise((resolve) => waiting.push({ n, resolve }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return state
}

/** A renewal whose token request goes to `url` over real HTTP; any stored token counts as unusable. */
export function renewalAt(url: string): TokenRenewal {
  return {
    usable: (token) => token.accessToken.startsWith('stalled-access-'),
    obtain: async (): Promise<StoredToken> => {
      const response = await fetch(url, { method: 'POST', body: 'grant_type=client_credentials' })
      const body = (await response.json()) as { access_token: string; expires_in: number }
      return { accessToken: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 }
    },
  }
}
