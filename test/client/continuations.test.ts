// The paging piece's single steps (issue 26): page(query, next) runs one continuation of a query, checked and
// typed as its page (what an infinite list keeps); previous(list) follows pagingInfo.previous as next follows
// next; paging({ findNext }) replaces how the next request is found, under the same rules. Real HTTP.
import { describe, expect, it } from 'vitest'
import { hql, primaryImage, returnType } from 'hql'
import {
  ClientConfigError,
  createClient,
  InvalidResponseError,
  paging,
  PagingRefusedError,
  staticTokenGrant,
  strictCheck,
  type NextFinder,
} from '../../src/client'
import { movie } from './fake-service'
import { drain, failure } from './helpers'
import { hostileServerForFile, sendJson } from './hostile-server'

const server = hostileServerForFile()
const clientOf = (findNext?: NextFinder) =>
  createClient({
    baseUrl: server.url,
    auth: staticTokenGrant('continuation-token'),
    check: strictCheck,
    paging: paging(findNext === undefined ? {} : { findNext }),
  })
const movies = hql.explore().filter(returnType.eq('Movie')).pageSize(1)
const at = (page: number) => ({ endpoint: '/graph/explore', method: 'POST', body: { ...movies.body, page } })

describe('page(query, next)', () => {
  it('sends a kept next to the query endpoint and checks the answer as the query promises', async () => {
    server.handle((request, res) => {
      const { page = 0 } = JSON.parse(request.body) as { page?: number }
      sendJson(res, 200, { content: [movie(page)], pagingInfo: { next: at(page + 1) } })
    })
    const client = clientOf()
    const first = await client.run(movies)
    const kept = JSON.parse(JSON.stringify(first.pagingInfo.next)) as typeof first.pagingInfo.next
    const second = await client.page(movies, kept!)
    expect(second.content[0]?.object.name).toBe('Movie 1')
    // Checked against the query's promise: a query with primaryImage refuses a page without it.
    const withImages = movies.with(primaryImage)
    const error = await failure(client.page(withImages, at(2)))
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect(error.path).toEqual(['content', 0, 'object', 'primaryImage'])
  })

  it('refuses a next to another endpoint, another origin, or no next, before sending it', async () => {
    const client = clientOf()
    for (const next of [
      { endpoint: '/graph/lookup', method: 'POST', body: { ids: ['x'] } },
      { endpoint: 'https://evil.example/graph/explore', method: 'POST', body: {} },
      { endpoint: '/graph/explore', method: 'GET', body: {} },
    ])
      expect(await failure(client.page(movies, next))).toBeInstanceOf(PagingRefusedError)
    expect(await failure(client.page(movies, null as never))).toBeInstanceOf(ClientConfigError)
    expect(server.requests).toEqual([])
  })
})

describe('previous(list)', () => {
  it('follows pagingInfo.previous, as next follows next; undefined when there is none', async () => {
    server.handle((request, res) => {
      const { page = 0 } = JSON.parse(request.body) as { page?: number }
      sendJson(res, 200, {
        content: [movie(page)],
        pagingInfo: { next: at(page + 1), previous: page > 0 ? at(page - 1) : null },
      })
    })
    const client = clientOf()
    const third = await client.page(movies, at(2))
    const second = await client.previous(third)
    expect(second?.content[0]?.object.name).toBe('Movie 1')
    const first = await client.previous((await client.previous(second!))!)
    expect(first).toBeUndefined()
    expect(server.requests.map((r) => JSON.parse(r.body).page)).toEqual([2, 1, 0])
  })

  it("refuses a previous that does not page the response's endpoint", async () => {
    server.handle((_, res) =>
      sendJson(res, 200, {
        content: [movie(0)],
        pagingInfo: {
          next: null,
          previous: { endpoint: '/graph/lookup', method: 'POST', body: { ids: ['x'] } },
        },
      }),
    )
    const client = clientOf()
    const page = await client.run(movies)
    expect(await failure(client.previous(page))).toBeInstanceOf(PagingRefusedError)
  })
})

describe('paging({ findNext })', () => {
  it('finds the next request where a service keeps it, and holds it to the same rules', async () => {
    // A service that puts its continuation in `meta.more`, not in pagingInfo.
    server.handle((request, res) => {
      const { page = 0 } = JSON.parse(request.body) as { page?: number }
      sendJson(res, 200, {
        content: [movie(page)],
        pagingInfo: { next: null },
        meta: {
          more: page < 2 ? at(page + 1) : page === 2 ? { ...at(3), endpoint: '//evil/graph/explore' } : null,
        },
      })
    })
    const findNext: NextFinder = (page, direction) =>
      direction === 'next' ? (page as { meta?: { more?: unknown } }).meta?.more : undefined
    const run = await drain(clientOf(findNext).items(movies))
    expect(run.items.map((item) => item.object.name)).toEqual(['Movie 0', 'Movie 1', 'Movie 2'])
    expect(run.error).toBeInstanceOf(PagingRefusedError)
  })
})
