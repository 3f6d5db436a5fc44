import { describe, expectTypeOf, test } from 'vitest'
import {
  QueryClient,
  useInfiniteQuery,
  useQuery,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
  type InfiniteData,
} from '@tanstack/react-query'
import {
  hql,
  primaryImage,
  returnType,
  keyContributors,
  createClient,
  paging,
  staticTokenGrant,
  type ResultOf,
} from 'hql'
import type { NextRequestLike } from 'hql/types'
import { hqlQueries, queryKey } from 'hql/tanstack'

const client = createClient({
  baseUrl: 'https://graph.example.com',
  auth: staticTokenGrant('t'),
  paging: paging(),
})
const core = createClient({ baseUrl: 'https://graph.example.com', auth: staticTokenGrant('t') })
const h = hqlQueries(client)
const movies = hql.explore().filter(returnType.eq('Movie')).with(primaryImage, keyContributors).pageSize(10)
type Movies = ResultOf<typeof movies>
const queryClient = new QueryClient()

describe('hql/tanstack types', () => {
  test("useQuery's and useSuspenseQuery's data is the query's result", () => {
    expectTypeOf(useQuery(h.queryOptions(movies)).data).toEqualTypeOf<Movies | undefined>()
    expectTypeOf(useSuspenseQuery(h.queryOptions(movies)).data).toEqualTypeOf<Movies>()
    const { data } = useSuspenseQuery(h.queryOptions(movies))
    expectTypeOf(data.content[0]!.object.primaryImage.object.medium.url).toEqualTypeOf<string>()
  })

  test('TanStack options go beside, select included', () => {
    const named = useQuery({
      ...h.queryOptions(movies),
      staleTime: 60_000,
      select: (page) => page.content.length,
    })
    expectTypeOf(named.data).toEqualTypeOf<number | undefined>()
    useQuery({ ...h.queryOptions(movies), retry: 3 })
  })

  test("getQueryData, fetchQuery and setQueryData know the key's data", async () => {
    const options = h.queryOptions(movies)
    expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<Movies | undefined>()
    expectTypeOf(await queryClient.fetchQuery(options)).toEqualTypeOf<Movies>()
    await queryClient.prefetchQuery(options)
    queryClient.setQueryData(options.queryKey, (old) => {
      expectTypeOf(old).toEqualTypeOf<Movies | undefined>()
      return old
    })
  })

  test('infinite lists are pages of the result, the page parameter a next request', async () => {
    const infinite = h.infiniteQueryOptions(movies)
    // The hooks type pageParams unknown[] (TanStack's default without a select); the cache knows them.
    expectTypeOf(useInfiniteQuery(infinite).data).toEqualTypeOf<InfiniteData<Movies> | undefined>()
    const { data } = useSuspenseInfiniteQuery(infinite)
    expectTypeOf(data.pages).toEqualTypeOf<Movies[]>()
    expectTypeOf(data.pages[0]!.pagingInfo.next).toEqualTypeOf<Movies['pagingInfo']['next']>()
    expectTypeOf(queryClient.getQueryData(infinite.queryKey)).toEqualTypeOf<
      InfiniteData<Movies, NextRequestLike | null> | undefined
    >()
    await queryClient.prefetchInfiniteQuery(infinite)
    expectTypeOf((await queryClient.fetchInfiniteQuery(infinite)).pages).toEqualTypeOf<Movies[]>()
  })

  test('infinite lists need a client with paging', () => {
    const plain = hqlQueries(core)
    expectTypeOf(plain.queryOptions(movies).queryFn).returns.toEqualTypeOf<Promise<Movies>>()
    // @ts-expect-error: no paging(), no infinite lists
    plain.infiniteQueryOptions(movies)
  })

  test('queryKey is plain JSON; the options take only hql queries', () => {
    expectTypeOf(queryKey(movies)[0]).toEqualTypeOf<'hql'>()
    // @ts-expect-error: not a query
    h.queryOptions({ endpoint: 'explore' })
    // @ts-expect-error: a scope is a flat record of JSON values
    hqlQueries(client, { scope: { user: new Date() } })
  })
})
