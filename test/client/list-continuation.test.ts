// A `next` must continue the list it was read from (issue 26): a list component's next continues that
// component of that object, a response's pages the same endpoint, a silo's is a lookup of its ids. Anything
// else (another endpoint, another list, the parent's own page) is a PagingRefusedError naming the list, before
// any request: never the parent's movies returned typed as contributors. Real HTTP on 127.0.0.1.
import { describe, expect, it } from 'vitest'
import { hql, keyContributors, returnType, silo } from 'hql'
import { createClient, PagingRefusedError, staticTokenGrant } from '../../src/client'
import { movie } from './fake-service'
import { FAST, drain } from './helpers'
import { hostileServerForFile, sendJson } from './hostile-server'

const server = hostileServerForFile()
const client = () =>
  createClient({ baseUrl: server.url, auth: staticTokenGrant('token-of-lists'), ...FAST, check: undefined })

const PARENT = movie(0).object.mhid
const contributor = (n: number) => ({
  object: { mhid: `mhric${String(n).padStart(39, '0')}`, name: `Person ${n}` },
  context: {},
})
const lookup = (body: Record<string, unknown>) => ({ endpoint: '/graph/lookup', method: 'POST', body })
/** The proper continuation of the parent's keyContributors. */
const continuation = { ids: [PARENT], components: [{ name: 'keyContributors', pageSize: 1, page: 1 }] }

/** An explore answer: one movie whose keyContributors list has `next`, and a top-level next of its own. */
function answerWith(listNext: unknown, responseNext: unknown = null) {
  return {
    content: [
      {
        object: {
          ...movie(0).object,
          keyContributors: { content: [contributor(0)], pagingInfo: { next: listNext } },
        },
        context: {},
      },
    ],
    pagingInfo: { next: responseNext },
  }
}
const query = hql.explore().filter(returnType.eq('Movie')).with(keyContributors).pageSize(1)

async function firstPage(listNext: unknown, responseNext: unknown = null) {
  server.handle((_, res) => sendJson(res, 200, answerWith(listNext, responseNext)))
  const c = client()
  const page = await c.run(query)
  server.requests.length = 0
  // Any later request answers the parent's next page: movies, not contributors.
  server.handle((_, res) => sendJson(res, 200, { content: [movie(1)], pagingInfo: { next: null } }))
  return { c, page, list: page.content[0]!.object.keyContributors }
}

describe("a list component's next", () => {
  it.each([
    [
      'pages the parent lookup',
      lookup({ ids: [PARENT], components: [{ name: 'keyContributors' }], page: 1 }),
    ],
    ['continues another component', lookup({ ids: [PARENT], components: [{ name: 'keyTraits', page: 1 }] })],
    ['continues the component of another object', lookup({ ...continuation, ids: [movie(5).object.mhid] })],
    ['goes to another endpoint', { endpoint: '/graph/explore', method: 'POST', body: { page: 1 } }],
  ])('that %s is refused, naming the list', async (_, next) => {
    const { c, list } = await firstPage(next)
    const error = await c.next(list).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PagingRefusedError)
    expect((error as Error).message).toContain(
      `the next of keyContributors (of "${PARENT}") does not continue it`,
    )
    const run = await drain(c.items(list))
    expect(run.items).toHaveLength(1)
    expect(run.error).toBeInstanceOf(PagingRefusedError)
    expect(server.requests).toHaveLength(0)
  })

  it('that continues it is followed, and read as the list', async () => {
    const { c, list } = await firstPage(lookup(continuation))
    server.handle((_, res) =>
      sendJson(res, 200, {
        content: [
          {
            object: {
              ...movie(0).object,
              keyContributors: { content: [contributor(1)], pagingInfo: { next: null } },
            },
            context: {},
          },
        ],
        pagingInfo: { next: null },
      }),
    )
    expect((await c.next(list))?.content[0]?.object.name).toBe('Person 1')
  })
})

describe("a response's next", () => {
  it('that goes to another endpoint is refused, naming the response', async () => {
    const { c, page } = await firstPage(null, lookup({ ids: [PARENT], page: 1 }))
    const error = await c.next(page).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PagingRefusedError)
    expect((error as Error).message).toContain('the next of this explore response does not continue it')
    expect(server.requests).toHaveLength(0)
  })

  it("that continues a component instead of the response's page is refused", async () => {
    const { c, page } = await firstPage(null, lookup(continuation))
    await expect(c.next(page)).rejects.toBeInstanceOf(PagingRefusedError)
  })
})

describe("a silo's next", () => {
  it('that continues a component instead of the silo is refused, naming the silo', async () => {
    server.handle((_, res) =>
      sendJson(res, 200, {
        silos: [{ title: 'Westerns', content: [movie(0)], pagingInfo: { next: lookup(continuation) } }],
        pagingInfo: { next: null },
      }),
    )
    const c = client()
    const page = await c.run(hql.silos(silo.explore({ name: 'Westerns', positions: [0] })))
    const error = await c.next(page.silos[0]!).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PagingRefusedError)
    expect((error as Error).message).toContain('the next of the silo "Westerns" does not continue it')
  })
})
