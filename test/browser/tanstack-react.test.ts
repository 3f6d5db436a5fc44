// React components with @tanstack/react-query and hql/tanstack, in a real headless Chromium, against the reference
// service over real HTTP on another origin (test/browser/page/tanstack-app.ts). The page gets its token from the
// app's own origin. An infinite list pages through every item (also through a fault-injecting proxy), a cancel
// aborts the one request in flight and leaves no error, and a page rendered on the server hydrates from its
// dehydrated JSON with no request at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { QueryClient, dehydrate } from '@tanstack/react-query'
import { createClient, passwordGrant, recommended, type PagingClient } from 'hql'
import { createService, type Service } from 'hql/service'
import { hqlQueries } from '../../src/tanstack'
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy'
import { startCorsFront, type CorsFront } from './cors-front'
import { launchChromium } from './launch'
import { buildReactPage } from './react-bundle'
import { serveStatic, type StaticFile, type StaticServer } from './static-server'
import { RenderedApp, westernsIn } from './page/tanstack-components'
import { testPasswordCost } from '../support/password-cost'

const PAGE_SIZE = 4
const westerns = westernsIn(PAGE_SIZE)

let service: Service
let proxy: FaultProxy
/** The browser's way to the service, directly (CORS added) and through the fault proxy. */
let direct: CorsFront
let faulty: CorsFront
let client: PagingClient
let browser: Browser | undefined
let app = ''
let token = ''
const sites: StaticServer[] = []

beforeAll(async () => {
  const started = await Promise.all([
    createService({ rateLimit: false, passwordCost: testPasswordCost }),
    buildReactPage(),
    launchChromium(),
  ])
  ;[service, app, browser] = started
  proxy = await startFaultProxy(service.baseUrl)
  direct = await startCorsFront(service.baseUrl)
  faulty = await startCorsFront(proxy.url)
  const grant = passwordGrant({ authUrl: service.authUrl, ...service.demo, scope: ['public_profile'] })
  client = createClient({ baseUrl: service.baseUrl, auth: grant, ...recommended() })
  // What the app's own server does: it signs in on its side and hands the browser a token, never the secrets.
  const noSecrets = { add: () => {}, scrub: (text: string) => text, redact: (value: unknown) => value }
  token = await grant.token({
    signal: AbortSignal.timeout(10_000),
    fetch: globalThis.fetch,
    secrets: noSecrets,
  })
})

afterAll(async () => {
  await browser?.close()
  await Promise.all(sites.map((site) => site.close()))
  await Promise.all([direct?.close(), faulty?.close()])
  await proxy?.close()
  await service?.close()
})

const js = 'text/javascript; charset=utf-8'

