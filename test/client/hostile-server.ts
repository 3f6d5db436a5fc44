// A bare node:http server on 127.0.0.1 whose every answer a test writes itself: endless pages, bodies that
// never end, echoes of what the client sent. It records each request and, for streamed bodies, how many bytes
// it wrote before the client hung up.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach } from 'vitest'

/** One request as the server received it. */
export interface ReceivedRequest {
  readonly method: string
  readonly url: string
  readonly headers: IncomingMessage['headers']
  readonly body: string
}

export type Handler = (request: ReceivedRequest, res: ServerResponse) => void

export interface HostileServer {
  readonly url: string
  readonly requests: ReceivedRequest[]
  /** Replaces the handler of every request from now on. */
  handle(handler: Handler): void
  close(): Promise<void>
}

export async function startHostileServer(handler: Handler = (_, res) => res.end()): Promise<HostileServer> {
  let current = handler
  const requests: ReceivedRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(request)
      current(request, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle: (next) => void (current = next),
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())))
    },
  }
}

/**
 * One hostile server for the calling test file: started before its first test, closed after its last, its
 * request log emptied before each test. The object stands for the server from the first test on.
 */
export function hostileServerForFile(): HostileServer {
  let started: HostileServer | undefined
  const server = () => {
    if (started === undefined) throw new Error('the hostile server starts before the first test')
    return started
  }
  beforeAll(async () => {
    started = await startHostileServer()
  })
  afterAll(() => started?.close())
  beforeEach(() => {
    if (started !== undefined) started.requests.length = 0
  })
  return {
    get url() {
      return server().url
    },
    get requests() {
      return server().requests
    },
    handle: (handler) => server().handle(handler),
    close: () => server().close(),
  }
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

/**
 * Streams a JSON-looking body that never ends, `chunkBytes` at a time as fast as the socket takes them, and
 * resolves with the bytes written once the client closes the connection (or `capBytes` is reached, which
 * means the client never stopped reading).
 */
export function streamEndlessly(
  res: ServerResponse,
  headers: Record<string, string | number>,
  capBytes: number,
  chunkBytes = 64 * 1024,
): Promise<{ written: number; closedByClient: boolean }> {
  res.writeHead(200, { 'content-type': 'application/json', ...headers })
  const chunk = Buffer.alloc(chunkBytes, 'x')
  res.write('{"content":"')
  let written = 0
  return new Promise((resolve) => {
    let done = false
    const finish = (closedByClient: boolean) => {
      if (done) return
      done = true
      resolve({ written, closedByClient })
    }
    res.on('close', () => finish(!res.writableFinished))
    const pump = () => {
      while (!res.destroyed && written < capBytes) {
        written += chunk.length
        if (!res.write(chunk)) return void res.once('drain', pump)
      }
      if (written >= capBytes) {
        res.end('"}')
        finish(false)
      }
    }
    pump()
  })
}
