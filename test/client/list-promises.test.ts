// A page the client hands back is held to what its list promised (issue 26; holes a review found in session
// 19). Real HTTP on 127.0.0.1.
import { describe, expect, it } from 'vitest'
import { contributions, hql, keyContributors, returnType } from 'hql'
import {
  createClient,
  InvalidResponseError,
  looseCheck,
  PagingRefusedError,
  staticTokenGrant,
  type ResponseCheck,
} from '../../src/client'
import { movie } from './fake-service'
import { FAST, failure } from './helpers'
import { hostileServerForFile, sendJson } from './hostile-server'

const server = hostileServerForFile()
const clientOf = (check: ResponseCheck | undefined) =>
  createClient({ baseUrl: server.url, auth: staticTokenGrant('token-of-promises'), ...FAST, check })

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
