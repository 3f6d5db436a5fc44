import { createServer, request, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A browser reaches a server on another origin only with CORS. The fault proxy (test/support/fault-proxy.ts)
// speaks for the reference service to Node clients; this front answers the browser's preflights, adds the
// service's CORS headers to every answer (an injected 503 too, so the page sees it as a 503), and passes
// everything else through. It counts the graph requests the browser gave up before they were answered.

export interface CorsFront {
  readonly url: string
  /** Graph requests (not preflights) that arrived. */
  readonly graphRequests: () => number
  /** Graph requests whose connection the browser closed before the answer ended: aborted fetches. */
  readonly abandoned: () => number
  close(): Promise<void>
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Retry-After, WWW-Authenticate',
}

export async function startCorsFront(target: string): Promise<CorsFront> {
  const origin = new URL(target)
  let graph = 0
  let abandoned = 0
  const open = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...CORS,
        'access-control-allow-methods': 'POST, GET, OPTIONS',
        'access-control-allow-headers': 'Authorization, Content-Type, Accept',
        'access-control-max-age': '600',
      })
      return res.end()
    }
    const isGraph = (req.url ?? '').startsWith('/graph/')
    if (isGraph) graph++
    open.add(res)
    res.on('close', () => {
      open.delete(res)
      if (isGraph && !res.writableFinished) abandoned++
    })
    const upstream = request(
      {
        host: origin.hostname,
        port: origin.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: origin.host },
      },
      (answer) => {
        const headers = { ...answer.headers }
        delete headers['access-control-allow-origin']
        delete headers['access-control-expose-headers']
        res.writeHead(answer.statusCode ?? 502, { ...headers, ...CORS })
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    // The browser gave up: so does the front, and the proxy behind it sees its held request close.
    res.on('close', () => upstream.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    graphRequests: () => graph,
    abandoned: () => abandoned,
    close() {
      for (const res of open) res.destroy()
      server.closeAllConnections()
      return new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())))
    },
  }
}
