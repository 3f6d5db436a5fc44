// The reference service over real HTTP, fuzzed with hostile input in every position: token endpoint form
// fields and credentials, header names and values, paths and query strings, and graph request bodies with
// hostile keys and values in filters, operators, component names, sorts, blueprints, factors and ids, and
// bodies past every count, depth and size limit (huge lists, deep nesting, long strings, over 100 KiB).
// Invariants, for every case: an answer arrives (never a dropped connection) within a bounded time, it is a
// 2xx or 4xx with a JSON body (a 4xx names its error), the built-in prototypes are untouched, and the service
// still answers a plain lookup at the end. `HQL_FUZZ_RUNS` sets the cases per property (npm run fuzz).
import fc from 'fast-check'
import { connect } from 'node:net'
import { createService, type Service } from 'hql/service'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoPasswordForm } from '../service/helpers'
import { expectBuiltinsUntouched, fuzzRuns, hostileString, prototypeKeys } from './support'

/** Cases per property in `npm test`: each is one HTTP round trip (~1 ms), so the file takes a few seconds. */
const RUNS = fuzzRuns(300)
/**
 * Longest wait for one answer: a hang guard, below the service's own request timeout (30 s). Far above any real
 * answer on a quiet machine, but with every tier running the first costly request waits for the graph worker's
 * thread to start and build its graph: at 5 s, a loaded run of the unit tiers failed here once in about six.
 */
const ANSWER_WITHIN_MS = 20_000
const TOKEN_PATH = '/auth/1.3/security/oauth/token'

let service: Service
let port: number
let userToken: string
let untouched: () => void

beforeAll(async () => {
  // Limits off: every case reaches the handlers (a 429 would be a fine answer, but would end the search).
  service = await createService({ rateLimit: false, authFailureLimit: false })
  port = Number(new URL(service.baseUrl).port)
  const form = new URLSearchParams({
    grant_type: 'password',
    username: service.demo.username,
    password: service.demo.password,
    scope: 'public_profile user_likes',
    client_id: service.demo.clientId,
    client_secret: service.demo.clientSecret,
  })
  const answer = await exchange(request('POST', TOKEN_PATH, [FORM_TYPE], form.toString()))
  userToken = (answer.json as { access_token: string }).access_token
  untouched = expectBuiltinsUntouched()
})
afterAll(async () => {
  untouched()
  await service.close()
})

interface Answer {
  readonly status: number
  readonly type: string
  readonly json: unknown
}

type Header = readonly [string, string]
const FORM_TYPE: Header = ['Content-Type', 'application/x-www-form-urlencoded']
const JSON_TYPE: Header = ['Content-Type', 'application/json']

