// hql/tanstack in Node with TanStack Query's own QueryClient (@tanstack/query-core) against the reference service
// over real HTTP: the options fetch what the client fetches, the infinite list pages with the service's next,
// TanStack's retries stay off, cancelling aborts the request in flight, and queries about who asks need a scope.
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InfiniteQueryObserver, QueryClient } from '@tanstack/query-core'
import {
  ClientConfigError,
  HttpError,
  PagingLoopError,
  createClient,
  hql,
  keyContributors,
  paging,
  passwordGrant,
  primaryImage,
  recommended,
  returnType,
  silo,
  staticTokenGrant,
  traits,
  userSocial,
  type PagingClient,
} from 'hql'
import { createService, type Service } from 'hql/service'
import { hqlQueries, queryKey, type HqlPagingQueries } from '../../src/tanstack'
import { caught } from '../support/caught'
import { testPasswordCost } from '../support/password-cost'

let service: Service
let client: PagingClient
beforeAll(async () => {
  service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
  client = createClient({
    baseUrl: service.baseUrl,
    auth: passwordGrant({ authUrl: service.authUrl, ...service.demo, scope: ['public_profile'] }),
    ...recommended(),
  })
})
afterAll(() => service.close())

const westerns = hql
  .explore()
  .filter(returnType.eq('Movie'), traits.eq('mhgnr-western'))
  .with(primaryImage)
  .pageSize(4)

