// A page the client hands back is held to what its list promised (issue 26; holes a review found in session
// 19): a response's next is checked against the response's own query, whatever its body asks for, on every
// page after it too; a continuation (a list component's, a silo's) must ask for the components the list's items
// were asked for, or it is refused naming the list, with or without a check; every list component is known,
// whatever its object's id or content; a continuation's answer must hold a list; a next body nested too deep is
// refused on a single step as in a run. Real HTTP on 127.0.0.1.
import { describe, expect, it } from 'vitest'
import { contributions, hql, keyContributors, primaryImage, returnType, silo } from 'hql'
import {
  ClientConfigError,
  createClient,
  InvalidResponseError,
  looseCheck,
  PagingRefusedError,
  staticTokenGrant,
  strictCheck,
  type ResponseCheck,
} from '../../src/client'
import { movie } from './fake-service'
import { FAST, drain, failure } from './helpers'
import { hostileServerForFile, sendJson } from './hostile-server'

const server = hostileServerForFile()
const clientOf = (check: ResponseCheck | undefined) =>
  createClient({ baseUrl: server.url, auth: staticTokenGrant('token-of-promises'), ...FAST, check })
const CHECKS = [
  ['no check', undefined],
  ['looseCheck', looseCheck],
  ['strictCheck', strictCheck],
] as const

const PARENT = movie(0).object.mhid
const credit = { relationships: [{ contribution: 'Performer' }] }
const person = (n: number, extra: object = {}) => ({
  object: {
    mhid: `mhric${String(n).padStart(39, '0')}`,
    name: `Person ${n}`,
    altId: `mhric-p-${n}`,
    ...extra,
  },
  context: credit,
})
const post = (endpoint: string, body: Record<string, unknown>) => ({ endpoint, method: 'POST', body })
/** An answer of one movie (movie 0, or `object`) holding the list `keyContributors`. */
const holding = (keyContributors: unknown, object: object = movie(0).object) => ({
  content: [{ object: { ...object, keyContributors }, context: {} }],
  pagingInfo: { next: null },
})
const pageOf = (items: unknown[], next: unknown = null) => ({ content: items, pagingInfo: { next } })
const pageNumber = (body: string) => (JSON.parse(body) as { page?: number }).page ?? 0

describe("a response's next", () => {
  const movies = hql.explore().filter(returnType.eq('Movie')).pageSize(1)
  // Page 1's next (and previous) stay on explore but ask for contributors: the answer passes what that body
  // promises, not what the query does.
  const contributors = post('/graph/explore', {
    filters: { returnType: { $eq: 'Contributor' } },
    pageSize: 1,
    page: 2,
  })
  const serve = () =>
    server.handle((request, res) => {
      const page = pageNumber(request.body)
      if (page === 2) return sendJson(res, 200, pageOf([person(2)]))
      const next = page === 0 ? post('/graph/explore', { ...movies.body, page: 1 }) : contributors
      sendJson(res, 200, { ...pageOf([movie(page)], next), pagingInfo: { next, previous: next } })
    })

  it("is checked against the response's query, on every page that follows from it", async () => {
    serve()
    const client = clientOf(strictCheck)
    const first = await client.run(movies)
    const second = await client.next(first)
    expect(second?.content[0]?.object.name).toBe('Movie 1')
    for (const step of [client.next(second!), client.previous(second!)]) {
      const error = await failure(step)
      expect(error).toBeInstanceOf(InvalidResponseError)
      expect(error.path).toEqual(['content', 0, 'object', 'mhid'])
      expect(error.message).toContain('expected a Movie, got a Contributor')
    }
    const run = await drain(client.pages(first))
    expect(run.items.map((page) => page.content[0]?.object.name)).toEqual(['Movie 0', 'Movie 1'])
    expect(run.error).toBeInstanceOf(InvalidResponseError)
  })

  it('is checked against the query a kept page came from when it is paged as a list', async () => {
    serve()
    const client = clientOf(strictCheck)
    const second = await client.page(movies, post('/graph/explore', { ...movies.body, page: 1 }))
    const run = await drain(client.items(second))
    expect(run.items).toHaveLength(1)
    expect(run.error).toMatchObject({ path: ['content', 0, 'object', 'mhid'] })
  })
})

