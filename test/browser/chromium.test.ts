// A real headless Chromium loads the core's ESM bundle from a page on 127.0.0.1 and runs a query through the
// client against the reference service on another origin (so CORS is exercised for real). The test asserts on
// what the page shows, compared with what the Node client gets from the same service.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { hql, createClient, passwordGrant, returnType, traits, releaseDate } from 'hql'
import { createService, type Service } from 'hql/service'
import { buildCoreBundle, buildPageScript } from './bundle'
import { launchChromium } from './launch'
import { serveStatic, type StaticServer } from './static-server'

const PAGE_SIZE = 6
const MAX_ITEMS = 15

let service: Service
let site: StaticServer
let browser: Browser | undefined
let bundleBytes = 0

beforeAll(async () => {
  const [core, app, started] = await Promise.all([buildCoreBundle(), buildPageScript(), createService()])
  service = started
  bundleBytes = core.length
  const js = 'text/javascript; charset=utf-8'
  site = await serveStatic({
    '/': {
      type: 'text/html; charset=utf-8',
      body: readFileSync(new URL('./page/index.html', import.meta.url)),
    },
    '/hql.js': { type: js, body: core },
    '/app.js': { type: js, body: app },
  })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await service?.close()
})

it('a page on another origin renders titles fetched through the client from the reference service', async () => {
  const query = new URLSearchParams({
    baseUrl: service.baseUrl,
    authUrl: service.authUrl,
    ...service.demo,
    pageSize: String(PAGE_SIZE),
    maxItems: String(MAX_ITEMS),
  })
  const page = await browser!.newPage()
  const calls: string[] = []
  page.on('request', (request) => calls.push(`${request.method()} ${request.url()}`))
  const logs: string[] = []
  page.on('console', (message) => logs.push(message.text()))
  page.on('pageerror', (error) => logs.push(error.message))

  await page.goto(`${site.origin}/?${query}`)
  await page.waitForSelector('body:not([data-state="loading"])', { timeout: 10_000 })
  expect(await page.getAttribute('body', 'data-state'), logs.join('\n')).toBe('done')

  const shown = await page.locator('#titles li').allTextContents()
  const mhids = await page
    .locator('#titles li')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset['mhid']))

  // The same query from Node, against the same service: what the page should show.
  const client = createClient({
    baseUrl: service.baseUrl,
    auth: passwordGrant({ authUrl: service.authUrl, ...service.demo, scope: ['public_profile'] }),
  })
  const westerns = hql
    .explore()
    .filter(returnType.eq('Movie'), traits.eq('mhgnr-western'))
    .sort(releaseDate.desc())
    .pageSize(100)
  const expected = (await client.run(westerns)).content.slice(0, MAX_ITEMS).map((pair) => pair.object)

  expect(shown).toHaveLength(MAX_ITEMS)
  expect(mhids).toEqual(expected.map((movie) => movie.mhid))
  expect(shown).toEqual(
    expected.map((movie) => `${movie.name} (${new Date(movie.releaseDate * 1000).getUTCFullYear()})`),
  )
  // Titles anyone can check against the catalog's westerns (data/catalog, from Wikipedia).
  expect(shown).toEqual(expect.arrayContaining(['The Hateful Eight (2015)', 'Django Unchained (2012)']))
  const images = await page
    .locator('#titles li')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset['image']))
  for (const url of images) expect(url).toMatch(/^https?:\/\//)

  // The typed error crossed the browser intact: class, status and the service's path.
  expect(await page.textContent('#refused')).toBe('http_error 400 $.pageSize')

  // The browser fetched the bundle from the page's origin and talked to the service's origin directly:
  // one token request, then one graph request per page (15 items in pages of 6: 3 pages), then the refused one.
  expect(new URL(service.baseUrl).origin).not.toBe(site.origin)
  expect(site.requested).toEqual(expect.arrayContaining(['/', '/hql.js', '/app.js']))
  const toService = calls.filter((call) => call.includes(service.baseUrl))
  expect(toService).toEqual([
    `POST ${service.authUrl}/1.3/security/oauth/token`,
    ...Array.from(
      { length: Math.ceil(MAX_ITEMS / PAGE_SIZE) + 1 },
      () => `POST ${service.baseUrl}/graph/explore`,
    ),
  ])
  expect(bundleBytes).toBeGreaterThan(0)
  await page.close()
})
