// A server on 127.0.0.1 that answers every request with an empty last page and counts what reaches it, for
// tests of what the client refuses before sending: `refused` gives the ClientConfigError a call fails with,
// having checked that nothing was sent.
import http from 'node:http'
import { afterAll, beforeAll, expect } from 'vitest'
import { ClientConfigError } from '../../src/client'

export interface RefusalServer {
  /** The server's URL, once the file's tests start. */
  readonly url: () => string
  /** The method of each request that reached it. */
  readonly methods: string[]
  /** The ClientConfigError `run` fails with (synchronously or not), and that nothing reached the server. */
  refused(run: () => unknown): Promise<ClientConfigError>
}

/** Starts the server before the file's tests and closes it after them. */
export function refusalServerForFile(): RefusalServer {
  let server: http.Server
  let url = ''
  const methods: string[] = []
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      methods.push(request.method!)
      request.resume().on('end', () => {
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ content: [], pagingInfo: { next: null } }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))
  return {
    url: () => url,
    methods,
    async refused(run) {
      const before = methods.length
      const error = await (async () => run())().catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ClientConfigError)
      expect(methods.length).toBe(before)
      return error as ClientConfigError
    },
  }
}