describe("a list component's continuation", () => {
  const query = hql
    .explore()
    .filter(returnType.eq('Movie'))
    .with(keyContributors(contributions).pageSize(1))
    .pageSize(1)
  /** A contributor with the contributions the query asks of it. */
  const contributor = (n: number) =>
    person(n, { contributions: pageOf([{ ...movie(50 + n), context: credit }]) })
  const continuation = (component: object) =>
    post('/graph/lookup', {
      ids: [PARENT],
      components: [{ name: 'keyContributors', pageSize: 1, page: 1, ...component }],
    })
  async function listWithNext(check: ResponseCheck | undefined, next: unknown) {
    server.handle((_, res) => sendJson(res, 200, holding(pageOf([contributor(0)], next))))
    const client = clientOf(check)
    const list = (await client.run(query)).content[0]!.object.keyContributors
    server.requests.length = 0
    return { client, list }
  }

  it.each([
    ['drops the components asked of its items', {}],
    ['asks for other components', { components: [{ name: 'primaryImage' }] }],
    ['nests more under them', { components: [{ name: 'contributions', components: [{ name: 'images' }] }] }],
    ['asks for them as null', { components: null }],
  ])('that %s is refused before any request, naming the list', async (_, component) => {
    for (const [, check] of CHECKS) {
      const { client, list } = await listWithNext(check, continuation(component))
      const error = await failure(client.next(list))
      expect(error).toBeInstanceOf(PagingRefusedError)
      expect(error.message).toContain(`the next of keyContributors (of "${PARENT}") does not continue it`)
      expect(error.message).toContain('with other components')
      expect(server.requests).toHaveLength(0)
    }
  })

  it('given as a resumeFrom that asks for other components is a ClientConfigError, before any request', async () => {
    const { client, list } = await listWithNext(
      undefined,
      continuation({ components: [{ name: 'contributions' }] }),
    )
    for (const other of [continuation({}), post('/graph/lookup', { ids: [PARENT], page: 1 })]) {
      const run = await drain(client.items(list, { resumeFrom: other as never }))
      expect(run.items).toEqual([])
      expect(run.error).toBeInstanceOf(ClientConfigError)
      expect(run.error).toMatchObject({ path: ['resumeFrom'] })
    }
    expect(server.requests).toHaveLength(0)
  })

  it('that asks for the same components (at another size) is followed, and checked', async () => {
    const next = continuation({ components: [{ name: 'contributions', pageSize: 3 }] })
    const { client, list } = await listWithNext(strictCheck, next)
    server.handle((_, res) => sendJson(res, 200, holding(pageOf([contributor(1)]))))
    const more = await client.next(list)
    expect(more?.content[0]?.object.contributions.content).toHaveLength(1)
    // Its answer is checked against what the continuation asks for, which is what the query asked.
    server.handle((_, res) => sendJson(res, 200, holding(pageOf([person(1)]))))
    const error = await failure(client.next(list))
    expect(error.path).toEqual([
      'content',
      0,
      'object',
      'keyContributors',
      'content',
      0,
      'object',
      'contributions',
    ])
    expect(error.message).toContain('contributions was requested and is missing')
  })

  it.each([
    ['content that is no list', { content: 'not a list', pagingInfo: { next: null } }],
    ['paging info that is no object', { content: [], pagingInfo: 42 }],
  ])('whose answer holds %s is an InvalidResponseError, whatever the check', async (_, answered) => {
    for (const check of [undefined, looseCheck]) {
      const { client, list } = await listWithNext(
        check,
        continuation({ components: [{ name: 'contributions' }] }),
      )
      server.handle((_, res) => sendJson(res, 200, holding(answered)))
      const error = await failure(client.next(list))
      expect(error).toBeInstanceOf(InvalidResponseError)
      expect(error.path).toEqual(['content', 0, 'object', 'keyContributors'])
    }
  })
})

