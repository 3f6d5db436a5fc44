// The client's response handling against a real node:http server on 127.0.0.1 that serves generated hostile
// answers: envelopes with prototype keys and values in every position, invalid and truncated JSON, huge and
// deep bodies, odd unicode, odd statuses and headers, hostile next links, bodies cut off midway. Whatever
// comes back, the client resolves or rejects with an HqlError, in bounded time, leaving built-ins untouched.
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hql, returnType, silo } from 'hql'
import {
  createClient,
  HqlError,
  paging,
  retries,
  staticTokenGrant,
  strictCheck,
  type PagingClient,
} from '../../src'
import { componentRoutes, nestedPair, type ComponentRoute } from '../client/deep-responses'
import { movie } from '../client/fake-service'
import { expectBuiltinsUntouched, fuzzRuns, hostileString, prototypeKeys } from './support'

/** A JSON value as a tree, so that keys like `__proto__` and duplicate keys survive into the text. */
type Json =
  | { readonly kind: 'object'; readonly entries: (readonly [string, Json])[] }
  | { readonly kind: 'array'; readonly items: readonly Json[] }
  | { readonly kind: 'leaf'; readonly value: string | number | boolean | null }
  | { readonly kind: 'raw'; readonly text: string }

type JsonObject = Extract<Json, { kind: 'object' }>

const leaf = (value: string | number | boolean | null): Json => ({ kind: 'leaf', value })

function toTree(value: unknown): Json {
  if (Array.isArray(value)) return { kind: 'array', items: value.map(toTree) }
  if (typeof value === 'object' && value !== null)
    return { kind: 'object', entries: Object.entries(value).map(([k, v]) => [k, toTree(v)] as const) }
  return leaf(value as string | number | boolean | null)
}

function toText(node: Json): string {
  switch (node.kind) {
    case 'object':
      return `{${node.entries.map(([key, value]) => `${JSON.stringify(key)}:${toText(value)}`).join(',')}}`
    case 'array':
      return `[${node.items.map(toText).join(',')}]`
    case 'leaf':
      return JSON.stringify(node.value)
    case 'raw':
      return node.text
  }
}

const hostileKey = fc.oneof(fc.constantFrom(...prototypeKeys), hostileString)

const hostileLeaf: fc.Arbitrary<Json> = fc.oneof(
  hostileString.map(leaf),
  fc.constantFrom(...prototypeKeys).map(leaf),
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0, 2 ** 53 + 1).map(leaf),
  fc.double().map((d) => leaf(Number.isFinite(d) ? d : 0)),
)

const units = ['x', 'é', '\u{1F600}', '\\u0000', '\\ud800', '\u202E'] as const

/**
 * A nest `depth` deep of arrays or objects, as raw text. The response check never walks into these (it reads
 * only fields the model knows): `componentNest` reaches its recursion.
 */
const deep = (depth: number): Json =>
  depth % 2 === 0
    ? { kind: 'raw', text: `${'['.repeat(depth)}0${']'.repeat(depth)}` }
    : { kind: 'raw', text: `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}` }

/** A string of `length` odd units (astral, escapes of NUL and lone surrogates, RTL override), as raw text. */
const long = (length: number): Json => ({
  kind: 'raw',
  text: `"${units[length % units.length]!.repeat(length)}"`,
})

/**
 * A result item holding 20 to 1,100 objects, each nested in the previous one through real component fields
 * (`object.items.content[0].object…`, `keyContributors`/`contributions`, `primaryGroup`, `userSocial`):
 * the positions the recursive response check walks. The largest pass maxResponseBytes (256 KiB) here.
 */
const componentNest: fc.Arbitrary<Json> = fc
  .tuple(
    fc.constantFrom(...(Object.keys(componentRoutes) as ComponentRoute[])),
    fc.integer({ min: 20, max: 1_100 }),
  )
  .map(([route, objects]) => ({ kind: 'raw', text: nestedPair(route, objects) }))

/** Small hostile values: leaves, objects with prototype keys, arrays, deep nests, long strings. */
const hostileValue: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: hostileLeaf },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 })
        .map((entries): Json => ({ kind: 'object', entries })),
    },
    {
      weight: 1,
      arbitrary: fc.array(tie('value'), { maxLength: 4 }).map((items): Json => ({ kind: 'array', items })),
    },
    { weight: 1, arbitrary: fc.integer({ min: 10, max: 1_000 }).map(deep) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 5_000 }).map(long) },
    { weight: 1, arbitrary: componentNest },
  ),
})).value

