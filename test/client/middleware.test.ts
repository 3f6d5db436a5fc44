// Middleware, the piece around every attempt (issue 26): onRequest in order, onResponse in reverse; each may
// change the request (headers, body, a path below baseUrl) or read and replace the response; none ever sees
// the token, and none may send it off baseUrl. A response check given as a Standard Schema is used as it is.
// Real HTTP on 127.0.0.1.
import { describe, expect, it } from 'vitest'
import {
  ClientConfigError,
  createClient,
  InvalidResponseError,
  staticTokenGrant,
  type Middleware,
  type StandardSchemaV1,
} from '../../src/client'
import { movie } from './fake-service'
import { exploreMovies, failure } from './helpers'
import { hostileServerForFile, sendJson } from './hostile-server'

const server = hostileServerForFile()
const TOKEN = 'middleware-token-0123456789'
const page = { content: [movie(0)], pagingInfo: { next: null } }
const clientWith = (middleware: Middleware[], more: object = {}) =>
  createClient({ baseUrl: `${server.url}/api`, auth: staticTokenGrant(TOKEN), middleware, ...more })

describe('middleware', () => {
  it('runs onRequest in order and onResponse in reverse, and never sees the token', async () => {
    server.handle((_, res) => sendJson(res, 200, page))
    const order: string[] = []
    const seen: string[] = []
    const named = (name: string): Middleware => ({
      onRequest: (request, { attempt }) => {
        order.push(`${name} request #${attempt}`)
        seen.push(JSON.stringify(request))
      },
      onResponse: (response, { request }) => {
        order.push(`${name} response ${response.status}`)
        seen.push(JSON.stringify(request))
      },
    })
    await clientWith([named('a'), named('b')]).run(exploreMovies())
    expect(order).toEqual(['a request #1', 'b request #1', 'b response 200', 'a response 200'])
    expect(seen.join('\n')).not.toContain(TOKEN)
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`)
  })

  it('may change the request: headers, body, a path below baseUrl', async () => {
    server.handle((_, res) => sendJson(res, 200, page))
    const rewrite: Middleware = {
      onRequest: (request) => ({
        ...request,
        url: request.url.replace('/graph/explore', '/v2/graph/explore'),
        headers: { ...request.headers, 'x-tenant': 'acme' },
        body: JSON.stringify({ ...JSON.parse(request.body ?? '{}'), tenant: 'acme' }),
      }),
    }
    await clientWith([rewrite]).run(exploreMovies())
    expect(server.requests[0]).toMatchObject({
      url: '/api/v2/graph/explore',
      headers: { 'x-tenant': 'acme' },
    })
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ tenant: 'acme' })
  })

  it('may replace the response', async () => {
    server.handle((_, res) => sendJson(res, 503, { error: 'busy' }))
    const fallback: Middleware = {
      onResponse: (response) =>
        response.status === 503
          ? Response.json({ content: [movie(7)], pagingInfo: { next: null } })
          : undefined,
    }
    const answer = await clientWith([fallback]).run(exploreMovies())
    expect(answer.content[0]?.object.name).toBe('Movie 7')
  })

  it('may not send the request off baseUrl, nor set the token', async () => {
    server.handle((_, res) => sendJson(res, 200, page))
    const away: Middleware = {
      onRequest: (request) => ({ ...request, url: 'https://evil.example/api/graph/explore' }),
    }
    const up: Middleware = { onRequest: (request) => ({ ...request, url: `${server.url}/graph/explore` }) }
    const token: Middleware = {
      onRequest: (request) => ({ ...request, headers: { ...request.headers, Authorization: 'Bearer mine' } }),
    }
    for (const [piece, message] of [
      [away, '$.middleware.url: a middleware sent the request off baseUrl'],
      [up, '$.middleware.url: a middleware sent the request off baseUrl'],
      [token, '$.middleware.headers.Authorization: authorization is set by the client'],
    ] as const) {
      const error = await failure(clientWith([piece]).run(exploreMovies()))
      expect(error).toBeInstanceOf(ClientConfigError)
      expect(error.message).toBe(message)
    }
    expect(server.requests).toEqual([])
  })

  it("fails the call with a middleware's own error", async () => {
    server.handle((_, res) => sendJson(res, 200, page))
    const broken: Middleware = {
      onResponse: () => {
        throw new TypeError('logger down')
      },
    }
    await expect(clientWith([broken]).run(exploreMovies())).rejects.toThrow('logger down')
  })
})

describe('a Standard Schema as the client check', () => {
  const contentIsList: StandardSchemaV1<unknown, { content: unknown[] }> = {
    '~standard': {
      version: 1,
      vendor: 'test',
      validate: async (value) =>
        Array.isArray((value as { content?: unknown }).content)
          ? { value: value as { content: unknown[] } }
          : { issues: [{ message: 'content must be a list', path: ['content'] }] },
    },
  }

  it('passes a good page, and refuses a bad one naming the path', async () => {
    server.handle((_, res) => sendJson(res, 200, page))
    expect((await clientWith([], { check: contentIsList }).run(exploreMovies())).content).toHaveLength(1)
    server.handle((_, res) => sendJson(res, 200, { content: 'none', pagingInfo: { next: null } }))
    const error = await failure(clientWith([], { check: contentIsList }).run(exploreMovies()))
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect(error.message).toBe(
      '$.content: the /graph/explore response does not pass the check: content must be a list',
    )
  })
})
