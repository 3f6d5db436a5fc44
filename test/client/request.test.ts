// client.request: any JSON body to any path below baseUrl, with the client's token, renewal, retry policy,
// middleware, limits, redaction and errors (issue 26's way out); and the per-call headers and fetch init every
// call takes, which work or are refused, never ignored. Real HTTP on 127.0.0.1.
import { describe, expect, it } from 'vitest'
import {
  ClientConfigError,
  createClient,
  HttpError,
  InvalidResponseError,
  retries,
  staticTokenGrant,
  type Auth,
  type FetchLike,
  type StandardSchemaV1,
} from '../../src/client'
import { FAST_RETRY, failure } from './helpers'
import { hostileServerForFile, sendJson } from './hostile-server'

const server = hostileServerForFile()
const TOKEN = 'request-token-0123456789'
const clientOf = (overrides: { fetch?: FetchLike; auth?: Auth } = {}) =>
  createClient({
    baseUrl: `${server.url}/api`,
    auth: staticTokenGrant(TOKEN),
    retry: retries({ ...FAST_RETRY, baseDelayMs: 1 }),
    ...overrides,
  })

describe('client.request', () => {
  it('sends any JSON body to any path below baseUrl and resolves with the answer', async () => {
    server.handle((request, res) =>
      sendJson(res, 200, { echoed: JSON.parse(request.body), path: request.url }),
    )
    const answer = await clientOf().request({ endpoint: '/graph/search', body: { query: 'alien', n: 2 } })
    expect(answer).toEqual({ echoed: { query: 'alien', n: 2 }, path: '/api/graph/search' })
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
    })
  })

  it('takes other methods, no body, and an empty answer', async () => {
    server.handle((_, res) => res.writeHead(204).end())
    expect(await clientOf().request({ endpoint: '/user/likes?page=2', method: 'GET' })).toBeUndefined()
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/user/likes?page=2', body: '' })
    expect(server.requests[0]?.headers['content-type']).toBeUndefined()
  })

  it('resolves with what a check returns: a function, or a Standard Schema', async () => {
    server.handle((_, res) => sendJson(res, 200, { total: 3, hits: ['a'] }))
    expect(
      await clientOf().request(
        { endpoint: '/graph/search' },
        { check: (json) => (json as { total: number }).total },
      ),
    ).toBe(3)
    const schema: StandardSchemaV1<unknown, string[]> = {
      '~standard': {
        version: 1,
        vendor: 'test',
        validate: (value) => {
          const hits = (value as { hits?: unknown }).hits
          return Array.isArray(hits)
            ? { value: hits as string[] }
            : { issues: [{ message: 'expected hits', path: [{ key: 'hits' }] }] }
        },
      },
    }
    expect(await clientOf().request({ endpoint: '/graph/search' }, { check: schema })).toEqual(['a'])
    server.handle((_, res) => sendJson(res, 200, { total: 0 }))
    const error = await failure(clientOf().request({ endpoint: '/graph/search' }, { check: schema }))
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect(error).toMatchObject({ path: ['hits'] })
    expect(error.message).toContain('expected hits')
  })

  it('refuses a path off baseUrl before sending anything', async () => {
    for (const endpoint of [
      'https://evil.example/x',
      '//evil.example/x',
      'graph/x',
      '/../../x',
      '/%2e%2e/x',
      '/x#f',
      '\\x',
    ])
      expect(await failure(clientOf().request({ endpoint }))).toBeInstanceOf(ClientConfigError)
    expect(server.requests).toEqual([])
  })

  it('renews the token once after a 401, as run does', async () => {
    let tokens = 0
    const auth: Auth = {
      token: async () => 'first-token-0123456789',
      renew: async (rejected) => {
        expect(rejected).toBe('first-token-0123456789')
        tokens++
        return 'second-token-0123456789'
      },
    }
    server.handle((request, res) =>
      request.headers.authorization === 'Bearer second-token-0123456789'
        ? sendJson(res, 200, { ok: true })
        : sendJson(res, 401, { error: 'invalid_token' }),
    )
    expect(await clientOf({ auth }).request({ endpoint: '/act', body: {} })).toEqual({ ok: true })
    expect(tokens).toBe(1)
    expect(server.requests).toHaveLength(2)
  })

  it("ends a wait for the auth's token at the call's time limit, or at the caller's abort", async () => {
    const never: Auth = {
      token: ({ signal }) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    }
    const client = createClient({ baseUrl: server.url, auth: never, totalTimeoutMs: 100 })
    expect(await failure(client.request({ endpoint: '/graph/search' }))).toMatchObject({
      code: 'timeout',
      scope: 'total',
    })
    const stop = new AbortController()
    setTimeout(() => stop.abort('left'), 20)
    const aborted = await failure(
      createClient({ baseUrl: server.url, auth: never }).request({ endpoint: '/x' }, { signal: stop.signal }),
    )
    expect(aborted).toMatchObject({ code: 'aborted', cause: 'left' })
    expect(server.requests).toEqual([])
  })

  it('retries an action (not idempotent) only on 429 and 503, a graph query on a 500 too', async () => {
    server.handle((_, res) => sendJson(res, 500, { error: 'boom' }))
    expect(await failure(clientOf().request({ endpoint: '/user/act', body: {} }))).toBeInstanceOf(HttpError)
    expect(server.requests).toHaveLength(1)
    server.requests.length = 0
    await failure(clientOf().request({ endpoint: '/graph/explore', body: {} }))
    expect(server.requests).toHaveLength(4) // the first, and FAST_RETRY's three retries
    server.requests.length = 0
    await failure(clientOf().request({ endpoint: '/user/act', body: {} }, { idempotent: true }))
    expect(server.requests).toHaveLength(4)
    server.requests.length = 0
    server.handle((_, res) => sendJson(res, 503, { error: 'busy' }))
    await failure(clientOf().request({ endpoint: '/user/act', body: {} }))
    expect(server.requests).toHaveLength(4)
  })

  it('keeps the token out of its errors, as every call does', async () => {
    server.handle((_, res) =>
      sendJson(res, 400, { error: 'bad', message: `no ${TOKEN} here`, access_token: TOKEN }),
    )
    const error = (await failure(clientOf().request({ endpoint: '/graph/search' }))) as HttpError
    expect(`${error.message} ${error.text} ${JSON.stringify(error)}`).not.toContain(TOKEN)
    expect(error.serviceMessage).toBe('no [redacted] here')
  })
})