/** The app's own origin: its page (markup and dehydrated state, if any), its bundle and its token endpoint. */
async function site(root = '', state = ''): Promise<StaticServer> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>hql with TanStack Query</title></head>
<body data-state="loading"><div id="root">${root}</div>${state}<script type="module" src="/app.js"></script></body></html>`
  const files: Record<string, StaticFile> = {
    '/': { type: 'text/html; charset=utf-8', body: html },
    '/app.js': { type: js, body: app },
    '/api/hql-token': { type: 'application/json', body: JSON.stringify({ token }) },
  }
  const served = await serveStatic(files)
  sites.push(served)
  return served
}

/** A page of the app with `mode`, talking to the service through `front`; its console and errors kept. */
async function open(origin: string, mode: string, front: CorsFront): Promise<{ page: Page; logs: string[] }> {
  const page = await browser!.newPage()
  const logs: string[] = []
  page.on('console', (message) => logs.push(message.text()))
  page.on('pageerror', (error) => logs.push(error.message))
  const query = new URLSearchParams({ mode, baseUrl: front.url, pageSize: String(PAGE_SIZE) })
  await page.goto(`${origin}/?${query}`)
  return { page, logs }
}

const shownMhids = (page: Page) =>
  page
    .locator('#infinite li')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset['mhid']))

describe('React with TanStack Query and hql/tanstack, in Chromium', () => {
  it('an infinite list pages through every item: the same as client.collect, 0 lost, 0 repeated', async () => {
    const expected = (await client.collect(westerns, { maxItems: 10_000 })).map(({ object }) => object.mhid)
    const { origin } = await site()
    const before = direct.graphRequests()
    const { page, logs } = await open(origin, 'infinite', direct)
    await page.waitForSelector('#infinite:not([data-state="loading"])', { timeout: 20_000 })
    expect(await page.getAttribute('#infinite', 'data-state'), logs.join('\n')).toBe('done')
    const shown = await shownMhids(page)
    expect(shown).toEqual(expected)
    expect(new Set(shown).size).toBe(shown.length)
    const pages = Math.ceil(expected.length / PAGE_SIZE)
    expect(pages).toBeGreaterThan(2)
    expect(await page.getAttribute('#infinite', 'data-pages')).toBe(String(pages))
    // One request a page: TanStack Query asked for each page once.
    expect(direct.graphRequests() - before).toBe(pages)
    await page.close()
  })

  it('and through a proxy that answers 503 and 429 and resets connections, still every item once', async () => {
    const expected = (await client.collect(westerns, { maxItems: 10_000 })).map(({ object }) => object.mhid)
    proxy.reset()
    proxy.inject(2, { kind: 'status', status: 503 })
    proxy.inject(4, { kind: 'reset' })
    proxy.inject(5, { kind: 'status', status: 429, retryAfter: '0' })
    proxy.inject(7, { kind: 'status', status: 503 })
    const { origin } = await site()
    const { page, logs } = await open(origin, 'infinite', faulty)
    await page.waitForSelector('#infinite:not([data-state="loading"])', { timeout: 20_000 })
    expect(await page.getAttribute('#infinite', 'data-state'), logs.join('\n')).toBe('done')
    const shown = await shownMhids(page)
    expect(shown).toEqual(expected)
    expect(new Set(shown).size).toBe(shown.length)
    // Every fault met, each retried by the client once: the pages, and one more request per fault.
    const faults = proxy.graphRequests.filter((request) => request.fault !== undefined)
    expect(faults.map((request) => request.fault)).toEqual(['status', 'reset', 'status', 'status'])
    expect(proxy.graphRequests).toHaveLength(Math.ceil(expected.length / PAGE_SIZE) + faults.length)
    await page.close()
  })

  it('cancelling aborts the one request in flight and leaves no error', async () => {
    proxy.reset()
    let held: () => void = () => {}
    const reached = new Promise<void>((resolve) => (held = resolve))
    proxy.inject(1, { kind: 'hold', onHeld: () => held() })
    const { origin } = await site()
    const before = { requests: faulty.graphRequests(), abandoned: faulty.abandoned() }
    const { page, logs } = await open(origin, 'cancel', faulty)
    await reached
    expect(await page.getAttribute('#first', 'data-fetch-status')).toBe('fetching')
    await page.evaluate(() => (window as unknown as { cancelQueries(): Promise<void> }).cancelQueries())
    await page.waitForSelector('#first[data-fetch-status="idle"]', { state: 'attached', timeout: 10_000 })
    await until(() => faulty.abandoned() - before.abandoned === 1)
    expect(faulty.graphRequests() - before.requests).toBe(1)
    expect(proxy.graphRequests).toHaveLength(1)
    expect(await page.getAttribute('#first', 'data-error'), logs.join('\n')).toBe('')
    expect(await page.getAttribute('#first', 'data-status')).toBe('pending')
    expect(logs.filter((line) => /error/i.test(line))).toEqual([])
    await page.close()
  })

  it('a server render prefetches, dehydrates to JSON, and the browser hydrates it with 0 requests', async () => {
    // The server: its own client and QueryClient, one per request, as a server-rendered app has.
    const serverCache = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
    const serverQueries = hqlQueries(client)
    await serverCache.prefetchQuery(serverQueries.queryOptions(westerns))
    const markup = renderToString(
      h(RenderedApp, { queryClient: serverCache, queries: serverQueries, pageSize: PAGE_SIZE }),
    )
    // JSON in a script element: `<` escaped so that no text in the data can close the element.
    const json = JSON.stringify(dehydrate(serverCache)).replaceAll('<', '\\u003c')
    const { origin } = await site(markup, `<script id="state" type="application/json">${json}</script>`)

    const before = direct.graphRequests()
    const { page, logs } = await open(origin, 'hydrate', direct)
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.waitForSelector('body[data-state="hydrated"]', { timeout: 10_000 })
    await page.waitForLoadState('networkidle')
    expect(await page.getAttribute('body', 'data-hydration-error'), logs.join('\n')).toBeNull()
    expect(direct.graphRequests() - before).toBe(0)
    expect(requests.filter((url) => url.includes('/graph/') || url.includes('/api/hql-token'))).toEqual([])
    const first = (await client.run(westerns)).content.map(({ object }) => object.name)
    expect(await page.locator('#suspense li').allTextContents()).toEqual(first)
    await page.close()
  })
})

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(done()).toBe(true)
}