describe('hqlQueries', () => {
  it('queryOptions fetch what client.run does, under the query key', async () => {
    const h = hqlQueries(client)
    const options = h.queryOptions(westerns)
    expect(options.queryKey).toEqual(queryKey(westerns))
    expect(options.retry).toBe(false)
    const queryClient = new QueryClient()
    const data = await queryClient.fetchQuery(options)
    expect(data).toEqual(await client.run(westerns))
    expect(queryClient.getQueryData(options.queryKey)).toBe(data)
    // Another query keeps its own entry: the collision of issue 29 (one entry for every Movie explore).
    const five = hql.explore().filter(returnType.eq('Movie')).pageSize(5)
    const other = await queryClient.fetchQuery(h.queryOptions(five))
    expect(other.content).toHaveLength(5)
    expect(queryClient.getQueryData(options.queryKey)).toBe(data)
  })

  it('an infinite list pages through every item, the same as client.collect, 0 lost and 0 repeated', async () => {
    const h = hqlQueries(client)
    const queryClient = new QueryClient()
    const observer = new InfiniteQueryObserver(queryClient, h.infiniteQueryOptions(westerns))
    let result = (await observer.refetch()) as Awaited<ReturnType<typeof observer.fetchNextPage>>
    while (result.hasNextPage) result = await observer.fetchNextPage()
    const pages = result.data!.pages
    const shown = pages.flatMap((page) => page.content.map(({ object }) => object.mhid))
    const expected = (await client.collect(westerns, { maxItems: 10_000 })).map(({ object }) => object.mhid)
    expect(pages.length).toBeGreaterThan(2)
    expect(shown).toEqual(expected)
    expect(new Set(shown).size).toBe(shown.length)
    // The page parameters are the service's next requests, plain JSON (they survive dehydration).
    const params = result.data!.pageParams
    expect(params[0]).toBeNull()
    expect(params.slice(1)).toEqual(pages.slice(0, -1).map((page) => page.pagingInfo.next))
    expect(JSON.parse(JSON.stringify(params))).toEqual(params)
  })

  it("keeps TanStack's retries off: the client's own are the only ones", async () => {
    let requests = 0
    const server = createServer((req, res) => {
      requests++
      req.resume()
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const failing = createClient({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        auth: staticTokenGrant('token'),
      })
      // TanStack's default in browsers is three retries (none on a server, as here): the options turn them off.
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 1 } } })
      const error: unknown = await queryClient.fetchQuery(hqlQueries(failing).queryOptions(westerns)).then(
        () => undefined,
        (failure: unknown) => failure,
      )
      expect(error).toBeInstanceOf(HttpError)
      expect(requests).toBe(1)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('cancelling aborts the one request in flight and leaves no error', async () => {
    const held = new Set<ServerResponse>()
    let arrived = 0
    let closedUnanswered = 0
    let onHeld: () => void = () => {}
    const server = createServer((req, res) => {
      arrived++
      req.resume()
      held.add(res)
      res.on('close', () => {
        if (!res.writableEnded) closedUnanswered++
      })
      onHeld()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const slow = createClient({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        auth: staticTokenGrant('token'),
        ...recommended(),
      })
      const options = hqlQueries(slow).queryOptions(westerns)
      const queryClient = new QueryClient()
      const reached = new Promise<void>((resolve) => (onHeld = resolve))
      const fetching = queryClient.prefetchQuery(options)
      await reached
      await queryClient.cancelQueries({ queryKey: options.queryKey })
      await fetching
      await until(() => closedUnanswered === 1)
      expect(arrived).toBe(1)
      const state = queryClient.getQueryState(options.queryKey)
      expect(state?.error).toBeNull()
      expect(state?.status).toBe('pending')
      expect(state?.fetchStatus).toBe('idle')
    } finally {
      for (const res of held) res.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  describe('a scope, where the answer depends on who asks', () => {
    const movie = hql.lookup('mhmov-gladiator')
    it('refuses a query about who asks without one, naming what in the query', () => {
      const h = hqlQueries(client)
      const social = caught(() => h.queryOptions(movie.with(keyContributors(userSocial))))
      expect(social).toBeInstanceOf(ClientConfigError)
      expect((social as ClientConfigError).path).toEqual(['components', 0, 'components', 0, 'name'])
      expect((social as ClientConfigError).message).toMatch(
        /depends on who asks \(userSocial.*give hqlQueries a scope/,
      )
      const me = caught(() => h.queryOptions(hql.lookup('mhals-current-user')))
      expect((me as ClientConfigError).path).toEqual(['ids', 0])
      const silos = caught(() => h.infiniteQueryOptions(hql.silos(silo.recommendedForYou())))
      expect((silos as ClientConfigError).message).toMatch(/silos are recommendations/)
      // A query about nobody in particular needs none.
      expect(h.queryOptions(movie.with(primaryImage)).queryKey).toEqual(queryKey(movie.with(primaryImage)))
    })

    it('puts the scope in every key, so two users never share an entry', () => {
      const q = movie.with(userSocial)
      const ann = hqlQueries(client, { scope: { user: 'ann', baseUrl: service.baseUrl } })
      const bob = hqlQueries(client, { scope: { user: 'bob', baseUrl: service.baseUrl } })
      expect(ann.queryOptions(q).queryKey).toEqual([
        'hql',
        queryKey(q)[1],
        { scope: { user: 'ann', baseUrl: service.baseUrl } },
      ])
      expect(ann.infiniteQueryOptions(q).queryKey[2]).toEqual({
        infinite: true,
        scope: { user: 'ann', baseUrl: service.baseUrl },
      })
      const queryClient = new QueryClient()
      const hash = (key: readonly unknown[]) =>
        queryClient.getQueryCache().build(queryClient, { queryKey: key })
      expect(hash(ann.queryOptions(q).queryKey).queryHash).not.toBe(
        hash(bob.queryOptions(q).queryKey).queryHash,
      )
    })

    it('refuses a scope that is no plain object, or whose keys a query key would drop, naming the key', () => {
      // Each of these was hashed as `{ scope: {} }` (or without the key): alice and bob shared one entry.
      const refused = (scope: unknown) =>
        caught(() => hqlQueries(client, { scope: scope as never }), ClientConfigError).path
      expect(refused(new Map([['user', 'alice']]))).toEqual(['scope'])
      expect(refused(new Date())).toEqual(['scope'])
      expect(refused(new (class Session {})())).toEqual(['scope'])
      expect(refused(Object.create({ user: 'alice' }))).toEqual(['scope'])
      expect(refused({ [Symbol('user')]: 'alice' })).toEqual(['scope', 'Symbol(user)'])
      expect(refused(Object.defineProperty({}, 'user', { value: 'alice' }))).toEqual(['scope', 'user'])
      expect(refused(JSON.parse('{"__proto__":"alice"}'))).toEqual(['scope', '__proto__'])
      // A plain object with no prototype is a plain object.
      const bare = Object.assign(Object.create(null) as object, { user: 'alice' })
      expect(hqlQueries(client, { scope: bare }).queryOptions(westerns).queryKey[2]).toEqual({
        scope: { user: 'alice' },
      })
      // An empty scope tells no user from another: a query about who asks is refused as without one.
      const empty = caught(
        () => hqlQueries(client, { scope: {} }).queryOptions(movie.with(userSocial)),
        ClientConfigError,
      )
      expect(empty.path).toEqual(['components', 0, 'name'])
      expect(empty.message).toMatch(/give hqlQueries a scope with a key/)
    })

    it('refuses a scope that is no flat record of JSON values, naming the key', () => {
      const date = caught(() => hqlQueries(client, { scope: { user: new Date() as never } }))
      expect((date as ClientConfigError).path).toEqual(['scope', 'user'])
      const nan = caught(() => hqlQueries(client, { scope: { n: Number.NaN } }))
      expect((nan as ClientConfigError).path).toEqual(['scope', 'n'])
      expect((caught(() => hqlQueries(client, { scope: 'ann' as never })) as ClientConfigError).path).toEqual(
        ['scope'],
      )
    })
  })

  it('refuses options that are no object, as a ClientConfigError', () => {
    for (const options of [null, 'ann', 42, new Map()])
      expect(caught(() => hqlQueries(client, options as never), ClientConfigError).path).toEqual(['options'])
  })

  it("puts the call's headers in the key: two tenants never share an entry", async () => {
    const h = hqlQueries(client)
    const a = h.queryOptions(westerns, { headers: { 'X-Tenant': 'a' } })
    const b = h.queryOptions(westerns, { headers: { 'x-tenant': 'b' } })
    expect(a.queryKey).toEqual(['hql', queryKey(westerns)[1], { headers: { 'x-tenant': 'a' } }])
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
    await queryClient.fetchQuery(a)
    await queryClient.fetchQuery(b)
    expect(queryClient.getQueryCache().findAll({ queryKey: queryKey(westerns) })).toHaveLength(2)
    // The same headers, however the names are written, are one entry; no headers, another.
    await queryClient.fetchQuery(h.queryOptions(westerns, { headers: { 'x-TENANT': 'a' } }))
    await queryClient.fetchQuery(h.queryOptions(westerns))
    expect(queryClient.getQueryCache().findAll({ queryKey: queryKey(westerns) })).toHaveLength(3)
    // A header the client would refuse is refused here, naming it.
    const own = caught(() => h.queryOptions(westerns, { headers: { authorization: 'x' } }), ClientConfigError)
    expect(own.path).toEqual(['headers', 'authorization'])
  })

  it("refuses a call's own signal (TanStack Query gives it), and call options that are no object", () => {
    const h = hqlQueries(client)
    const signal = caught(
      () => h.queryOptions(westerns, { signal: new AbortController().signal } as never),
      ClientConfigError,
    )
    expect(signal.path).toEqual(['signal'])
    expect(signal.message).toMatch(/TanStack Query gives the query function its abort signal/)
    expect(
      caught(
        () => h.infiniteQueryOptions(westerns, { signal: AbortSignal.abort() } as never),
        ClientConfigError,
      ).path,
    ).toEqual(['signal'])
    expect(caught(() => h.queryOptions(westerns, 'abc' as never), ClientConfigError).path).toEqual([])
  })

  describe("an infinite list whose next repeats a request fails the next fetch with the client's PagingLoopError", () => {
    const movies = hql.explore().filter(returnType.eq('Movie')).pageSize(1)
    const first = queryKey(movies)[1].body
    const second = { ...first, page: 1 }
    /** A server whose every answer says `next`, counting the requests. */
    async function repeating(
      next: object,
      run: (client: PagingClient, requests: () => number) => Promise<void>,
    ) {
      let requests = 0
      const server = createServer((req, res) => {
        requests++
        req.resume()
        const item = { object: { mhid: `mhmov-same-${requests}`, name: 'Same' }, context: {} }
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ content: [item], pagingInfo: { next, previous: null } }))
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      try {
        const looping = createClient({
          baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          auth: staticTokenGrant('token'),
          paging: paging(),
        })
        await run(looping, () => requests)
      } finally {
        server.closeAllConnections()
        await new Promise((resolve) => server.close(resolve))
      }
    }

    /** Pages while hasNextPage says so, 20 at most (as an infinite scroll would): the last result. */
    async function scroll(client: PagingClient) {
      const observer = new InfiniteQueryObserver(
        new QueryClient(),
        hqlQueries(client).infiniteQueryOptions(movies),
      )
      let result = (await observer.refetch()) as Awaited<ReturnType<typeof observer.fetchNextPage>>
      for (let i = 0; i < 20 && result.hasNextPage && !result.error; i++)
        result = await observer.fetchNextPage()
      return result
    }

    it('a next that repeats an earlier page', async () => {
      await repeating(
        { endpoint: '/graph/explore', method: 'POST', body: second },
        async (looping, requests) => {
          const result = await scroll(looping)
          expect(result.error).toBeInstanceOf(PagingLoopError)
          expect(result.error!.message).toMatch(/next repeats an earlier request to \/graph\/explore/)
          // The first page and the second; the third would have been the second again.
          expect(requests()).toBe(2)
          expect(result.data!.pages).toHaveLength(2)
        },
      )
    })

    it("a next that repeats the query's first request, in another key order", async () => {
      const reordered = Object.fromEntries(Object.entries(first).reverse())
      await repeating(
        { endpoint: '/graph/explore', method: 'POST', body: reordered },
        async (looping, requests) => {
          const result = await scroll(looping)
          expect(result.error).toBeInstanceOf(PagingLoopError)
          expect(requests()).toBe(1)
          expect(result.data!.pages).toHaveLength(1)
        },
      )
    })
  })

  it('refuses infinite lists without paging(), and what is no client', () => {
    const core = createClient({ baseUrl: service.baseUrl, auth: staticTokenGrant('t') })
    const h = hqlQueries(core) as HqlPagingQueries
    expect((caught(() => h.infiniteQueryOptions(westerns)) as ClientConfigError).path).toEqual([
      'client',
      'paging',
    ])
    expect(caught(() => hqlQueries({} as never))).toBeInstanceOf(ClientConfigError)
  })

  it('an infinite key differs from the plain one, and both answer to the query key', async () => {
    const h = hqlQueries(client)
    const queryClient = new QueryClient()
    await queryClient.prefetchQuery(h.queryOptions(westerns))
    await queryClient.prefetchInfiniteQuery(h.infiniteQueryOptions(westerns))
    expect(queryClient.getQueryCache().findAll({ queryKey: queryKey(westerns) })).toHaveLength(2)
    expect(queryClient.getQueryCache().findAll({ queryKey: ['hql', { endpoint: 'explore' }] })).toHaveLength(
      2,
    )
  })
})

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(done()).toBe(true)
}
