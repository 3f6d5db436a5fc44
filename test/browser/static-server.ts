import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A file the static server answers with. */
export interface StaticFile {
  readonly type: string
  readonly body: string | Uint8Array
}

export interface StaticServer {
  /** `http://127.0.0.1:PORT`: the page's origin. */
  readonly origin: string
  /** Paths requested so far, in order (to tell that the browser really fetched the bundle). */
  readonly requested: readonly string[]
  close(): Promise<void>
}

/** Serves fixed files from memory on 127.0.0.1 (a free port); anything else is 404. GET and HEAD only. */
export async function serveStatic(files: Readonly<Record<string, StaticFile>>): Promise<StaticServer> {
  const requested: string[] = []
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    requested.push(path)
    const file = files[path]
    if (file === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found')
      return
    }
    response.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-store' })
    response.end(request.method === 'HEAD' ? undefined : file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requested,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
