// Paging a list from a response against a server that misbehaves: the token never leaves baseUrl's graph
// endpoints, a continuation's answer must hold the list, and the loop, stall and maxPages guards hold as they
// do for a query. Real HTTP on 127.0.0.1, nothing mocked.
import { describe, expect, it } from 'vitest'
import { hql, silo } from 'hql'
import {
  createClient,
  InvalidResponseError,
  LimitExceededError,
  paging,
  PagingLoopError,
  PagingRefusedError,
  staticTokenGrant,
  strictCheck,
} from '../../src/client'
import { movie } from './fake-service'
import { FAST, drain, type Overrides } from './helpers'
import { hostileServerForFile, sendJson } from './hostile-server'

const server = hostileServerForFile()

const clientOf = (overrides: Overrides = {}) =>
  createClient({
    baseUrl: server.url,
    auth: staticTokenGrant('token-of-lists'),
    ...FAST,
    check: undefined,
    ...overrides,
  })

const PARENT = `mhmov${'0'.repeat(39)}`
/** The continuation of `keyContributors` at `page`, as the reference service writes it. */
const continuation = (page: number, endpoint = '/graph/lookup') => ({
  endpoint,
  method: 'POST',
  body: { ids: [PARENT], components: [{ name: 'keyContributors', pageSize: 1, page }] },
})
/** A list component's page: one pair, and a next to `next` (or none). */
const listPage = (index: number, next: unknown) => ({ content: [movie(index)], pagingInfo: { next } })
/** A lookup answer holding the parent with its list. */
const answer = (list: unknown) => ({
  content: [{ object: { ...movie(0).object, keyContributors: list }, context: {} }],
  pagingInfo: { next: null },
})

describe('a list whose next leaves the graph endpoints', () => {
  it.each([
    'https://evil.example/graph/lookup',
    '//evil.example/graph/lookup',
    '/1.3/security/oauth/token',
    '/graph/lookup?steal=1',
    '/graph/../graph/lookup',
    '/graph/other',
  ])('%s is refused before any request', async (endpoint) => {
    const list = listPage(0, continuation(1, endpoint))
    const client = clientOf()
    await expect(client.next(list)).rejects.toBeInstanceOf(PagingRefusedError)
    const run = await drain(client.items(list))
    expect(run.items).toHaveLength(1) // the list in hand, then the refusal
    expect(run.error).toBeInstanceOf(PagingRefusedError)
    expect(server.requests).toHaveLength(0)
  })

  it('a continuation that answers at another endpoint on a later page is refused there', async () => {
    server.handle((_, res) =>
      sendJson(res, 200, answer(listPage(1, continuation(2, 'http://evil.example/x')))),
    )
    const run = await drain(clientOf().items(listPage(0, continuation(1))))
    expect(run.items).toHaveLength(2)
    expect(run.error).toBeInstanceOf(PagingRefusedError)
    expect(server.requests.map((r) => r.url)).toEqual(['/graph/lookup'])
  })

  it("follows relate's bare /relate to /graph/relate", async () => {
    server.handle((_, res) => sendJson(res, 200, listPage(1, null)))
    const next = await clientOf().next(
      listPage(0, { endpoint: '/relate', method: 'POST', body: { page: 1 } }),
    )
    expect(next).toEqual(listPage(1, null))
    expect(server.requests.map((r) => r.url)).toEqual(['/graph/relate'])
  })
})

describe('a continuation answer', () => {
  it('without the list is an InvalidResponseError naming where the list should be', async () => {
    server.handle((_, res) => sendJson(res, 200, { content: [{ object: movie(0).object, context: {} }] }))
    const error = await clientOf()
      .next(listPage(0, continuation(1)))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect(error).toMatchObject({ path: ['content', 0, 'object', 'keyContributors'] })
  })

  it('reads a name that is no component as a plain page, never as a key of the answer', async () => {
    const hostile = {
      endpoint: '/graph/lookup',
      method: 'POST',
      body: { ids: [PARENT], components: [{ name: '__proto__', page: 1 }] },
    }
    server.handle((_, res) => sendJson(res, 200, listPage(7, null)))
    expect(await clientOf().next(listPage(0, hostile))).toEqual(listPage(7, null))
  })

  it('is checked against the lookup schema in strict mode', async () => {
    server.handle((_, res) => sendJson(res, 200, { content: 'not a list', pagingInfo: { next: null } }))
    const error = await clientOf({ check: strictCheck })
      .next(listPage(0, continuation(1)))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidResponseError)
  })
})