describe('per-call headers and fetch init', () => {
  it('sends a call headers over the client headers, and passes init through to fetch', async () => {
    server.handle((_, res) => sendJson(res, 200, {}))
    const inits: RequestInit[] = []
    const fetch: FetchLike = (url, init) => {
      inits.push(init)
      return globalThis.fetch(url, init)
    }
    const client = createClient({
      baseUrl: server.url,
      auth: staticTokenGrant(TOKEN),
      fetch,
      headers: { 'X-Tenant': 'a' },
    })
    await client.request(
      { endpoint: '/graph/search' },
      {
        headers: { 'x-tenant': 'b', 'X-Trace': 't1' },
        init: { cache: 'no-store', next: { revalidate: 60 } },
      },
    )
    expect(server.requests[0]?.headers).toMatchObject({ 'x-tenant': 'b', 'x-trace': 't1' })
    expect(inits[0]).toMatchObject({ cache: 'no-store', next: { revalidate: 60 }, redirect: 'manual' })
  })

  it('refuses what the client sets itself, naming it, before anything is sent', async () => {
    const cases: [object, string][] = [
      [
        { headers: { Authorization: 'Bearer mine' } },
        '$.headers.Authorization: authorization is set by the client',
      ],
      [
        { headers: { 'content-type': 'text/plain' } },
        '$.headers["content-type"]: content-type is set by the client',
      ],
      ...['one\r\ntwo', 'bell\x07', 'del\x7f', 'snow\u2603'].map((value): [object, string] => [
        { headers: { 'x-a': value } },
        '$.headers["x-a"]: expected a string without line breaks or control characters, in Latin-1',
      ]),
      [{ init: { method: 'GET' } }, '$.init.method: method is set by the client'],
      [
        { init: { headers: {} } },
        '$.init.headers: headers is set by the client: pass headers as a call option',
      ],
      [
        { init: { signal: AbortSignal.timeout(10) } },
        '$.init.signal: signal is set by the client: pass signal as a call option',
      ],
      [{ init: { redirect: 'follow' } }, '$.init.redirect: redirect is set by the client'],
    ]
    for (const [options, message] of cases) {
      const error = await failure(clientOf().request({ endpoint: '/graph/search' }, options))
      expect(error).toBeInstanceOf(ClientConfigError)
      expect(error.message).toBe(message)
    }
    expect(server.requests).toEqual([])
  })
})
