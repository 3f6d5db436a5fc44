import type { DataTag, InfiniteData } from '@tanstack/query-core'
import type { Query, ResultOf } from '../model/query/query'
import { ClientConfigError } from '../client'
import type { CallOptions, Client, NextRequestLike, PagingClient } from '../client'
import { queryKey, type KeyedRequest } from './query-key'
import { dependsOnWhoAsks } from './who-asks'

// Query options for TanStack Query, built from hql's client: plain objects that useQuery, useSuspenseQuery,
// prefetchQuery (and their infinite forms) take in every framework TanStack serves. Nothing here runs TanStack
// code: its types only, so hql/tanstack adds no dependency to an app.

/**
 * Who asks, and where: a flat record of JSON values (`{ baseUrl, user }`) put in every key, so that a cache
 * shared by two users (or two services) never hands one the other's answer.
 */
export type HqlScope = Readonly<Record<string, string | number | boolean | null>>

/** Options of `hqlQueries`. */
export interface HqlQueriesOptions {
  /**
   * Who asks, in every key: required for queries whose answer depends on it (a `userSocial` component, the
   * current-user alias, silos), which are refused without one.
   */
  readonly scope?: HqlScope | undefined
}

/** What a key holds besides the request: whether it is an infinite list's, and the scope. */
export interface KeyExtras {
  readonly infinite?: true
  readonly scope?: HqlScope
}

/** The key of the options `hqlQueries` makes: `['hql', { endpoint, body }]`, then `{ infinite, scope }` if any. */
export type HqlOptionsKey = readonly ['hql', KeyedRequest, KeyExtras?]

/** The client's options for each call a query function makes; TanStack Query gives the abort signal. */
export type QueryCallOptions = Omit<CallOptions, 'signal'>

/** A page parameter: `null` for the query's first page, then each page's `pagingInfo.next`, as JSON. */
export type HqlPageParam = NextRequestLike | null

/** Options for `useQuery`, `useSuspenseQuery`, `prefetchQuery`, `fetchQuery`: a key tagged with the data type. */
export interface HqlQueryOptions<Data> {
  readonly queryKey: DataTag<HqlOptionsKey, Data>
  readonly queryFn: (context: { readonly signal: AbortSignal }) => Promise<Data>
  /** Off: the client retries (`retries()`), with backoff and `Retry-After`. Spread your own over it. */
  readonly retry: false
}

/** Options for `useInfiniteQuery`, `useSuspenseInfiniteQuery`, `prefetchInfiniteQuery`: pages of `Page`. */
export interface HqlInfiniteQueryOptions<Page> {
  readonly queryKey: DataTag<HqlOptionsKey, InfiniteData<Page, HqlPageParam>>
  readonly queryFn: (context: {
    readonly signal: AbortSignal
    readonly pageParam: HqlPageParam
  }) => Promise<Page>
  readonly initialPageParam: HqlPageParam
  readonly getNextPageParam: (lastPage: Page) => HqlPageParam | undefined
  /** Off: the client retries (`retries()`), with backoff and `Retry-After`. Spread your own over it. */
  readonly retry: false
}

/** What `hqlQueries(client)` returns for any client. */
export interface HqlQueries {
  /**
   * Options for one query's first (or only) page: `data` and `getQueryData(options.queryKey)` are typed
   * `ResultOf<typeof query>`. TanStack Query's options go beside them: `{ ...h.queryOptions(q), staleTime }`.
   *
   * @example
   * const { data } = useQuery(h.queryOptions(hql.explore().filter(returnType.eq('Movie')).pageSize(20)))
   */
  queryOptions<Q extends Query>(query: Q, options?: QueryCallOptions): HqlQueryOptions<ResultOf<Q>>
}

/** What `hqlQueries(client)` returns for a client with `paging()`: infinite lists too. */
export interface HqlPagingQueries extends HqlQueries {
  /**
   * Options for an infinite list of a query's pages: the first page is the query's, each next page parameter
   * the service's `pagingInfo.next` (plain JSON, so it survives dehydration), sent by `client.page`.
   *
   * @example
   * const { data, fetchNextPage, hasNextPage } = useInfiniteQuery(h.infiniteQueryOptions(movies))
   * const all = data?.pages.flatMap((page) => page.content)
   */
  infiniteQueryOptions<Q extends Query>(
    query: Q,
    options?: QueryCallOptions,
  ): HqlInfiniteQueryOptions<ResultOf<Q>>
}