describe('a list component whose object has no string mhid', () => {
  const query = hql.explore().filter(returnType.eq('Movie')).with(keyContributors).pageSize(1)
  const { mhid: _, ...withoutId } = movie(0).object
  const parentPage = post('/graph/lookup', {
    ids: [PARENT],
    components: [{ name: 'keyContributors' }],
    page: 1,
  })
  const proper = post('/graph/lookup', { ids: [PARENT], components: [{ name: 'keyContributors', page: 1 }] })

  it.each([
    ['no mhid', withoutId],
    ['a number for its mhid', { ...withoutId, mhid: 12345 }],
  ])('(%s) is still known: any continuation naming an object is refused', async (_, object) => {
    for (const next of [parentPage, proper])
      for (const check of [undefined, looseCheck]) {
        server.handle((_, res) => sendJson(res, 200, holding(pageOf([person(0)], next), object)))
        const client = clientOf(check)
        const list = (await client.run(query)).content[0]!.object.keyContributors
        server.requests.length = 0
        const error = await failure(client.next(list))
        expect(error).toBeInstanceOf(PagingRefusedError)
        expect(error.message).toContain('the next of keyContributors (of an object without an mhid)')
        expect(server.requests).toHaveLength(0)
      }
  })

  it('a list whose content is no array is known too: its next paging the parent is refused', async () => {
    server.handle((_, res) =>
      sendJson(res, 200, holding({ content: 'soon', pagingInfo: { next: parentPage } })),
    )
    const client = clientOf(undefined)
    const list = (await client.run(query)).content[0]!.object.keyContributors
    const error = await failure(client.next(list))
    expect(error).toBeInstanceOf(PagingRefusedError)
    expect(error.message).toContain(`the next of keyContributors (of "${PARENT}") does not continue it`)
  })
})

describe("a silo's next", () => {
  const silos = hql.silos(silo.explore({ name: 'Westerns', positions: [0] })).with(primaryImage)
  const image = { primaryImage: { object: { mhid: `mhimg${'1'.repeat(39)}` }, context: {} } }
  const lookupOf = (body: object) => post('/graph/lookup', { ids: [movie(1).object.mhid], ...body })

  it.each([
    ['drops the components of the query', {}, false],
    ['asks for the same', { components: [{ name: 'primaryImage' }] }, true],
  ])('that %s is followed only then', async (_, body, followed) => {
    server.handle((_, res) =>
      sendJson(res, 200, {
        silos: [{ title: 'Westerns', content: [movie(0)], pagingInfo: { next: lookupOf(body) } }],
        pagingInfo: { next: null },
      }),
    )
    const client = clientOf(undefined)
    const page = await client.run(silos)
    server.handle((_, res) =>
      sendJson(res, 200, pageOf([{ object: { ...movie(1).object, ...image }, context: {} }])),
    )
    const more = client.next(page.silos[0]!)
    if (followed) return expect((await more)?.content[0]?.object).toHaveProperty('primaryImage')
    const error = await failure(more)
    expect(error).toBeInstanceOf(PagingRefusedError)
    expect(error.message).toContain('the next of the silo "Westerns" does not continue it')
  })
})

describe('a next body nested deeper than any query', () => {
  it('is an InvalidResponseError on a single step, as in a run, before any request', async () => {
    const deep = '['.repeat(5_000) + ']'.repeat(5_000)
    const next = `{"endpoint":"/graph/explore","method":"POST","body":{"page":1,"x":${deep}}}`
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(`{"content":[${JSON.stringify(movie(0))}],"pagingInfo":{"next":${next},"previous":${next}}}`)
    })
    const client = clientOf(undefined)
    const first = await client.run(hql.explore().filter(returnType.eq('Movie')).pageSize(1))
    server.requests.length = 0
    for (const step of [client.next(first), client.previous(first)]) {
      const error = await failure(step)
      expect(error).toBeInstanceOf(InvalidResponseError)
      expect(error.message).toContain('nests too deep to follow')
    }
    const safe = await client.safeNext(first)
    expect(safe.error).toBeInstanceOf(InvalidResponseError)
    expect(server.requests).toHaveLength(0)
  })
})
