// The playground `hql serve` answers at /playground/, in a real headless Chromium against the reference
// service on 127.0.0.1: diagnostics and completion from the language service, the compiled request, Run with
// the demo credentials, cards whose posters loaded, Next, and the share link. Every request stays on the
// service's origin (it works offline), and the page's strict CSP reports no violation.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { compile, createClient, passwordGrant, parseQuery, recommended } from 'hql'
import { createService, type Service } from 'hql/service'
import { complete, diagnose, noIds, readIds } from '../../src/language'
import { launchChromium } from '../browser/launch'

const QUERY =
  'query westerns explore Movie where traits = "mhgnr-western" order by releaseDate desc with primaryImage page size 6'

const builtPlayground = fileURLToPath(new URL('../../dist/playground', import.meta.url))
let service: Service
let browser: Browser | undefined
let page: Page
const problems: string[] = []
const requests: string[] = []

beforeAll(async () => {
  // The package's build of the playground (dist/playground/, made once per run by test/support/built-package.ts).
  ;[service, browser] = await Promise.all([createService({ playground: builtPlayground }), launchChromium()])
  page = await browser.newPage({ viewport: { width: 1200, height: 900 } })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('request', (request) => requests.push(request.url()))
  // Injected by Playwright, so the page's CSP does not apply to it: it records what the CSP refused.
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP refused ${event.blockedURI} (${event.violatedDirective})`),
    ),
  )
  await page.goto(`${service.baseUrl}/playground/`)
  await page.waitForSelector('body[data-state="ready"]', { timeout: 15_000 })
})

afterAll(async () => {
  await browser?.close()
  await service?.close()
})

/** Replaces the editor's text by typing it, as a user would (completion popups closed afterwards). */
async function typeQuery(text: string): Promise<void> {
  await page.click('.cm-content')
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Backspace')
  await page.keyboard.type(text)
  await page.keyboard.press('Escape')
}

const editorText = (on: Page) => on.locator('.cm-content').evaluate((node) => (node as HTMLElement).innerText)

it('shows the diagnostic of a mistake, with the message of `hql check`', async () => {
  const text = 'query q explore Movie with primaryImage, nonsense'
  await typeQuery(text)
  const marked = page.locator('.cm-lintRange-error')
  // The linter runs after a pause in typing: on a busy machine it may first mark a text still being typed.
  await expect.poll(() => marked.allTextContents(), { timeout: 10_000 }).toEqual(['nonsense'])
  const [expected] = diagnose(text)
  await marked.first().hover()
  const tooltip = page.locator('.cm-tooltip-lint')
  await tooltip.waitFor({ timeout: 10_000 })
  expect(expected?.code).toBe('unknown_component')
  expect(await tooltip.textContent()).toContain(expected?.message)
})

it('completes a component from the language service', async () => {
  const text = 'query q explore Movie with primaryIm'
  await typeQuery(text)
  await page.keyboard.press('Control+Space')
  const options = page.locator('.cm-tooltip-autocomplete li')
  await options.first().waitFor({ timeout: 10_000 })
  expect(await options.allTextContents()).toEqual(
    complete(text, text.length, noIds).map((item) => `${item.label}${item.detail ?? ''}`),
  )
  // CodeMirror ignores Enter for 75 ms after the list opens (interactionDelay), so a key already on its way
  // does not pick an option the user never saw.
  await page.waitForTimeout(300)
  await page.keyboard.press('Enter')
  expect(await editorText(page)).toBe('query q explore Movie with primaryImage')
})

it('completes ids by name from the service it runs against, read as the language server reads one', async () => {
  await page.waitForSelector('body[data-ids]', { timeout: 30_000 })
  expect(await page.getAttribute('body', 'data-ids')).not.toBe('none')
  const text = 'query q explore Movie where traits = "weste'
  await typeQuery(text)
  await page.keyboard.press('Control+Space')
  const options = page.locator('.cm-tooltip-autocomplete li')
  await options.first().waitFor({ timeout: 10_000 })
  const client = createClient({
    baseUrl: service.baseUrl,
    auth: passwordGrant({ authUrl: service.authUrl, ...service.demo }),
    ...recommended(),
  })
  const read = await readIds(client, 5000)
  const labels = await options.allTextContents()
  expect(labels).toEqual(complete(text, text.length, read).map((item) => `${item.label}${item.detail ?? ''}`))
  expect(labels.some((label) => label.includes('mhgnr-western'))).toBe(true)
})

it('undoes and redoes edits with the usual keys (history and the standard keymap)', async () => {
  await typeQuery('query q explore Movie')
  // Typing within 500 ms of the last edit joins its undo step (CodeMirror's newGroupDelay).
  await page.waitForTimeout(700)
  await page.keyboard.type(' page size 4')
  expect(await editorText(page)).toBe('query q explore Movie page size 4')
  await page.keyboard.press('Control+Z')
  expect(await editorText(page)).toBe('query q explore Movie')
  await page.keyboard.press('Control+Shift+Z')
  expect(await editorText(page)).toBe('query q explore Movie page size 4')
})

it('runs the query: the compiled request beside it, cards with posters that loaded, Next for the next page', async () => {
  await typeQuery(QUERY)
  const query = parseQuery(QUERY)
  const shown = (await page.textContent('#compiled')) ?? ''
  expect(shown, `${await editorText(page)}\n${shown}`).toMatch(/^\{/)
  const compiled = JSON.parse(shown)
  expect(compiled).toEqual({ endpoint: compile(query).endpoint, body: compile(query).body })

  // What the same query returns to the Node client: the pages the cards must show.
  const client = createClient({
    baseUrl: service.baseUrl,
    auth: passwordGrant({ authUrl: service.authUrl, ...service.demo }),
    ...recommended(),
  })
  type Page = { content: { object: { name: string } }[]; pagingInfo: { next: unknown } }
  const first = (await client.run(query)) as Page
  const second = (await client.next(first as never)) as Page | undefined
  const names = (list: Page | undefined) => (list?.content ?? []).map((pair) => pair.object.name)

  await page.click('#run')
  await page.waitForSelector('body[data-state="done"]', { timeout: 15_000 })
  expect(await page.locator('.card figcaption').allTextContents()).toEqual(names(first))
  await expectPostersLoaded(6)
  // The answer's JSON beside the cards: the page the client returned, whole.
  expect(JSON.parse((await page.textContent('#answer-json')) ?? '')).toEqual(first)
  mkdirSync('test-results', { recursive: true })
  await page.screenshot({ path: 'test-results/playground.png' })

  await page.click('#next')
  await page.waitForFunction(
    (name) => document.querySelector('.card figcaption')?.textContent === name,
    names(second)[0],
    { timeout: 15_000 },
  )
  await page.waitForSelector('body[data-state="done"]', { timeout: 15_000 })
  expect(await page.locator('.card figcaption').allTextContents()).toEqual(names(second))
  await expectPostersLoaded(6)
})

it('folds the answer away and back, the cards staying', async () => {
  const shown = () => page.locator('#answer-json').isVisible()
  expect(await shown()).toBe(true)
  await page.click('#answer summary')
  expect(await shown()).toBe(false)
  expect(await page.locator('.card').count()).toBeGreaterThan(0)
  await page.click('#answer summary')
  expect(await shown()).toBe(true)
})

it('resizes the editor by its corner; the editor fills it and the compiled request follows', async () => {
  const heights = () =>
    page.evaluate(() => {
      const height = (selector: string) => document.querySelector(selector)!.getBoundingClientRect().height
      return { editor: height('#editor'), view: height('#editor .cm-editor'), compiled: height('#compiled') }
    })
  const before = await heights()
  const box = (await page.locator('#editor').boundingBox())!
  // The resize handle is the bottom-right corner of the element (CSS resize: vertical).
  await page.mouse.move(box.x + box.width - 3, box.y + box.height - 3)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width - 3, box.y + box.height + 197, { steps: 5 })
  await page.mouse.up()
  const after = await heights()
  expect(after.editor).toBeGreaterThan(before.editor + 150)
  // The editor's view fills its box (within its 1px borders); the compiled request takes the row's height.
  expect(Math.abs(after.view - (after.editor - 2))).toBeLessThanOrEqual(1)
  expect(Math.abs(after.compiled - after.editor)).toBeLessThanOrEqual(1)
})

async function expectPostersLoaded(count: number): Promise<void> {
  const images = page.locator('.card img')
  await page.waitForFunction(
    () => Array.from(document.querySelectorAll<HTMLImageElement>('.card img')).every((img) => img.complete),
    undefined,
    { timeout: 15_000 },
  )
  const widths = await images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).naturalWidth))
  expect(widths).toHaveLength(count)
  for (const width of widths) expect(width).toBeGreaterThan(0)
  const sources = await images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).src))
  for (const src of sources) expect(src.startsWith(`${service.baseUrl}/images/`)).toBe(true)
}

it('the share link holds the text: opened in a new page, it restores it', async () => {
  const text = 'query shared explore Series order by name asc page size 3'
  await typeQuery(text)
  const href = await page.getAttribute('#share', 'href')
  expect(href).toMatch(/^#q=/)
  const other = await browser!.newPage()
  try {
    await other.goto(`${service.baseUrl}/playground/${href}`)
    await other.waitForSelector('body[data-state="ready"]', { timeout: 15_000 })
    expect(await editorText(other)).toBe(text)
  } finally {
    await other.close()
  }
})

it('loaded everything from the service, with no error and nothing refused by the CSP', () => {
  expect(problems).toEqual([])
  expect(requests.length).toBeGreaterThan(5)
  for (const url of requests) expect(new URL(url).origin).toBe(new URL(service.baseUrl).origin)
})
