// How `hql serve` answers the playground's files over HTTP (src/service/http/playground.ts, posters.ts): the
// content types, the strict CSP with a fresh style nonce per page, the page that says to build when there
// is no build, and the posters the cards show, drawn by the service so that they load offline.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createService, type Service } from 'hql/service'
import { posterSvg } from '../../src/service/http/posters'

let dir: string
let built: Service
let unbuilt: Service

beforeAll(async () => {
  // Stand-ins for the build's three files (the Chromium test runs the real build).
  dir = mkdtempSync(join(tmpdir(), 'hql-playground-static-'))
  writeFileSync(join(dir, 'index.html'), '<meta name="hql-csp-nonce" content="%CSP_NONCE%">page')
  writeFileSync(join(dir, 'playground.js'), 'export {}')
  writeFileSync(join(dir, 'playground.css'), 'body {}')
  writeFileSync(join(dir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  ;[built, unbuilt] = await Promise.all([
    createService({ playground: dir }),
    createService({ playground: join(dir, 'missing') }),
  ])
})

afterAll(async () => {
  await Promise.all([built?.close(), unbuilt?.close()])
  rmSync(dir, { recursive: true, force: true })
})

const get = (service: Service, path: string, method = 'GET') =>
  fetch(`${service.baseUrl}${path}`, { method, redirect: 'manual' })

describe('the playground route', () => {
  it('serves each file with its content type and the strict CSP', async () => {
    const cases = [
      ['/playground/', 'text/html; charset=utf-8'],
      ['/playground/playground.js', 'text/javascript; charset=utf-8'],
      ['/playground/playground.css', 'text/css; charset=utf-8'],
      ['/playground/icon.svg', 'image/svg+xml'],
      ['/playground/config.json', 'application/json; charset=utf-8'],
    ] as const
    for (const [path, type] of cases) {
      const response = await get(built, path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toBe(type)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'none'")
      expect(csp).toContain("script-src 'self';")
      expect(csp).not.toContain('unsafe')
    }
    expect(await (await get(built, '/playground/playground.js')).text()).toBe('export {}')
  })

  it('gives each page a fresh nonce, the same in its CSP and in its meta tag', async () => {
    const nonces = await Promise.all(
      [1, 2].map(async () => {
        const response = await get(built, '/playground/')
        const csp = response.headers.get('content-security-policy') ?? ''
        const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1]
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
        expect(await response.text()).toBe(`<meta name="hql-csp-nonce" content="${nonce}">page`)
        return nonce
      }),
    )
    expect(nonces[0]).not.toBe(nonces[1])
  })

  it('serves the demo credentials the Run button signs in with', async () => {
    expect(await (await get(built, '/playground/config.json')).json()).toEqual({ demo: built.demo })
  })

  it('redirects /playground to /playground/, answers HEAD without a body, refuses other names', async () => {
    const redirect = await get(built, '/playground')
    expect(redirect.status).toBe(308)
    expect(redirect.headers.get('location')).toBe('/playground/')
    const head = await get(built, '/playground/playground.css', 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe('7')
    expect(await head.text()).toBe('')
    for (const path of ['/playground/nope.js', '/playground/..%2Fpackage.json', '/playground/../index.html'])
      expect((await get(built, path)).status, path).toBe(404)
    // Graph endpoints still take POST only; the playground takes GET only.
    expect((await fetch(`${built.baseUrl}/playground/`, { method: 'POST' })).status).toBe(404)
  })

  it('without a build, says to run npm run build', async () => {
    const response = await get(unbuilt, '/playground/')
    expect(response.status).toBe(503)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await response.text()).toContain('<code>npm run build</code>')
  })
})

describe('the posters', () => {
  it('draws an image of the catalog at its own size, with its title, for offline cards', async () => {
    const answer = await fetch(`${built.baseUrl}/graph/lookup`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await token()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids: ['mhmov-the-hateful-eight'], components: [{ name: 'primaryImage' }] }),
    })
    const body = (await answer.json()) as {
      content: { object: { primaryImage: { object: { mhid: string; original: { width: number } } } } }[]
    }
    const image = body.content[0]!.object.primaryImage.object
    const response = await get(built, `/images/${encodeURIComponent(image.mhid)}.svg`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    const svg = await response.text()
    expect(svg).toContain(`width="${image.original.width}"`)
    const words = svg
      .replace(/<[^>]+>/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .join(' ')
    expect(words).toBe('The Hateful Eight (2015)')
  })

  it('escapes the title', () => {
    const svg = posterSvg('mhimg-x', '<b>Tom & "Jerry"</b> poster', 0, 0)
    expect(svg).not.toMatch(/<b>|"Jerry"/)
    for (const piece of ['&#60;b&#62;Tom', '&#38;', '&#34;Jerry&#34;&#60;/b&#62;'])
      expect(svg).toContain(piece)
    expect(svg).toContain('width="400" height="600"')
  })

  it('answers 404 for an id that is not an image', async () => {
    expect((await get(built, '/images/mhmov-the-hateful-eight.svg')).status).toBe(404)
    expect((await get(built, '/images/nothing.svg')).status).toBe(404)
    expect((await get(built, '/images/%E0%A4%A.svg')).status).toBe(404)
  })
})

async function token(): Promise<string> {
  const { clientId, clientSecret, username, password, scope } = built.demo
  const response = await fetch(`${built.authUrl}/1.3/security/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: clientId,
      client_secret: clientSecret,
      username,
      password,
      scope,
    }),
  })
  return ((await response.json()) as { access_token: string }).access_token
}
