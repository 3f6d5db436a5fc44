// The client never follows a redirect (redirect: 'manual'): a 3xx is an HttpError with its status, and neither
// the token nor the body travels to the place it points to, on another origin or on the same one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, HttpError, staticTokenGrant } from '../../src/client'
import { FAST, exploreMovies, failure } from './helpers'
import { hostileServerForFile, startHostileServer, type HostileServer } from './hostile-server'

const server = hostileServerForFile()
let elsewhere: HostileServer
beforeAll(async () => {
  elsewhere = await startHostileServer((_, res) => res.end('{}'))
})
afterAll(() => elsewhere.close())

const TOKEN = 'redirect-test-token-1234'

describe('redirects are not followed', () => {
  it.each([
    ['another origin', 307, () => `${elsewhere.url}/graph/explore`],
    ['another origin, 302', 302, () => `${elsewhere.url}/graph/explore`],
    ['the same origin, another path', 308, () => `${server.url}/somewhere/else`],
  ])('a %s redirect is an HttpError, and nothing is sent there', async (_, status, location) => {
    elsewhere.requests.length = 0
    server.handle((request, res) => {
      if (request.url !== '/graph/explore') return void res.writeHead(200).end('{"took":"it"}')
      res.writeHead(status, { location: location() }).end()
    })
    const client = createClient({ baseUrl: server.url, auth: staticTokenGrant(TOKEN), ...FAST })
    const error = await failure(client.run(exploreMovies()))
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).status).toBe(status)
    expect(server.requests.map((r) => r.url)).toEqual(['/graph/explore'])
    expect(elsewhere.requests).toEqual([])
  })
})
