// A fault-injecting HTTP proxy in front of the reference service, for paging tests that need the service's own
// lists (component continuations, silo continuations) and faults on the way: each graph request, counted from
// one, passes through to the service unless a fault was queued for its number. Token requests always pass, and
// are recorded by grant type.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ProxyFault =
  | { readonly kind: 'status'; readonly status: number; readonly retryAfter?: string }
  /** The connection is closed without an answer. */
  | { readonly kind: 'reset' }
  /** No answer until the client gives up (or the proxy closes); `onHeld` is told when the request arrives. */
  | { readonly kind: 'hold'; readonly onHeld: () => void }

export interface GraphRecord {
  readonly path: string
  readonly body: Record<string, unknown>
  /** The fault it met, if any. */
  readonly fault?: ProxyFault['kind']
}

export interface FaultProxy {
  readonly url: string
  readonly graphRequests: GraphRecord[]
  /** The grant_type of each token request, in order. */
  readonly grants: string[]
  /** Queues a fault for the `nth` graph request (counted from one since the proxy started or `reset()`). */
  inject(nth: number, fault: ProxyFault): void
  /** Forgets the requests seen and the faults queued. */
  reset(): void
  close(): Promise<void>
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const origin = new URL(target)
  const faults = new Map<number, ProxyFault>()
  const graphRequests: GraphRecord[] = []
  const grants: string[] = []
  const held = new Set<ServerResponse>()

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const upstream = request(
      {
        host: origin.hostname,
        port: origin.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: origin.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    upstream.end(body)
  }

  const fail = (fault: ProxyFault, res: ServerResponse) => {
    switch (fault.kind) {
      case 'status': {
        const text = JSON.stringify({ error: `injected ${fault.status}` })
        res.writeHead(fault.status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter }),
        })
        return res.end(text)
      }
      case 'reset':
        return res.socket?.destroy()
      case 'hold':
        held.add(res)
        res.on('close', () => held.delete(res))
        return fault.onHeld()
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const path = (req.url ?? '').split('?')[0] ?? ''
      if (path.endsWith('/oauth/token')) {
        grants.push(new URLSearchParams(body.toString('utf8')).get('grant_type') ?? '')
        return forward(req, res, body)
      }
      if (!path.startsWith('/graph/')) return forward(req, res, body)
      const fault = faults.get(graphRequests.length + 1)
      graphRequests.push({
        path,
        body: JSON.parse(body.toString('utf8')) as Record<string, unknown>,
        ...(fault ? { fault: fault.kind } : {}),
      })
      if (fault === undefined) return forward(req, res, body)
      fail(fault, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    graphRequests,
    grants,
    inject: (nth, fault) => void faults.set(nth, fault),
    reset() {
      faults.clear()
      graphRequests.length = 0
      grants.length = 0
    },
    close() {
      for (const res of held) res.destroy()
      server.closeAllConnections()
      return new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())))
    },
  }
}
