// Server rendering with React and TanStack Query (react-dom/server in Node) against the reference service over
// real HTTP: the server prefetches with hql/tanstack's options, dehydrates to JSON text, and a fresh QueryClient
// hydrated from that text renders the same list with no request of its own. Suspense hooks fetch whatever the
// cache lacks, so a render that needed a request would make one (counted by the client's fetch).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createElement as h, Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import {
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
  dehydrate,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
  type DehydratedState,
} from '@tanstack/react-query'
import {
  createClient,
  hql,
  passwordGrant,
  primaryImage,
  recommended,
  returnType,
  traits,
  type FetchLike,
  type PagingClient,
} from 'hql'
import { createService, type Service } from 'hql/service'
import { hqlQueries, type HqlPagingQueries } from '../../src/tanstack'
import { testPasswordCost } from '../support/password-cost'

let service: Service
beforeAll(async () => {
  service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
})
afterAll(() => service.close())

const westerns = hql
  .explore()
  .filter(returnType.eq('Movie'), traits.eq('mhgnr-western'))
  .with(primaryImage)
  .pageSize(4)

/** A client whose graph requests are counted. */
function countingClient(): { client: PagingClient; graphRequests: () => number } {
  let graph = 0
  const fetch: FetchLike = (input, init) => {
    if (String(input).includes('/graph/')) graph++
    return globalThis.fetch(input, init)
  }
  const client = createClient({
    baseUrl: service.baseUrl,
    auth: passwordGrant({ authUrl: service.authUrl, ...service.demo, scope: ['public_profile'] }),
    fetch,
    ...recommended(),
  })
  return { client, graphRequests: () => graph }
}

function Movies({ queries }: { queries: HqlPagingQueries }) {
  const { data } = useSuspenseQuery(queries.queryOptions(westerns))
  return h(
    'ul',
    { id: 'first' },
    data.content.map(({ object }) => h('li', { key: object.mhid }, object.name)),
  )
}

function AllPages({ queries }: { queries: HqlPagingQueries }) {
  const { data } = useSuspenseInfiniteQuery(queries.infiniteQueryOptions(westerns))
  const items = data.pages.flatMap((page) => page.content)
  return h(
    'ol',
    { id: 'pages', 'data-pages': data.pages.length },
    items.map(({ object }) => h('li', { key: object.mhid }, object.name)),
  )
}

function App({
  queries,
  queryClient,
  state,
}: {
  queries: HqlPagingQueries
  queryClient: QueryClient
  state?: DehydratedState
}) {
  return h(
    QueryClientProvider,
    { client: queryClient },
    h(
      HydrationBoundary,
      { state },
      h(Suspense, { fallback: h('p', null, 'loading') }, h(Movies, { queries }), h(AllPages, { queries })),
    ),
  )
}

describe('server rendering with hql/tanstack', () => {
  it('prefetches, dehydrates to JSON, hydrates a fresh QueryClient and renders with 0 requests from it', async () => {
    // The server: prefetch the first page, and two pages of the infinite list.
    const server = countingClient()
    const serverQueries = hqlQueries(server.client)
    const serverCache = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
    await serverCache.prefetchQuery(serverQueries.queryOptions(westerns))
    await serverCache.prefetchInfiniteQuery({ ...serverQueries.infiniteQueryOptions(westerns), pages: 2 })
    expect(server.graphRequests()).toBe(3)
    const serverHtml = renderToString(h(App, { queries: serverQueries, queryClient: serverCache }))
    const text = JSON.stringify(dehydrate(serverCache))

    // The browser's side, in a fresh QueryClient with its own client: only the JSON crosses over.
    const browser = countingClient()
    const browserCache = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
    const html = renderToString(
      h(App, {
        queries: hqlQueries(browser.client),
        queryClient: browserCache,
        state: JSON.parse(text) as DehydratedState,
      }),
    )
    expect(browser.graphRequests()).toBe(0)
    expect(html).toBe(serverHtml)
    expect(html).not.toContain('loading')

    const first = (await server.client.run(westerns)).content.map(({ object }) => object.name)
    const names = (id: string) =>
      [
        ...(new RegExp(`<(?:ul|ol) id="${id}"[^>]*>(.*?)</(?:ul|ol)>`).exec(html)?.[1] ?? '').matchAll(
          /<li>(.*?)<\/li>/g,
        ),
      ].map((match) => unescape(match[1]!))
    expect(names('first')).toEqual(first)
    expect(html).toContain('data-pages="2"')
    const two = (await server.client.collect(westerns, { maxItems: 8, truncate: true })).map(
      ({ object }) => object.name,
    )
    expect(names('pages')).toEqual(two)
  })

  it('a render from a cache without the data does make requests (what the first case rules out)', async () => {
    const browser = countingClient()
    const queries = hqlQueries(browser.client)
    const cache = new QueryClient()
    // renderToString does not wait for suspense: the prefetch a suspended render starts is what is counted.
    renderToString(h(App, { queries, queryClient: cache }))
    await until(() => browser.graphRequests() > 0)
    await cache
      .getQueryCache()
      .findAll()[0]
      ?.promise?.catch(() => undefined)
  })
})

/** HTML text back to the characters React escaped. */
function unescape(text: string): string {
  return text
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
}

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(done()).toBe(true)
}