/** `next` links a server may send: valid, other origins, other endpoints, odd methods and bodies. */
const hostileNext = (origin: string, paged: 'explore' | 'silos'): fc.Arbitrary<Json> =>
  fc.oneof(
    fc.constant(leaf(null)),
    hostileValue,
    fc
      .record({
        endpoint: fc.oneof(
          // Mostly one the client follows, so that what comes after (the body, the next page) is reached too.
          { weight: 4, arbitrary: fc.constant(`/graph/${paged}`) },
          fc.constantFrom(
            '/graph/explore',
            '/explore',
            '/relate',
            '/graph/silos',
            '//evil.example/graph/explore',
            `${origin}/graph/explore`,
            '/graph/../graph/explore',
            '/graph/explore?page=2',
            '/graph/%2e%2e/explore',
            '/graph/__proto__',
            '/graph/constructor',
          ),
          hostileString,
        ),
        method: fc.oneof(
          { weight: 4, arbitrary: fc.constant('POST') },
          fc.constantFrom('post', 'GET', 'PoSt'),
          hostileString,
        ),
        body: fc.oneof(
          { weight: 5, arbitrary: hostileValue },
          // An object whose one field nests deeper than any stack allows a recursive walk.
          {
            weight: 2,
            arbitrary: fc
              .integer({ min: 60, max: 100_000 })
              .map((depth): Json => ({ kind: 'raw', text: `{"a":${toText(deep(depth))}}` })),
          },
        ),
        page: fc.nat({ max: 1_000_000 }),
      })
      .map(({ endpoint, method, body, page }): Json => ({
        kind: 'object',
        entries: [
          ['endpoint', leaf(endpoint)],
          ['method', leaf(method)],
          [
            'body',
            body.kind === 'object' ? { ...body, entries: [...body.entries, ['page', leaf(page)]] } : body,
          ],
        ],
      })),
  )

/** Every object node of a tree, outermost first: the positions where mutations may land. */
function objectsOf(node: Json, out: JsonObject[] = []): JsonObject[] {
  if (node.kind === 'object') {
    out.push(node)
    for (const [, value] of node.entries) objectsOf(value, out)
  } else if (node.kind === 'array') for (const item of node.items) objectsOf(item, out)
  return out
}

type Mutation = {
  readonly at: number
  readonly key: string
  readonly value: Json
  readonly how: 'add' | 'replace'
}

/** Applies mutations to a copy of `tree`: each adds a hostile entry to an object, or replaces an entry's value. */
function mutate(tree: Json, mutations: readonly Mutation[]): Json {
  const copy = JSON.parse(JSON.stringify(tree)) as Json
  for (const mutation of mutations) {
    const objects = objectsOf(copy)
    const target = objects[mutation.at % objects.length]
    if (target === undefined) continue
    if (mutation.how === 'replace' && target.entries.length > 0) {
      const index = mutation.at % target.entries.length
      target.entries[index] = [target.entries[index]![0], mutation.value]
    } else target.entries.push([mutation.key, mutation.value])
  }
  return copy
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  key: hostileKey,
  value: hostileValue,
  how: fc.constantFrom('add', 'replace'),
})

/** One answer of the server: status, headers, and a body to send whole, cut off, or never finish. */
interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  readonly delivery: 'whole' | 'cut' | 'reset'
}

const headerValue = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1e9',
    '3.5',
    'Thu, 01 Jan 1970 00:00:00 GMT',
    'Fri, 31 Dec 9999 23:59:59 GMT',
    '',
  ),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
)

const answer = (origin: string, endpoint: 'explore' | 'silos'): fc.Arbitrary<Answer> => {
  const base =
    endpoint === 'explore'
      ? { content: [movie(1), movie(2)], pagingInfo: { next: null } }
      : {
          silos: [{ title: 'Popular', content: [movie(1)], pagingInfo: { next: null } }],
          pagingInfo: { next: null },
        }
  const envelope = fc
    .tuple(fc.array(mutation, { maxLength: 4 }), hostileNext(origin, endpoint))
    .map(([mutations, next]) => {
      const tree = mutate(toTree(base), mutations)
      // The top-level next is always hostile (or null): paging is where a server steers the client.
      const paging =
        tree.kind === 'object' ? tree.entries.find(([key]) => key === 'pagingInfo')?.[1] : undefined
      if (paging?.kind === 'object') paging.entries.push(['next', next])
      return toText(tree)
    })
  // A valid envelope whose one item nests objects through component fields down to the check's recursion.
  const nested = componentNest.map((pair) =>
    endpoint === 'explore'
      ? `{"content":[${toText(pair)}],"pagingInfo":{"next":null}}`
      : `{"silos":[{"title":"Popular","content":[${toText(pair)}],"pagingInfo":{"next":null}}],"pagingInfo":{"next":null}}`,
  )
  const body = fc.oneof(
    { weight: 6, arbitrary: envelope },
    { weight: 1, arbitrary: nested },
    // Invalid JSON: a valid envelope cut short, or garbage.
    {
      weight: 1,
      arbitrary: fc.tuple(envelope, fc.nat()).map(([text, at]) => text.slice(0, at % (text.length + 1))),
    },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: hostileValue.map(toText) },
    // Huge: past maxResponseBytes (256 KiB) or just under it, and deep enough to hurt a recursive walk.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 5_000, max: 100_000 }), fc.integer({ min: 50_000, max: 400_000 }))
        .map(
          ([depth, length]) =>
            `{"content":[${toText(deep(depth))},${toText(long(length))}],"pagingInfo":null}`,
        ),
    },
  )
  return fc.record({
    status: fc.oneof(
      { weight: 6, arbitrary: fc.constant(200) },
      {
        weight: 3,
        arbitrary: fc.constantFrom(201, 204, 206, 301, 302, 304, 400, 401, 404, 418, 429, 500, 503, 599),
      },
      { weight: 1, arbitrary: fc.integer({ min: 200, max: 999 }) },
    ),
    headers: fc.dictionary(
      fc.constantFrom(
        'content-type',
        'retry-after',
        'x-hostile',
        'www-authenticate',
        'set-cookie',
        'location',
      ),
      headerValue,
      { maxKeys: 3 },
    ),
    body,
    delivery: fc.constantFrom('whole', 'whole', 'whole', 'whole', 'cut', 'reset'),
  })
}

