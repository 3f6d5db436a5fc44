import fc from 'fast-check'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  componentCatalogue,
  componentNames,
  type ComponentEntry,
  type ComponentName,
  type ObjectTypeName,
} from '../../src/model'
import { startHarness, type Harness } from './helpers'

let h: Harness
let limited: Harness
beforeAll(async () => {
  h = await startHarness({ rateLimit: false })
  // A clock that stands still: the service's windows are whole minutes of the clock, and a minute that turned
  // between start-up (its token requests count) and the test let two of the test's requests through.
  const frozen = Date.now()
  limited = await startHarness({ rateLimit: { requests: 3, windowSeconds: 60 }, now: () => frozen })
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
    const nested = (levels: number) => {
      let components: unknown[] | undefined
      for (let depth = 1; depth <= levels; depth++)
        components = [
          {
            name: depth % 2 ? 'contributors' : 'contributions',
            pageSize: 100,
            ...(components ? { components } : {}),
          },
        ]
      return components
    }
    // Stopped while rendering: the refusal costs about what an answer under the cap costs (one film, three
    // levels, 180 KB): a ratio near 1, where rendering everything first and refusing then is ~180 times. CPU
    // time of this process (the service runs in it), the cheapest of three: load elsewhere is not counted.
    // Seven films: a full render is seven films' trees, the refusal still stops within the first.
    const films = ['gladiator', 'titanic', 'heat', 'dune-2021', 'the-matrix', 'toy-story', 'the-help'].map(
      (film) => `mhmov-${film}`,
    )
    let r!: Awaited<ReturnType<Harness['post']>>
    const cpuMicros = async (ids: string[], components: unknown) => {
      const before = process.cpuUsage()
      const answer = await h.post('/graph/lookup', { ids, components })
      const { user, system } = process.cpuUsage(before)
      return { answer, micros: user + system }
    }
    const refused: number[] = []
    const answered: number[] = []
    for (let round = 0; round < 3; round++) {
      const under = await cpuMicros(['mhmov-gladiator'], nested(3))
      expect(under.answer.status).toBe(200)
      answered.push(under.micros)
      const over = await cpuMicros(films, nested(5))
      r = over.answer
      refused.push(over.micros)
    }
    expect(Math.min(...refused) / Math.min(...answered)).toBeLessThan(10)
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

  it('answers deep components, deep $or and userSocial on real objects with JSON, never a 5xx', async () => {
    // Mostly valid bodies on real objects of every type, so they get past validation and into rendering:
    // nested list components (which multiply), userSocial (which renders collections), $or inside $or.
    const titles = ['Movie', 'ShowSeries'] as const
    const { component, operator } = fuzzParts()
    // Relation filters with $or up to 6 deep; the returnType (nested $or too) keeps to titles, so the
    // components below apply.
    const titleFilters = fc.record(
      {
        returnType: fc.constantFrom(
          { $or: [{ $eq: 'Movie' }, { $or: [{ $ne: 'Movie' }] }] },
          { $ne: 'Movie' },
          { $in: ['Movie', 'ShowSeries'] },
        ),
        contributors: operator(fc.constantFrom('mhric-russell-crowe', 'mhric-ridley-scott')),
        traits: operator(fc.constantFrom('mhgnr-drama', 'mhgnr-action')),
        collections: operator(fc.constantFrom('mhcol-best-of-the-1990s', 'mhcol-essential-drama')),
      },
      { requiredKeys: [] },
    )
    const pageSize = fc.integer({ min: 1, max: 100 })
    const lookupIds: Record<string, ObjectTypeName> = {
      'mhmov-gladiator': 'Movie',
      'mhmov-the-help': 'Movie', // in the demo user's wish list: userSocial lists it
      'mhric-russell-crowe': 'Contributor',
      'mhcol-best-of-the-1990s': 'Collection',
      'mhcol-stars-of-the-1990s': 'Collection',
      'mhsrc-netflix': 'Source',
      'mhals-current-user': 'User',
    }
    const bodies = fc.oneof(
      fc
        .uniqueArray(fc.constantFrom(...Object.keys(lookupIds)), { minLength: 1, maxLength: 3 })
        .chain((ids) =>
          fc.record({
            path: fc.constant('/graph/lookup'),
            body: fc.record({
              ids: fc.constant(ids),
              components: component(ids.map((id) => lookupIds[id] as ObjectTypeName)),
              pageSize,
            }),
          }),
        ),
      fc.record({
        path: fc.constant('/graph/explore'),
        body: fc.record({ filters: titleFilters, components: component(titles), pageSize }),
      }),
      fc.record({
        path: fc.constant('/graph/explore'),
        body: fc.record({
          filters: fc.record(
            {
              contributorsOf: operator(fc.constantFrom('mhmov-gladiator', 'mhmov-the-help')),
              collections: operator(fc.constantFrom('mhcol-stars-of-the-1990s', 'mhcol-stars-of-the-2000s')),
            },
            { requiredKeys: ['contributorsOf'] },
          ),
          components: component(['Contributor']),
          pageSize,
        }),
      }),
      fc.record({
        path: fc.constant('/graph/relate'),
        body: fc.record({
          factors: fc
            .uniqueArray(fc.constantFrom('mhmov-gladiator', 'mhric-russell-crowe', 'mhals-current-user'), {
              minLength: 1,
              maxLength: 2,
            })
            .map((ids) => ids.map((id) => ({ id }))),
          components: component(titles),
          pageSize,
        }),
      }),
      fc.record({
        path: fc.constant('/graph/silos'),
        body: fc.record({
          filters: titleFilters,
          blueprints: fc.constant([{ type: 'Explore' }, { type: 'RecommendedForYou' }]),
          components: component(titles),
          pageSize: fc.integer({ min: 1, max: 10 }),
          siloPageSize: pageSize,
        }),
      }),
    )
    const seen = { ok: 0, capped: 0 }
    await fc.assert(
      fc.asyncProperty(bodies, async ({ path, body }) => {
        const r = await rawPost(path, Buffer.from(JSON.stringify(body)), {
          'Content-Type': 'application/json',
        })
        expectJsonError(r)
        if (r.status === 200) seen.ok++
        else if (JSON.parse(r.text).error === 'response_too_large') seen.capped++
      }),
      { numRuns: 150 },
    )
    // The bodies must get past validation into rendering, and some must reach the object cap.
    expect(seen.ok).toBeGreaterThan(50)
    expect(seen.capped).toBeGreaterThan(0)
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

/**
 * Valid component trees for the types a place returns, nested as deep as the model allows (5), each list
 * component with a pageSize of up to 100, so the trees multiply; and id operators with `$or` up to 6 deep.
 */
function fuzzParts() {
  const MAX_NESTING = 5
  const names = componentNames as readonly ComponentName[]
  const applicable = (types: readonly ObjectTypeName[]): ComponentName[] =>
    names.filter((name) => componentCatalogue[name].appliesTo.some((t) => types.includes(t)))
  const one = (name: ComponentName, depth: number): fc.Arbitrary<unknown> => {
    const entry: ComponentEntry = componentCatalogue[name]
    if (entry.shape === 'primitive' || entry.of === undefined || depth >= MAX_NESTING)
      return fc.constantFrom(name, { name })
    return fc.record({
      name: fc.constant(name),
      ...(entry.shape === 'list'
        ? { pageSize: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constant(100)) }
        : {}),
      components: component(entry.of, depth + 1),
    })
  }
  const component = (types: readonly ObjectTypeName[], depth = 1): fc.Arbitrary<unknown[]> => {
    const choices = applicable(types)
    if (choices.length === 0) return fc.constant([])
    // List components are what multiply: drawn more often than the rest.
    const lists = choices.filter((name) => componentCatalogue[name].shape === 'list')
    return fc
      .uniqueArray(
        lists.length > 0
          ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...lists) }, fc.constantFrom(...choices))
          : fc.constantFrom(...choices),
        { minLength: 1, maxLength: 2 },
      )
      .chain((chosen) => fc.tuple(...chosen.map((name) => one(name, depth))))
  }
  const operator = (values: fc.Arbitrary<string>) =>
    fc.letrec((tie) => ({
      op: fc.oneof(
        { maxDepth: 6, depthSize: 'small' },
        values.map(($eq) => ({ $eq })),
        values.map(($ne) => ({ $ne })),
        fc.array(values, { minLength: 1, maxLength: 3 }).map(($in) => ({ $in })),
        fc.array(tie('op'), { minLength: 1, maxLength: 3 }).map(($or) => ({ $or })),
      ),
    })).op
  return { component, operator }
}
