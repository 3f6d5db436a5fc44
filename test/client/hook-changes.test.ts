// The hooks piece's beforeRequest may change the attempt it is called for, as ky's hook may: add or override
// headers (a trace id per attempt, with no custom fetch), or give a signal that aborts it. The client's own authorization,
// accept and content-type stay its own. Real HTTP on 127.0.0.1 against a server that records every header.
import { describe, expect, it } from 'vitest'
import {
  AbortedError,
  ClientConfigError,
  createClient,
  hooks as hooksPiece,
  passwordGrant,
  staticTokenGrant,
  type Hooks,
  type RequestDescription,
} from '../../src/client'
import { movie } from './fake-service'
import { FAST, exploreMovies, failure, type Overrides } from './helpers'
import { hostileServerForFile, sendJson } from './hostile-server'
import { waitFor } from '../support/wait'

const server = hostileServerForFile()
const TOKEN = 'st4tic-access-token-0123456789'
const page = { content: [movie(0)], pagingInfo: { next: null } }

const clientOf = (hooks: Hooks, overrides: Overrides = {}) =>
  createClient({
    baseUrl: server.url,
    auth: staticTokenGrant(TOKEN),
    ...FAST,
    middleware: [hooksPiece(hooks)],
    ...overrides,
  })

describe('beforeRequest changes the request', () => {
  it('adds a header per attempt of a graph request, over the headers option', async () => {
    let graphCalls = 0
    server.handle((request, res) => {
      if (request.url.endsWith('/oauth/token'))
        return sendJson(res, 200, {
          access_token: 'an-access-token-0123456789',
          token_type: 'bearer',
          expires_in: 3600,
        })
      // The first graph attempt fails with a status that is retried: the retry asks the hook again.
      if (graphCalls++ === 0) return sendJson(res, 503, { error: 'busy' })
      sendJson(res, 200, page)
    })
    const auth = passwordGrant({
      authUrl: server.url,
      clientId: 'app',
      clientSecret: 'cl1ent-s3cret-value',
      username: 'ada',
      password: 'pw',
    })
    const client = clientOf(
      {
        beforeRequest: ({ request, attempt }) => ({
          headers: { 'X-Trace-Id': `${request.kind}-${attempt}`, 'x-tenant': 'b' },
        }),
      },
      { auth, headers: { 'X-Tenant': 'a' } },
    )
    await client.run(exploreMovies())
    const seen = server.requests.map((r) => [r.url, r.headers['x-trace-id'], r.headers['x-tenant']])
    expect(seen).toEqual([
      // Token requests are the grant's own: middleware runs around graph requests only.
      ['/1.3/security/oauth/token', undefined, undefined],
      ['/graph/explore', 'graph-1', 'b'],
      ['/graph/explore', 'graph-2', 'b'],
    ])
    // The client's own headers are still there, untouched.
    expect(server.requests[1]?.headers).toMatchObject({
      authorization: 'Bearer an-access-token-0123456789',
      accept: 'application/json',
      'content-type': 'application/json',
    })
  })

  it("refuses to set the client's own headers, naming the header, before anything is sent", async () => {
    server.handle((_, res) => sendJson(res, 200, page))
    for (const [name, at] of [
      ['Authorization', '.Authorization'],
      ['accept', '.accept'],
      ['Content-Type', '["Content-Type"]'],
    ] as const) {
      const error = await failure(
        clientOf({ beforeRequest: () => ({ headers: { [name]: 'mine' } }) }).run(exploreMovies()),
      )
      expect(error).toBeInstanceOf(ClientConfigError)
      expect(error.message).toBe(
        `$.hooks.beforeRequest.headers${at}: ${name.toLowerCase()} is set by the client`,
      )
    }
    expect(server.requests).toEqual([])
  })

  it('refuses a header that fetch would refuse, as a ClientConfigError rather than a network error', async () => {
    const cases: [unknown, string][] = [
      [
        { headers: { 'x-a': 'one\r\nx-b: two' } },
        '$.hooks.beforeRequest.headers["x-a"]: expected a string without line breaks or control characters, in Latin-1',
      ],
      [
        { headers: { 'bad name': 'v' } },
        '$.hooks.beforeRequest.headers["bad name"]: not a valid header name',
      ],
      [
        { headers: { 'x-n': 1 } },
        '$.hooks.beforeRequest.headers["x-n"]: expected a string without line breaks or control characters, in Latin-1',
      ],
      [{ headers: ['x'] }, '$.hooks.beforeRequest.headers: expected headers as an object of strings'],
      [
        { signal: 'stop' },
        '$.hooks.beforeRequest.signal: a beforeRequest hook returned a signal that is no AbortSignal',
      ],
    ]
    for (const [returned, message] of cases) {
      const error = await failure(clientOf({ beforeRequest: () => returned as never }).run(exploreMovies()))
      expect(error).toBeInstanceOf(ClientConfigError)
      expect(error.message).toBe(message)
    }
    expect(server.requests).toEqual([])
  })

  it("ignores what is no plain object: a logger's return value changes nothing", async () => {
    server.handle((_, res) => sendJson(res, 200, page))
    class Logger {
      headers = { authorization: 'not read' }
    }
    for (const returned of [42, 'text', new Logger(), null])
      await clientOf({ beforeRequest: () => returned as never }).run(exploreMovies())
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(Array(4).fill(`Bearer ${TOKEN}`))
  })

  it("aborts the attempt with the hook's signal: an AbortedError with its reason, not retried", async () => {
    server.handle((_, res) => setTimeout(() => sendJson(res, 200, page), 2_000).unref())
    const controller = new AbortController()
    const client = clientOf({ beforeRequest: () => ({ signal: controller.signal }) })
    const running = failure(client.run(exploreMovies()))
    // Aborted once the server has the request: a fixed delay could abort before it arrived on a loaded machine,
    // and the request, arriving late, would be counted by the next test.
    await waitFor(() => server.requests.length === 1)
    controller.abort('user left')
    const error = await running
    expect(error).toBeInstanceOf(AbortedError)
    expect(error.cause).toBe('user left')
    expect(server.requests).toHaveLength(1)
  })

  it('shows the added headers to later hooks and errors, with secrets hidden, and never the token', async () => {
    server.handle((_, res) => sendJson(res, 400, { error: 'nope', message: 'no' }))
    const seen: RequestDescription[] = []
    const error = await failure(
      clientOf({
        beforeRequest: ({ request }) => {
          seen.push(request)
          return { headers: { 'x-trace-id': 't-1', 'x-api-key': 'k3y-value-0123456789' } }
        },
        afterResponse: ({ request }) => void seen.push(request),
      }).run(exploreMovies()),
    )
    // beforeRequest sees the request as the client made it; afterResponse and the error see what was sent.
    expect(seen[0]?.headers).not.toHaveProperty('x-trace-id')
    for (const shown of [seen[1], error.request])
      expect(shown?.headers).toMatchObject({
        authorization: 'Bearer [redacted]',
        'x-trace-id': 't-1',
        'x-api-key': '[redacted]',
      })
    expect(server.requests[0]?.headers['x-api-key']).toBe('k3y-value-0123456789')
    const shown = JSON.stringify([seen, error, error.message])
    expect(shown).not.toContain(TOKEN)
    expect(shown).not.toContain('k3y-value-0123456789')
  })
})