/**
 * Query options for TanStack Query made with `client`: `h.queryOptions(q)` and, with `paging()`,
 * `h.infiniteQueryOptions(q)`. Keys are the whole request (`queryKey`), with `scope` where given; the query
 * function passes TanStack's abort signal to the client; TanStack's retries are off, as the client retries.
 *
 * @example
 * const h = hqlQueries(client, { scope: { user: session.userId } })
 * function Movies() {
 *   const { data } = useSuspenseQuery(h.queryOptions(movies))
 *   return data.content.map(({ object }) => object.name).join(', ')
 * }
 */
export function hqlQueries(client: PagingClient, options?: HqlQueriesOptions): HqlPagingQueries
export function hqlQueries(client: Client, options?: HqlQueriesOptions): HqlQueries
export function hqlQueries(client: Client, options: HqlQueriesOptions = {}): HqlPagingQueries {
  if (typeof client?.run !== 'function')
    throw new ClientConfigError('expected a client made by createClient', ['client'])
  const scope = checkedScope(options.scope)

  /** The key of `query`'s options, after the check that a query about who asks has a scope. */
  const keyOf = (query: Query, infinite: boolean): HqlOptionsKey => {
    const [, request] = queryKey(query)
    if (scope === undefined) {
      const found = dependsOnWhoAsks(request)
      if (found)
        throw new ClientConfigError(
          `the answer depends on who asks (${found.what}): give hqlQueries a scope, ` +
            'hqlQueries(client, { scope: { user } }), so that a shared cache keeps each user apart (docs/apps.md)',
          found.path,
        )
    }
    const extras: KeyExtras = {
      ...(infinite ? { infinite: true as const } : {}),
      ...(scope ? { scope } : {}),
    }
    return infinite || scope ? ['hql', request, extras] : ['hql', request]
  }

  return {
    queryOptions: <Q extends Query>(query: Q, call?: QueryCallOptions) => ({
      queryKey: keyOf(query, false) as DataTag<HqlOptionsKey, ResultOf<Q>>,
      queryFn: ({ signal }: { readonly signal: AbortSignal }) => client.run(query, { ...call, signal }),
      retry: false as const,
    }),
    infiniteQueryOptions: <Q extends Query>(query: Q, call?: QueryCallOptions) => {
      const paging = client as Partial<PagingClient>
      if (typeof paging.page !== 'function')
        throw new ClientConfigError(
          'infiniteQueryOptions needs a client with paging(): createClient({ …, paging: paging() })',
          ['client', 'paging'],
        )
      return {
        queryKey: keyOf(query, true) as DataTag<HqlOptionsKey, InfiniteData<ResultOf<Q>, HqlPageParam>>,
        queryFn: ({
          signal,
          pageParam,
        }: {
          readonly signal: AbortSignal
          readonly pageParam: HqlPageParam
        }) =>
          pageParam === null
            ? client.run(query, { ...call, signal })
            : paging.page!(query, pageParam, { ...call, signal }),
        initialPageParam: null,
        getNextPageParam: nextPageParam,
        retry: false as const,
      }
    },
  }
}

/** A page's `pagingInfo.next`, or undefined at the end (and for a result that has no pagingInfo). */
function nextPageParam(page: unknown): NextRequestLike | undefined {
  const next = (page as { pagingInfo?: { next?: NextRequestLike | null } } | null)?.pagingInfo?.next
  return next ?? undefined
}

/** The scope as given, checked: a flat record of strings, numbers, booleans and nulls. */
function checkedScope(scope: unknown): HqlScope | undefined {
  if (scope === undefined) return undefined
  if (scope === null || typeof scope !== 'object' || Array.isArray(scope))
    throw new ClientConfigError('expected a record such as { user: session.userId, baseUrl }', ['scope'])
  for (const [key, value] of Object.entries(scope))
    if (
      value !== null &&
      typeof value !== 'string' &&
      typeof value !== 'boolean' &&
      !(typeof value === 'number' && Number.isFinite(value))
    )
      throw new ClientConfigError('expected a string, a finite number, a boolean or null', ['scope', key])
  // A copy, frozen: the scope an app passes may change later, the keys made with it may not.
  return Object.freeze({ ...(scope as HqlScope) })
}
