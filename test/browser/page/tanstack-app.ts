// The page of the React case (test/browser/tanstack-react.test.ts): React and TanStack Query in Chromium over hql's
// client, against the reference service on another origin. The token comes from the app's own server
// (/api/hql-token), as docs/apps.md advises: no grant's secrets in the bundle.
import { createElement as h, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query'
import { createClient, recommended, retries, type Auth } from 'hql'
import { hqlQueries } from 'hql/tanstack'
import { FirstPage, InfiniteList, RenderedApp } from './tanstack-components'

const params = new URLSearchParams(location.search)
const mode = params.get('mode') ?? 'infinite'
const pageSize = Number(params.get('pageSize') ?? '4')

// The app's own server hands out a token (it signed in on its side); the client asks again after a 401.
const auth: Auth = {
  token: async ({ signal }) =>
    ((await (await fetch('/api/hql-token', { signal })).json()) as { token: string }).token,
}
const client = createClient({
  baseUrl: params.get('baseUrl') ?? '',
  auth,
  ...recommended(),
  retry: retries({ limit: 4, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 1_000 }),
})
const queries = hqlQueries(client)
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
// The test cancels through TanStack Query, as an app's "stop" button or a route change would.
Object.assign(window, { cancelQueries: () => queryClient.cancelQueries() })

const root = document.getElementById('root')!
if (mode === 'hydrate') {
  // The server's markup is in #root, and its dehydrated cache in #state, as JSON text.
  const state = JSON.parse(document.getElementById('state')!.textContent!) as DehydratedState
  hydrateRoot(root, h(RenderedApp, { queryClient, state, queries, pageSize }), {
    onRecoverableError: (error) => document.body.setAttribute('data-hydration-error', String(error)),
  })
} else {
  const view = mode === 'cancel' ? FirstPage : InfiniteList
  createRoot(root).render(
    h(StrictMode, null, h(QueryClientProvider, { client: queryClient }, h(view, { queries, pageSize }))),
  )
}