function serve(res: ServerResponse, reply: Answer): void {
  if (reply.delivery === 'reset') return void res.socket?.destroy()
  res.writeHead(reply.status, reply.headers)
  if (reply.delivery === 'whole') return void res.end(reply.body)
  // Half the body, then the connection drops.
  res.write(reply.body.slice(0, Math.floor(reply.body.length / 2)))
  setTimeout(() => res.destroy(), 1)
}

let answers: Answer[] = []
let origin = ''
const server = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    const next = answers.shift()
    if (next === undefined) {
      res.writeHead(200, { 'content-type': 'application/json' })
      return void res.end('{"content":[],"pagingInfo":{"next":null}}')
    }
    serve(res, next)
  })
})
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const clientOf = (validation: 'strict' | 'off'): PagingClient =>
  createClient({
    baseUrl: origin,
    auth: staticTokenGrant('fuzz-token'),
    check: validation === 'strict' ? strictCheck : undefined,
    paging: paging(),
    timeoutMs: 2_000,
    totalTimeoutMs: 4_000,
    maxResponseBytes: 256 * 1024,
    retry: retries({ limit: 1, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 5 }),
  })

const explore = hql.explore().filter(returnType.eq('Movie')).pageSize(2)
const silos = hql.silos(silo.explore({ name: 'Popular' })).pageSize(2)

/** Runs one call; resolves with what it settled with, so the invariant is checked outside the call. */
async function settle(
  client: PagingClient,
  call: 'run' | 'pages' | 'collect',
  endpoint: 'explore' | 'silos',
) {
  const query = endpoint === 'explore' ? explore : silos
  try {
    if (call === 'run') await client.run(query)
    else if (call === 'pages') for await (const page of client.pages(query, { maxPages: 4 })) void page
    else await client.collect(query, { maxItems: 5, truncate: true })
    return undefined
  } catch (error) {
    return error
  }
}

describe('the client against hostile responses', () => {
  const untouched = expectBuiltinsUntouched()

  it.each(['explore', 'silos'] as const)(
    'resolves or rejects with an HqlError, in bounded time, built-ins untouched (%s)',
    async (endpoint) => {
      let cases = 0
      const started = performance.now()
      await fc.assert(
        fc.asyncProperty(
          fc.array(answer(origin, endpoint), { minLength: 1, maxLength: 4 }),
          fc.constantFrom('run', 'pages', 'collect'),
          fc.constantFrom('strict', 'off'),
          async (replies, call, validation) => {
            cases++
            answers = [...replies]
            const began = performance.now()
            const error = await settle(clientOf(validation), call, endpoint)
            const tookMs = performance.now() - began
            if (error !== undefined && !(error instanceof HqlError))
              throw new Error(`not an HqlError: ${String(error)}`, { cause: error })
            // Generous: an attempt may wait out its 2 s timeout on a body cut off midway, twice with a retry.
            if (tookMs > 9_000) throw new Error(`took ${Math.round(tookMs)} ms`)
            untouched()
          },
        ),
        { numRuns: fuzzRuns(150) },
      )
      if (process.env.HQL_PRINT_FIGURES)
        console.log(
          `client fuzz (${endpoint}): ${cases} cases in ${Math.round(performance.now() - started)} ms`,
        )
      expect(cases).toBeGreaterThanOrEqual(fuzzRuns(150))
    },
  )
})
