import type { DataTag, InfiniteData } from '@tanstack/query-core'
import type { Query, ResultOf } from '../model/query/query'
import { ClientConfigError, PagingLoopError, readHeaders, requestHash } from '../client'
import type { CallOptions, Client, NextRequestLike, PagingClient } from '../client'
import { endpointAtPath, graphPath } from '../model/wire'
import { unreadOption } from '../model/suggest'
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
   * Who asks, in every key: a plain object. Required for queries whose answer depends on it (silos, the
   * current-user alias, a `likeOrder`/`followOrder` sort, User or Collection objects, `userSocial`; docs/apps.md),
   * which are refused without one.
   */
  readonly scope?: HqlScope | undefined
}

/** What a key holds besides the request: whether it is an infinite list's, the scope, and the call's headers. */
export interface KeyExtras {
  readonly infinite?: true
  readonly scope?: HqlScope
  /** The call options' `headers`, names lowercased: another header (a tenant) may get another answer. */
  readonly headers?: Readonly<Record<string, string>>
}

/**
 * The key of the options `hqlQueries` makes: `['hql', { endpoint, body }]`, then `{ infinite, scope, headers }`
 * if any.
 */
export type HqlOptionsKey = readonly ['hql', KeyedRequest, KeyExtras?]

/**
 * The client's options for each call a query function makes; their `headers` go in the key. TanStack Query gives
 * the abort signal: a `signal` here is refused.
 */
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
  /** The last page's next; one that repeats an earlier request makes the next fetch fail (`PagingLoopError`). */
  readonly getNextPageParam: (
    lastPage: Page,
    allPages: readonly Page[],
    lastPageParam: HqlPageParam,
    allPageParams: readonly HqlPageParam[],
  ) => HqlPageParam | undefined
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
 * `h.infiniteQueryOptions(q)`. Keys are the whole request (`queryKey`), with `scope` and the call's `headers`
 * where given; the query function passes TanStack's abort signal to the client; TanStack's retries are off, as
 * the client retries; an infinite list whose next repeats a request fails with `PagingLoopError`.
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
export function hqlQueries(client: Client, options?: HqlQueriesOptions): HqlPagingQueries {
  if (typeof client?.run !== 'function')
    throw new ClientConfigError('expected a client made by createClient', ['client'])
  if (options !== undefined && !isPlainObject(options))
    throw new ClientConfigError('expected the options as an object, { scope }', ['options'])
  // A misspelt `scope` would leave every key unscoped, unnoticed.
  const unread = unreadOption(options ?? {}, ['scope'])
  if (unread)
    throw new ClientConfigError(`not an option of hqlQueries, which takes scope (docs/apps.md)${unread[1]}`, [
      'options',
      unread[0],
    ])
  const scope = checkedScope(options?.scope)
  // An empty scope tells no user from another: for a query about who asks, it is no scope.
  const scoped = scope !== undefined && Object.keys(scope).length > 0

  /** The key of `query`'s options, after the checks that a query about who asks has a scope, and of `call`. */
  const keyOf = (query: Query, infinite: boolean, call: QueryCallOptions | undefined): HqlOptionsKey => {
    const [, request] = queryKey(query)
    if (!scoped) {
      const found = dependsOnWhoAsks(request)
      if (found)
        throw new ClientConfigError(
          `the answer depends on who asks (${found.what}): give hqlQueries a scope${scope ? ' with a key' : ''}, ` +
            'hqlQueries(client, { scope: { user } }), so that a shared cache keeps each user apart (docs/apps.md)',
          found.path,
        )
    }
    const headers = checkedCall(call)
    const extras: KeyExtras = {
      ...(infinite ? { infinite: true as const } : {}),
      ...(scope ? { scope } : {}),
      ...(headers ? { headers } : {}),
    }
    return infinite || scope || headers ? ['hql', request, extras] : ['hql', request]
  }

  return {
    queryOptions: <Q extends Query>(query: Q, call?: QueryCallOptions) => ({
      queryKey: keyOf(query, false, call) as DataTag<HqlOptionsKey, ResultOf<Q>>,
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
      const key = keyOf(query, true, call)
      const guard = loopGuard(key[1])
      return {
        queryKey: key as DataTag<HqlOptionsKey, InfiniteData<ResultOf<Q>, HqlPageParam>>,
        queryFn: ({
          signal,
          pageParam,
        }: {
          readonly signal: AbortSignal
          readonly pageParam: HqlPageParam
        }) => {
          if (pageParam === null) return client.run(query, { ...call, signal })
          const loop = guard.repeats(pageParam)
          return loop ? Promise.reject(loop) : paging.page!(query, pageParam, { ...call, signal })
        },
        initialPageParam: null,
        getNextPageParam: (
          lastPage: unknown,
          _pages: readonly unknown[],
          _last: HqlPageParam,
          allPageParams: readonly HqlPageParam[],
        ) => guard.next(lastPage, allPageParams),
        retry: false as const,
      }
    },
  }
}

/**
 * The infinite list's loop guard, as the client's paging has one (`visitedRequests`): a next that repeats the
 * query's first request or an earlier page's is returned as it is (`hasNextPage` stays true), marked, and the
 * fetch of a marked one fails with `PagingLoopError` instead of fetching the same pages for ever. TanStack calls
 * getNextPageParam on every render: it compares the client's 53-bit `requestHash` of each page parameter,
 * computed once per parameter object, and keeps no list of its own (the page parameters are TanStack's).
 */
function loopGuard(first: KeyedRequest) {
  const hashes = new WeakMap<object, number | undefined>()
  const repeating = new WeakMap<object, string>()
  let firstHash: number | undefined
  const pathOf = (endpoint: unknown): string => {
    const name = typeof endpoint === 'string' ? endpointAtPath(endpoint) : undefined
    return name ? graphPath(name) : String(endpoint)
  }
  /** The request hash of a page parameter; undefined for one the client will refuse anyway (`client.page`). */
  const hashOf = (param: NextRequestLike): number | undefined => {
    if (hashes.has(param)) return hashes.get(param)
    let hash: number | undefined
    try {
      hash = requestHash(pathOf(param.endpoint), param.body)
    } catch {
      hash = undefined
    }
    hashes.set(param, hash)
    return hash
  }
  return {
    next(page: unknown, allPageParams: readonly HqlPageParam[]): NextRequestLike | undefined {
      const next = (page as { pagingInfo?: { next?: NextRequestLike | null } } | null)?.pagingInfo?.next
      if (next === null || next === undefined) return undefined
      if (!isRecord(next) || repeating.has(next)) return next
      const hash = hashOf(next)
      if (hash === undefined) return next
      firstHash ??= requestHash(graphPath(first.endpoint), first.body)
      if (hash === firstHash || allPageParams.some((param) => isRecord(param) && hashOf(param) === hash))
        repeating.set(next, pathOf(next.endpoint))
      return next
    },
    /** The error the fetch of `param` fails with, when it repeats an earlier request. */
    repeats(param: NextRequestLike): PagingLoopError | undefined {
      const path = isRecord(param) ? repeating.get(param) : undefined
      return path === undefined
        ? undefined
        : new PagingLoopError(`next repeats an earlier request to ${path}`)
    },
  }
}

/** The call options, checked: no `signal` (TanStack gives it); their headers, for the key, or undefined. */
function checkedCall(call: unknown): Readonly<Record<string, string>> | undefined {
  if (call === undefined) return undefined
  if (!isPlainObject(call))
    throw new ClientConfigError('expected the call options as an object, { headers, timeoutMs, … }', [])
  if (call.signal !== undefined)
    throw new ClientConfigError(
      'TanStack Query gives the query function its abort signal (cancelQueries, unmount): pass none here',
      ['signal'],
    )
  const headers = readHeaders(call.headers, ['headers'])
  return Object.keys(headers).length > 0 ? Object.freeze(headers) : undefined
}

const isRecord = (value: unknown): value is object => value !== null && typeof value === 'object'

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * The scope as given, checked: a plain object whose own keys are all enumerable strings, each a string, a number,
 * a boolean or null. Anything else would be dropped from the key, or hashed as `{}` (a Map, a Date, a symbol key,
 * an own `__proto__` key, which TanStack's key hash leaves out), and two users would share one entry.
 */
function checkedScope(scope: unknown): HqlScope | undefined {
  if (scope === undefined) return undefined
  if (!isPlainObject(scope))
    throw new ClientConfigError(
      'expected a plain object such as { user: session.userId, baseUrl } (not a Map, a Date or a class instance)',
      ['scope'],
    )
  const copy: Record<string, HqlScope[string]> = {}
  for (const key of Reflect.ownKeys(scope)) {
    const at = ['scope', String(key)]
    if (typeof key === 'symbol')
      throw new ClientConfigError('a symbol key is left out of a query key: use a string key', at)
    if (key === '__proto__')
      throw new ClientConfigError('a __proto__ key is left out of a query key: use another name', at)
    if (!Object.getOwnPropertyDescriptor(scope, key)!.enumerable)
      throw new ClientConfigError('a non-enumerable key is left out of a query key: make it enumerable', at)
    const value = scope[key]
    if (
      value !== null &&
      typeof value !== 'string' &&
      typeof value !== 'boolean' &&
      !(typeof value === 'number' && Number.isFinite(value))
    )
      throw new ClientConfigError('expected a string, a finite number, a boolean or null', at)
    copy[key] = value
  }
  // A copy of the values checked, frozen: the scope an app passes may change later, the keys made with it may not.
  return Object.freeze(copy)
}