/** Request bytes exactly as given: no HTTP client between the fuzzer and the parser tidies anything. */
function request(method: string, target: string, headers: readonly Header[], body = ''): Buffer {
  const bytes = Buffer.from(body, 'utf8')
  const lines = [
    `${method} ${target} HTTP/1.1`,
    'Host: fuzz',
    ...headers.map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${bytes.length}`,
    'Connection: close',
  ]
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), bytes])
}

/**
 * Sends the bytes on a new connection and reads the first answer (status, type, JSON body by its
 * Content-Length). Fails if the connection closes before a whole answer, or none comes in time.
 */
function exchange(bytes: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0)
    let settled = false
    const settle = (error: Error | undefined, answer?: Answer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      if (error) reject(error)
      else resolve(answer as Answer)
    }
    const timer = setTimeout(
      () => settle(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)),
      ANSWER_WITHIN_MS,
    )
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes))
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      const end = received.indexOf('\r\n\r\n')
      if (end < 0) return
      const head = received.subarray(0, end).toString('latin1')
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN)
      if (!Number.isFinite(length)) return settle(new Error(`an answer without Content-Length:\n${head}`))
      if (received.length < end + 4 + length) return
      const text = received.subarray(end + 4, end + 4 + length).toString('utf8')
      const type = /\r\ncontent-type:\s*([^\r]*)/i.exec(head)?.[1] ?? ''
      let json: unknown
      try {
        // A page the service serves (the playground's files, a poster) is what it is; anything else is JSON.
        json = length === 0 || PAGE_TYPES.test(type) ? undefined : JSON.parse(text)
      } catch {
        return settle(new Error(`an answer that is not JSON:\n${head}\n\n${text.slice(0, 300)}`))
      }
      settle(undefined, { status: Number(head.slice(9, 12)), type, json })
    })
    socket.on('error', (error) => settle(error))
    socket.on('close', () => settle(new Error(`the connection closed without a whole answer:\n${received}`)))
  })
}

/** The types of the pages the service serves: the playground's files and the posters it draws. */
const PAGE_TYPES = /^(text\/html|text\/javascript|text\/css|image\/svg\+xml)\b/

/**
 * The invariants of every answer: JSON with a code (2xx, or 4xx that names its error; 503 only for what is
 * unavailable by design: the playground before a build, and refusals that come with Retry-After), or a page
 * the service serves, at its place: a playground file (GET /playground/…) or a poster (GET /images/…).
 */
function expectGoodAnswer(answer: Answer, what: unknown, target = ''): void {
  const context = JSON.stringify(what).slice(0, 500)
  expect(answer.status, context).toBeGreaterThanOrEqual(200)
  if (answer.status === 503)
    expect((answer.json as { error?: unknown } | undefined)?.error ?? 'page', context).toMatch(
      /^(not_built|page)$/,
    )
  else expect(answer.status, context).toBeLessThan(500)
  if (answer.status === 204 || answer.status === 308) return
  if (PAGE_TYPES.test(answer.type)) {
    expect(target, context).toMatch(/^\/(playground\/|images\/)/)
    return
  }
  expect(answer.type, context).toMatch(/^application\/json/)
  if (answer.status >= 400)
    expect((answer.json as { error?: unknown }).error, context).toEqual(expect.any(String))
  untouched()
}

/** Header names and values without CR or LF: a line break would only make another, separate request. */
const oneLine = (text: string): string => text.replace(/[\r\n]/g, '')
/** Long values too, up to the service's 8 KiB token body and Node's 16 KiB of headers. */
const hostileValue = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.string({ minLength: 1000, maxLength: 6000 }) },
  { weight: 1, arbitrary: hostileString.map((s) => s.repeat(200)) },
)
const protoKey = fc.constantFrom(...prototypeKeys)

describe('token endpoint', () => {
  const valid = demoPasswordForm()
  const fieldNames = fc.oneof(fc.constantFrom(...Object.keys(valid), 'refresh_token', 'token'), hostileString)

  it('answers hostile form field names and values with 2xx/4xx JSON', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(Object.entries(valid)),
        fc.array(fc.tuple(fieldNames, hostileValue), { maxLength: 6 }),
        fc.option(fc.tuple(hostileValue, hostileValue), { nil: undefined }),
        fc.constantFrom(TOKEN_PATH, '/auth/1.3/security/oauth/check_token'),
        async (kept, hostile, basic, path) => {
          const form = new URLSearchParams([...kept, ...hostile])
          const headers: Header[] = [FORM_TYPE]
          if (basic !== undefined)
            headers.push([
              'Authorization',
              `Basic ${Buffer.from(`${basic[0]}:${basic[1]}`).toString('base64')}`,
            ])
          const body = form.toString().slice(0, 8 * 1024 + 100)
          expectGoodAnswer(await exchange(request('POST', path, headers, body)), { kept, hostile, basic })
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    )
  })
})

describe('headers and paths', () => {
  const realNames = fc.constantFrom(
    'Authorization',
    'Content-Type',
    'Content-Length',
    'Transfer-Encoding',
    'Expect',
    'Connection',
    'Upgrade',
    'Origin',
    'Access-Control-Request-Headers',
    'Cookie',
  )
  const headerName = fc.oneof(
    realNames,
    hostileString,
    protoKey.map((k) => k.toUpperCase()),
  )
  const headerValue = fc.oneof(
    hostileValue,
    hostileString.map((s) => `Bearer ${s}`),
    hostileString.map((s) => `Basic ${s}`),
    fc.constant(`Bearer ${'x'}`),
  )
  const paths = ['/graph/explore', '/graph/relate', '/graph/silos', '/graph/lookup', '/lookup', TOKEN_PATH]

  it('answers hostile header names and values with 2xx/4xx JSON', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.array(fc.tuple(headerName, headerValue), { maxLength: 5 }),
        fc.boolean(),
        async (path, hostile, authorized) => {
          const headers: Header[] = hostile.map(([n, v]) => [oneLine(n), oneLine(v).slice(0, 8000)])
          if (authorized) headers.unshift(['Authorization', `Bearer ${userToken}`])
          const body = path === TOKEN_PATH ? 'grant_type=client_credentials' : '{"ids":["mhmov-gladiator"]}'
          expectGoodAnswer(await exchange(request('POST', path, headers, body)), { path, hostile })
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    )
  })

  it('answers hostile paths and query strings with 2xx/4xx JSON', async () => {
    const segment = fc.oneof(
      hostileString.map(percentEncoded),
      hostileString.map((s) => s.replace(/[\s\u0000-\u001f\u007f]/g, '')),
      fc.constantFrom(
        'graph',
        'auth',
        '1.3',
        'security',
        'oauth',
        'token',
        'lookup',
        '..',
        '.',
        '%2e%2e',
        '',
        // The playground and the posters: pages, or JSON errors like every other answer.
        'playground',
        'index.html',
        'playground.js',
        'config.json',
        'images',
        'default.svg',
        'mhimg-x.svg',
      ),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(hostileString, hostileString), { maxLength: 3 }),
        fc.constantFrom('POST', 'GET', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'CONNECT'),
        async (segments, query, method) => {
          const search = new URLSearchParams(query).toString()
          const target = `/${segments.join('/')}${search === '' ? '' : `?${search}`}`.replace(/\s/g, '')
          const answer = await exchange(
            request(method, target, [['Authorization', `Bearer ${userToken}`], JSON_TYPE], '{}'),
          )
          expectGoodAnswer(answer, { method, target }, method === 'GET' ? target : '')
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    )
  })
})

/** Every byte of the UTF-8 form percent-encoded (a lone surrogate, which encodeURIComponent refuses, too). */
function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')
}

/** A value at a leaf: a hostile string, or what a body should hold there, or another JSON type. */
const leaf = (good: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: good },
    { weight: 3, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
  )
/** An object with the usual keys, some hostile keys added, and the values hostile at times. */
const withKeys = (
  good: Record<string, fc.Arbitrary<unknown>>,
  extra: fc.Arbitrary<unknown> = leaf(fc.constant('x')),
): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      fc.record(good, { requiredKeys: [] }),
      fc.array(fc.tuple(fc.oneof(protoKey, hostileString), extra), { maxLength: 2 }),
    )
    .map(([base, hostile]) => {
      const object: Record<string, unknown> = { ...base }
      // defineProperty: `__proto__` becomes an own key, as JSON.parse on the service's side makes it.
      for (const [key, value] of hostile)
        Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
      return object
    })

const ids = fc.constantFrom('mhmov-gladiator', 'mhric-russell-crowe', 'mhals-current-user', 'mhgnr-drama')
const operator = withKeys({
  $eq: leaf(ids),
  $ne: leaf(ids),
  $in: leaf(fc.array(leaf(ids), { maxLength: 3 })),
  $all: leaf(fc.array(leaf(ids), { maxLength: 3 })),
  $or: leaf(fc.array(withKeys({ $eq: leaf(ids) }), { maxLength: 2 })),
})
const filters = withKeys(
  {
    returnType: withKeys({
      $eq: leaf(fc.constantFrom('Movie', 'ShowSeries')),
      $in: fc.array(leaf(fc.constant('Movie'))),
    }),
    contributors: operator,
    traits: operator,
    sources: operator,
    collections: operator,
    contributorsOf: operator,
  },
  operator,
)
const componentName = leaf(fc.constantFrom('primaryImage', 'contributors', 'sources', 'userSocial', 'items'))
const components = fc.array(
  fc.oneof(componentName, withKeys({ name: componentName, pageSize: leaf(fc.integer({ min: 1, max: 5 })) })),
  { maxLength: 3 },
)
const sort = fc.array(
  withKeys({
    type: leaf(fc.constantFrom('popularity', 'idsOrder', 'random', 'likeOrder')),
    ids: fc.array(leaf(ids), { maxLength: 2 }),
    direction: leaf(fc.constantFrom('asc', 'desc')),
  }),
  { maxLength: 2 },
)
const blueprints = fc.array(
  withKeys({
    type: leaf(fc.constantFrom('GraphLens', 'Explore', 'Content', 'Collection', 'RecommendedForYou')),
    params: withKeys({ filters, ids: fc.array(leaf(ids), { maxLength: 2 }) }),
    positions: fc.array(leaf(fc.integer({ min: 0, max: 3 })), { maxLength: 2 }),
  }),
  { maxLength: 3 },
)
const factors = fc.array(
  withKeys({ id: leaf(ids), weight: leaf(fc.double({ min: -2, max: 2, noNaN: true })) }),
  {
    maxLength: 3,
  },
)
const pageSize = leaf(fc.integer({ min: 1, max: 5 }))
const bodies = fc.oneof(
  fc.record({ path: fc.constant('/graph/explore'), body: withKeys({ filters, components, sort, pageSize }) }),
  fc.record({
    path: fc.constant('/graph/relate'),
    body: withKeys({ factors, filters, components, pageSize }),
  }),
  fc.record({
    path: fc.constant('/graph/silos'),
    body: withKeys({ blueprints, filters, components, pageSize }),
  }),
  fc.record({
    path: fc.constant('/graph/lookup'),
    body: withKeys({ ids: fc.array(leaf(ids), { maxLength: 4 }), components, pageSize }),
  }),
)

// These reach fromJSON: they depend on its fix (issue 9, item 1) as much as on this layer's.
describe('graph request bodies', () => {
  it('answers hostile keys and values in every position with 2xx/4xx JSON', async () => {
    await fc.assert(
      fc.asyncProperty(bodies, async ({ path, body }) => {
        const answer = await exchange(
          request('POST', path, [['Authorization', `Bearer ${userToken}`], JSON_TYPE], JSON.stringify(body)),
        )
        expectGoodAnswer(answer, { path, body })
      }),
      { numRuns: RUNS, endOnFailure: true },
    )
  })
})

/** Cases of the huge and deep property: each body is up to ~160 KB, so fewer of them than of the others. */
const SIZE_RUNS = fuzzRuns(60)
/** Past every count limit of the model (1,000 ids or values, 100 factors, 50 blueprints, 32 components). */
const MANY = 3000
/** Around the model's nesting limit (48) and far past it, up to what fills the 100 KiB body limit. */
const DEEP = fc.oneof(fc.integer({ min: 40, max: 60 }), fc.integer({ min: 61, max: 60_000 }))
/** `n` copies of `item` (JSON text) as a JSON array. */
const listOf = (item: string, n: number): string => `[${Array.from({ length: n }, () => item).join(',')}]`
/** `value` nested `depth` times inside `open`…`close` (`[`…`]`, `{"$or":[`…`]}`), as text: no recursion here. */
const nested = (open: string, close: string, depth: number, value: string): string =>
  `${open.repeat(depth)}${value}${close.repeat(depth)}`
const itemOf = fc.oneof(
  ids.map((id) => JSON.stringify(id)),
  hostileString.map((text) => JSON.stringify(text)),
  fc.constantFrom('{"id":"mhusr-demo"}', '{"type":"GraphLens"}', '{"name":"contributors"}', '0', 'null'),
)
/** Bodies too big or too deep for the limits (or just within them), as JSON text, at each graph endpoint. */
const sizedBodies: fc.Arbitrary<{ path: string; text: string }> = fc.oneof(
  // Long lists in each counted position.
  fc
    .tuple(fc.integer({ min: 900, max: MANY }), itemOf, fc.integer({ min: 0, max: 5 }))
    .map(([n, item, at]) => {
      const list = listOf(item, n)
      const cases = [
        { path: '/graph/lookup', text: `{"ids":${list}}` },
        { path: '/graph/relate', text: `{"factors":${list}}` },
        { path: '/graph/silos', text: `{"blueprints":${list},"ids":${list}}` },
        { path: '/graph/explore', text: `{"filters":{"contributors":{"$in":${list}}}}` },
        { path: '/graph/explore', text: `{"filters":{"traits":{"$or":${listOf(`{"$ne":${item}}`, n)}}}}` },
        { path: '/graph/lookup', text: `{"ids":["mhmov-gladiator"],"components":${list}}` },
      ]
      return cases[at] as { path: string; text: string }
    }),
  // Deep nesting: of the whole body, of an $or, of components, of a plain value where an id belongs.
  fc.tuple(DEEP, fc.integer({ min: 0, max: 3 })).map(([depth, at]) => {
    const cases = [
      { path: '/graph/explore', text: nested('[', ']', depth, '1') },
      {
        path: '/graph/explore',
        text: `{"filters":{"contributors":${nested('{"$or":[', ']}', depth, '{"$eq":"mhric-russell-crowe"}')}}}`,
      },
      {
        path: '/graph/lookup',
        text: `{"ids":["mhmov-gladiator"],"components":[${nested('{"name":"contributors","components":[', ']}', depth, '"primaryImage"')}]}`,
      },
      { path: '/graph/lookup', text: `{"ids":[${nested('{"a":', '}', depth, '"mhmov-gladiator"')}]}` },
    ]
    return cases[at] as { path: string; text: string }
  }),
  // One long string where an id, a component name or a key belongs.
  fc.tuple(fc.integer({ min: 1000, max: 90_000 }), fc.integer({ min: 0, max: 2 })).map(([length, at]) => {
    const long = JSON.stringify('mhmov-'.padEnd(length, 'x'))
    const cases = [
      { path: '/graph/lookup', text: `{"ids":[${long}]}` },
      { path: '/graph/lookup', text: `{"ids":["mhmov-gladiator"],"components":[${long}]}` },
      { path: '/graph/explore', text: `{"filters":{${long}:{"$eq":"x"}}}` },
    ]
    return cases[at] as { path: string; text: string }
  }),
  // Over the body limit (100 KiB): refused before it is parsed.
  fc.integer({ min: 100 * 1024, max: 160 * 1024 }).map((size) => ({
    path: '/graph/lookup',
    text: `{"ids":[${JSON.stringify('x'.repeat(size))}]}`,
  })),
)

describe('huge and deep graph request bodies', () => {
  // Answers seen: 400 too_many_ids, too_many_factors, too_many_blueprints, too_many_values, too_many_components,
  // too_deep, invalid_request, invalid_id, unknown_filter, unknown_component; 404 not_found; 413 body_too_large.
  it('answers bodies past every count, depth and size limit with 2xx/4xx JSON, each within the bound', async () => {
    await fc.assert(
      fc.asyncProperty(sizedBodies, async ({ path, text }) => {
        const answer = await exchange(
          request('POST', path, [['Authorization', `Bearer ${userToken}`], JSON_TYPE], text),
        )
        expectGoodAnswer(answer, { path, text: text.slice(0, 200), bytes: text.length })
      }),
      { numRuns: SIZE_RUNS, endOnFailure: true },
    )
  })
})

describe('afterwards', () => {
  it('the service still answers a plain lookup', async () => {
    const answer = await exchange(
      request(
        'POST',
        '/graph/lookup',
        [['Authorization', `Bearer ${userToken}`], JSON_TYPE],
        '{"ids":["mhmov-gladiator"]}',
      ),
    )
    expect(answer.status).toBe(200)
  })
})