describe('the guards of a run over a list', () => {
  it('a continuation that comes back to an earlier page ends the run with PagingLoopError', async () => {
    server.handle((request, res) => {
      const page = JSON.parse(request.body).components[0].page as number
      sendJson(res, 200, answer(listPage(page, continuation(page === 3 ? 1 : page + 1))))
    })
    const run = await drain(clientOf().items(listPage(0, continuation(1))))
    expect(run.items).toHaveLength(4)
    expect(run.error).toBeInstanceOf(PagingLoopError)
  })

  it('ten empty pages in a row that still have a next stop the run, resumable', async () => {
    server.handle((request, res) => {
      const page = JSON.parse(request.body).components[0].page as number
      sendJson(res, 200, answer({ content: [], pagingInfo: { next: continuation(page + 1) } }))
    })
    const run = await drain(clientOf().items(listPage(0, continuation(1))))
    expect(run.error).toBeInstanceOf(PagingLoopError)
    expect((run.error as PagingLoopError).resumeFrom?.body).toMatchObject({ components: [{ page: 11 }] })
  })

  it('maxPages counts the list in hand as the first page', async () => {
    server.handle((request, res) => {
      const page = JSON.parse(request.body).components[0].page as number
      sendJson(res, 200, answer(listPage(page, continuation(page + 1))))
    })
    const run = await drain(clientOf().pages(listPage(0, continuation(1)), { maxPages: 3 }))
    expect(run.items).toHaveLength(3)
    expect(server.requests).toHaveLength(2)
  })

  it('maxPages 0 yields nothing, the list in hand included, as for a query', async () => {
    const list = listPage(0, continuation(1))
    expect((await drain(clientOf().pages(list, { maxPages: 0 }))).items).toEqual([])
    expect((await drain(clientOf().items(list, { maxPages: 0 }))).items).toEqual([])
    expect(server.requests).toHaveLength(0)
  })

  it("the piece's own maxPages: 0 ends a list's run quietly, 1 throws after the list in hand, resumable", async () => {
    server.handle((request, res) => {
      const page = JSON.parse(request.body).components[0].page as number
      sendJson(res, 200, answer(listPage(page, continuation(page + 1))))
    })
    const list = listPage(0, continuation(1))
    const limited = (maxPages: number) =>
      createClient({
        baseUrl: server.url,
        auth: staticTokenGrant('token-of-lists'),
        ...FAST,
        check: undefined,
        paging: paging({ maxPages }),
      })
    const none = await drain(limited(0).pages(list))
    expect(none).toEqual({ items: [], error: undefined })
    const one = await drain(limited(1).pages(list))
    expect(one.items).toEqual([list])
    expect(one.error).toBeInstanceOf(LimitExceededError)
    expect((one.error as LimitExceededError).resumeFrom?.body).toMatchObject({ components: [{ page: 1 }] })
    expect(server.requests).toHaveLength(0)
  })
})

describe("a silo's title", () => {
  const westerns = hql.silos(silo.explore({ name: 'Westerns', positions: [0] }))
  const siloNext = { endpoint: '/graph/lookup', method: 'POST', body: { ids: [movie(1).object.mhid] } }

  it("wins over an answer's own title on the silo's next page", async () => {
    server.handle((request, res) =>
      request.url.endsWith('/silos')
        ? sendJson(res, 200, {
            silos: [{ title: 'Westerns', content: [movie(0)], pagingInfo: { next: siloNext } }],
            pagingInfo: { next: null },
          })
        : sendJson(res, 200, { title: 'Comedies', ...listPage(1, null) }),
    )
    const client = clientOf()
    const page = await client.run(westerns)
    expect((await client.next(page.silos[0]!))?.title).toBe('Westerns')
    const run = await drain(client.pages(page.silos[0]!))
    expect(run.items.map((one) => one.title)).toEqual(['Westerns', 'Westerns'])
  })

  it("wins over a pair's own silo key among the items of the silos", async () => {
    server.handle((_, res) =>
      sendJson(res, 200, {
        silos: [
          { title: 'Westerns', content: [{ ...movie(0), silo: 'Comedies' }], pagingInfo: { next: null } },
          { title: 'Comedies', content: [movie(1)], pagingInfo: { next: null } },
        ],
        pagingInfo: { next: null },
      }),
    )
    const run = await drain(clientOf().items(westerns))
    expect(run.items.map((item) => [item.silo, item.object.name])).toEqual([
      ['Westerns', 'Movie 0'],
      ['Comedies', 'Movie 1'],
    ])
  })
})
