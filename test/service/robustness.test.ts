import fc from 'fast-check'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from './helpers'

let h: Harness
let limited: Harness
beforeAll(async () => {
  h = await startHarness({ rateLimit: false })
  limited = await startHarness({ rateLimit: { requests: 3, windowSeconds: 60 } })
})
afterAll(async () => {
  await h.service.close()
  await limited.service.close()
})

/** Sends raw bytes over node:http, so nothing between the test and the server tidies them. */
function rawPost(
  path: string,
  body: Uint8Array,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; type: string }> {
  const url = new URL(path, h.service.baseUrl)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', headers: { Authorization: `Bearer ${h.userToken}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            type: res.headers['content-type'] ?? '',
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const expectJsonError = (r: { status: number; text: string; type: string }): void => {
  expect(r.type).toMatch(/^application\/json/)
  const body = JSON.parse(r.text)
  if (r.status >= 400)
    expect(body).toMatchObject({ error: expect.any(String), message: expect.any(String), status: r.status })
  expect(r.status).toBeLessThan(500)
}

describe('limits', () => {
  it('answers 413 to a body over the limit', async () => {
    const big = Buffer.from(JSON.stringify({ ids: Array.from({ length: 20_000 }, (_, i) => `mhmov-${i}`) }))
    const r = await rawPost('/graph/lookup', big, { 'Content-Type': 'application/json' })
    expect(r.status).toBe(413)
    expectJsonError(r)
  })

  it('answers 400 to a pageSize over the documented maximum (100)', async () => {
    const ok = await h.post('/graph/explore', { filters: {}, pageSize: 100 })
    const over = await h.post('/graph/explore', { filters: {}, pageSize: 101 })
    const component = await h.post('/graph/lookup', {
      ids: ['mhmov-gladiator'],
      components: [{ name: 'contributors', pageSize: 1000 }],
    })
    expect(ok.status).toBe(200)
    expect(over.body).toMatchObject({ status: 400, error: 'page_size_too_large', path: '$.pageSize' })
    expect(component.body).toMatchObject({ status: 400, path: '$.components[0].pageSize' })
  })

  it('answers 400 naming what to lower, early, when nested lists would render too many objects', async () => {
    // contributors → contributions → contributors … at pageSize 100 grows by ~40 times a level: at the
    // model's deepest nesting (5) that is about a million objects, 20 MB of JSON.
    let components: unknown[] | undefined
    for (let depth = 1; depth <= 5; depth++)
      components = [
        {
          name: depth % 2 ? 'contributors' : 'contributions',
          pageSize: 100,
          ...(components ? { components } : {}),
        },
      ]
    const started = performance.now()
    const r = await h.post('/graph/lookup', { ids: ['mhmov-gladiator'], components })
    // Stopped while rendering: the answer takes milliseconds, not the seconds a full render would.
    expect(performance.now() - started).toBeLessThan(1500)
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ error: 'response_too_large', status: 400 })
    expect(r.body.message).toMatch(/5000 objects/)
    expect(r.body.message).toMatch(/pageSize/)
    expect(r.body.path).toMatch(/^\$\.components\[0\](\.components\[0\])+$/)
  })

  it('counts every rendered object against the cap (limits.maxObjects)', async () => {
    const small = await startHarness({ rateLimit: false, limits: { maxObjects: 5 } })
    try {
      const cast = (pageSize: number) =>
        small.post('/graph/lookup', {
          ids: ['mhmov-gladiator'],
          components: [{ name: 'contributors', pageSize }],
        })
      // The title and 4 of its 7 contributors are 5 objects; one more is over.
      expect((await cast(4)).status).toBe(200)
      expect((await cast(5)).body).toMatchObject({
        status: 400,
        error: 'response_too_large',
        path: '$.components[0]',
      })
      const images = await small.post('/graph/explore', {
        filters: {},
        pageSize: 2,
        components: [{ name: 'primaryImage' }],
      })
      expect(images.status).toBe(200)
      const more = await small.post('/graph/explore', {
        filters: {},
        pageSize: 3,
        components: [{ name: 'primaryImage' }],
      })
      expect(more.status).toBe(400)
    } finally {
      await small.service.close()
    }
  })

  it('limits requests per client id with 429 and Retry-After', async () => {
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let i = 0; i < 5; i++) {
      const r = await limited.post(
        '/graph/lookup',
        { ids: ['mhmov-gladiator'] },
        i % 2 ? limited.userToken : limited.clientToken,
      )
      statuses.push(r.status)
      if (r.status === 429) retryAfter = r.headers.get('retry-after')
    }
    // Two tokens of one client share the budget; the token endpoint calls at start-up counted too.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4)
    expect(Number(retryAfter)).toBeGreaterThan(0)
  })

  it('answers CORS preflights and sets CORS headers on answers', async () => {
    const pre = await fetch(`${h.service.baseUrl}/graph/explore`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('*')
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Authorization/)
    const r = await h.post('/graph/lookup', { ids: ['mhmov-gladiator'] })
    expect(r.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('answers 400 JSON to a request target that is not a valid URL', async () => {
    // Over a raw socket: an HTTP client would refuse to send these targets at all.
    const port = Number(new URL(h.service.baseUrl).port)
    const send = (target: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const body = '{"filters":{}}'
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(
            `POST ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${h.userToken}\r\n` +
              `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
          ),
        )
        let text = ''
        socket.on('data', (chunk) => (text += chunk))
        socket.on('end', () => resolve(text))
        socket.on('error', reject)
      })
    for (const target of ['http://[/graph/explore', 'http://a:b/graph/explore']) {
      const text = await send(target)
      const [head = '', body = ''] = text.split('\r\n\r\n')
      expect([target, head.split('\r\n')[0]]).toEqual([target, 'HTTP/1.1 400 Bad Request'])
      expect(head).toMatch(/content-type: application\/json/i)
      expect(JSON.parse(body)).toMatchObject({ error: 'invalid_request_target', status: 400 })
    }
  })

  it('answers JSON errors for unknown paths and methods', async () => {
    const missing = await fetch(`${h.service.baseUrl}/graph/nothing`, { method: 'POST' })
    expect([missing.status, (await missing.json()).error]).toEqual([404, 'no_such_endpoint'])
    const get = await fetch(`${h.service.baseUrl}/graph/explore`)
    expect([get.status, (await get.json()).error]).toEqual([405, 'method_not_allowed'])
  })
})

describe('no crash, no hang', () => {
  const endpoints = ['/graph/explore', '/graph/relate', '/graph/silos', '/graph/lookup']

  it('answers arbitrary JSON bodies with JSON, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), fc.jsonValue({ maxDepth: 4 }), async (path, json) => {
        expectJsonError(
          await rawPost(path, Buffer.from(JSON.stringify(json)), { 'Content-Type': 'application/json' }),
        )
      }),
      { numRuns: 150 },
    )
  })

  it('answers near-valid bodies (mutated real queries) with JSON, never a 5xx', async () => {
    const shapes = fc.record(
      {
        filters: fc.dictionary(
          fc.constantFrom('returnType', 'contributors', 'traits', 'sources', 'collections', 'contributorsOf'),
          fc.jsonValue({ maxDepth: 2 }),
        ),
        factors: fc.array(
          fc.record(
            {
              id: fc.oneof(fc.string(), fc.constantFrom('mhmov-gladiator', 'mhals-current-user', 'mhric-x')),
              weight: fc.jsonValue({ maxDepth: 0 }),
            },
            { requiredKeys: ['id'] },
          ),
        ),
        ids: fc.array(
          fc.oneof(fc.string(), fc.constantFrom('mhmov-gladiator', 'iTunes:Movie:1', 'mhimg', 'a:b:c')),
        ),
        components: fc.array(
          fc.oneof(
            fc.string(),
            fc.record(
              { name: fc.constantFrom('primaryImage', 'items', 'sources', 'nope'), pageSize: fc.integer() },
              { requiredKeys: ['name'] },
            ),
          ),
        ),
        sort: fc.array(
          fc.record(
            {
              type: fc.constantFrom('popularity', 'idsOrder', 'collectionOrder', 'random', 'x'),
              ids: fc.array(fc.string()),
            },
            { requiredKeys: ['type'] },
          ),
        ),
        blueprints: fc.array(
          fc.record(
            {
              type: fc.constantFrom('GraphLens', 'Content', 'Collection', 'Explore'),
              positions: fc.array(fc.integer()),
              probability: fc.double(),
              params: fc.jsonValue({ maxDepth: 2 }),
            },
            { requiredKeys: ['type'] },
          ),
        ),
        page: fc.integer(),
        pageSize: fc.integer(),
      },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), shapes, async (path, body) => {
        expectJsonError(
          await rawPost(path, Buffer.from(JSON.stringify(body)), { 'Content-Type': 'application/json' }),
        )
      }),
      { numRuns: 200 },
    )
  })

  it('answers arbitrary bytes with JSON, on graph and token endpoints', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints, '/auth/1.3/security/oauth/token'),
        fc.uint8Array({ maxLength: 300 }),
        async (path, bytes) => {
          const r = await rawPost(path, bytes, {
            'Content-Type': path.includes('oauth') ? 'application/x-www-form-urlencoded' : 'application/json',
          })
          expect(r.type).toMatch(/^application\/json/)
          expect(r.status).toBeLessThan(500)
        },
      ),
      { numRuns: 150 },
    )
    // Still up and answering.
    expect((await h.post('/graph/lookup', { ids: ['mhmov-gladiator'] })).status).toBe(200)
  })
})
