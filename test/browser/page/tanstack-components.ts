// React components over hql/tanstack, shared by the page in Chromium (tanstack-app.ts) and the server render in
// Node (test/browser/tanstack-react.test.ts), so that the browser hydrates the very markup the server wrote.
// Written with createElement: the project's TypeScript settings have no JSX.
import { createElement as h, Suspense, useEffect, type ReactNode } from 'react'
import {
  HydrationBoundary,
  QueryClientProvider,
  useInfiniteQuery,
  useQuery,
  useSuspenseQuery,
  type DehydratedState,
  type QueryClient,
} from '@tanstack/react-query'
import { hql, primaryImage, returnType, traits } from 'hql'
import type { HqlPagingQueries } from 'hql/tanstack'

/** The query every case pages through: westerns, a few at a time, with their images. */
export const westernsIn = (pageSize: number) =>
  hql
    .explore()
    .filter(returnType.eq('Movie'), traits.eq('mhgnr-western'))
    .with(primaryImage)
    .pageSize(pageSize)

/** Every page of the list, one after the other, until the service says there is no next. */
export function InfiniteList({ queries, pageSize }: { queries: HqlPagingQueries; pageSize: number }) {
  const { data, error, hasNextPage, isFetchingNextPage, fetchNextPage, status } = useInfiniteQuery(
    queries.infiniteQueryOptions(westernsIn(pageSize)),
  )
  // A real app pages on a scroll or a button; this one pages on its own, to the end.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  const done = status === 'success' && !hasNextPage && !isFetchingNextPage
  const items = data?.pages.flatMap((page) => page.content) ?? []
  return h(
    'section',
    {
      id: 'infinite',
      'data-state': error ? 'error' : done ? 'done' : 'loading',
      'data-pages': data?.pages.length ?? 0,
    },
    error ? h('p', { id: 'error' }, `${error.name}: ${error.message}`) : null,
    h(
      'ol',
      null,
      items.map(({ object }) => h('li', { key: object.mhid, 'data-mhid': object.mhid }, object.name)),
    ),
  )
}

/** One page with useQuery, its state shown as it is (the cancel case reads it). */
export function FirstPage({ queries, pageSize }: { queries: HqlPagingQueries; pageSize: number }) {
  const { data, error, status, fetchStatus } = useQuery(queries.queryOptions(westernsIn(pageSize)))
  return h(
    'section',
    {
      id: 'first',
      'data-status': status,
      'data-fetch-status': fetchStatus,
      'data-error': error ? error.name : '',
    },
    h(
      'ol',
      null,
      data?.content.map(({ object }) => h('li', { key: object.mhid, 'data-mhid': object.mhid }, object.name)),
    ),
  )
}

/** One page with useSuspenseQuery: what a server render prefetches and the browser hydrates. */
export function SuspenseList({ queries, pageSize }: { queries: HqlPagingQueries; pageSize: number }) {
  const { data } = useSuspenseQuery(queries.queryOptions(westernsIn(pageSize)))
  return h(
    'ol',
    { id: 'suspense' },
    data.content.map(({ object }) => h('li', { key: object.mhid, 'data-mhid': object.mhid }, object.name)),
  )
}

/** Marks the page once React has committed the tree (effects run only then, and never on a server). */
function Committed({ children }: { children?: ReactNode }) {
  useEffect(() => document.body.setAttribute('data-state', 'hydrated'), [])
  return children
}

/** The server-rendered app: the server renders it from its prefetched cache, the browser hydrates it. */
export function RenderedApp(props: {
  queryClient: QueryClient
  state?: DehydratedState | undefined
  queries: HqlPagingQueries
  pageSize: number
}) {
  const { queryClient, state, queries, pageSize } = props
  return h(
    QueryClientProvider,
    { client: queryClient },
    h(
      HydrationBoundary,
      { state },
      h(Committed, null, h(Suspense, { fallback: null }, h(SuspenseList, { queries, pageSize }))),
    ),
  )
}
