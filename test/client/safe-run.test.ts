// safeRun and safeNext: every ClientError becomes `error`, with `data` undefined; success is `{ data, error:
// undefined }`; anything else (a hook's own exception, a value that is no query) still throws. Real HTTP on
// 127.0.0.1.
import { describe, expect, it } from 'vitest'
import {
  createClient,
  hooks as hooksPiece,
  HttpError,
  staticTokenGrant,
  TimeoutError,
  type Hooks,
} from '../../src/client'
import { movie } from './fake-service'
import { FAST, exploreMovies } from './helpers'
import { hostileServerForFile, sendJson } from './hostile-server'

const server = hostileServerForFile()
const clientOf = (hooks: Hooks = {}) =>
  createClient({
    baseUrl: server.url,
    auth: staticTokenGrant('t0ken-0123456789'),
    ...FAST,
    retry: false,
    middleware: [hooksPiece(hooks)],
  })

const next = { endpoint: '/graph/explore', method: 'POST', body: { returnType: ['Movie'], page: 1 } }

describe('safeRun', () => {
  it('resolves with the data and no error', async () => {
    server.handle((_, res) => sendJson(res, 200, { content: [movie(0)], pagingInfo: { next: null } }))
    const { data, error } = await clientOf().safeRun(exploreMovies())
    expect(error).toBeUndefined()
    expect(data?.content[0]?.object.name).toBe('Movie 0')
  })

  it("resolves with a ClientError and no data: the service's refusal, a timeout", async () => {
    server.handle((_, res) => sendJson(res, 400, { error: 'page_size_too_large', message: 'too big' }))
    const refused = await clientOf().safeRun(exploreMovies())
    expect(refused.data).toBeUndefined()
    expect(refused.error).toBeInstanceOf(HttpError)
    expect(refused.error?.message).toContain('(page_size_too_large): too big')

    server.handle((_, res) => setTimeout(() => sendJson(res, 200, {}), 1_000).unref())
    const slow = await clientOf().safeRun(exploreMovies(), { timeoutMs: 20 })
    expect(slow).toEqual({ data: undefined, error: expect.any(TimeoutError) })
  })

  it('rejects with what is no ClientError: a TypeError from a hook, a value that is no query', async () => {
    server.handle((_, res) => sendJson(res, 200, { content: [], pagingInfo: { next: null } }))
    const broken = clientOf({
      beforeRequest: () => {
        throw new TypeError('the logger is broken')
      },
    })
    await expect(broken.safeRun(exploreMovies())).rejects.toThrow(TypeError)
    // Past the types: an HqlError (not_a_query), rejected rather than thrown synchronously.
    const notAQuery = clientOf().safeRun({ endpoint: 'explore' } as never)
    await expect(notAQuery).rejects.toMatchObject({ code: 'not_a_query' })
  })
})

describe('safeNext', () => {
  it('resolves with the next page, then with no data and no error at the end', async () => {
    server.handle((_, res) => sendJson(res, 200, { content: [movie(1)], pagingInfo: { next: null } }))
    const client = clientOf()
    const second = await client.safeNext({ content: [movie(0)], pagingInfo: { next } })
    expect(second.error).toBeUndefined()
    expect(second.data?.content[0]?.object.name).toBe('Movie 1')
    expect(await client.safeNext({ content: [], pagingInfo: { next: null } })).toEqual({
      data: undefined,
      error: undefined,
    })
  })

  it('resolves with the error of a failed page', async () => {
    server.handle((_, res) => sendJson(res, 503, { error: 'unavailable' }))
    const { data, error } = await clientOf().safeNext({ content: [], pagingInfo: { next } })
    expect(data).toBeUndefined()
    expect(error).toMatchObject({ status: 503, serviceCode: 'unavailable' })
  })
})
