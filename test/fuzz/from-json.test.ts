// The fromJSON door under hostile input (issue 9): prototype keys as keys and as values in every position,
// huge and deep values, odd unicode, for the four endpoints. Whatever the input: a query or an HqlError,
// never anything else, never a change to a built-in. How fast is bench/'s to say (from-json, from-json-depth,
// worst-request), as ratios in one run: a time bound here failed on a loaded machine (590 ms twice at load 30).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compile, fromJSON, HqlError } from 'hql'
import type { EndpointName } from 'hql'
import { anyQuery } from '../support/arbitraries'
import { expectBuiltinsUntouched, fuzzRuns, hostileString, prototypeKeys } from './support'
import { briefReport } from './brief-report'

const endpoints: readonly EndpointName[] = ['explore', 'relate', 'silos', 'lookup']
const endpoint = fc.constantFrom(...endpoints)

/** A generated text, shown in a failure report by its length and its start (it may be megabytes long). */
const shown = (text: string) => ({
  text,
  [fc.toStringMethod]: () => `${text.length} characters: ${JSON.stringify(text.slice(0, 300))}`,
})

/** Runs fromJSON on JSON text (so that `__proto__` keys are own keys, as from a request body). */
function acceptsOrRefuses(name: EndpointName, text: string): void {
  const body = JSON.parse(text) as unknown
  try {
    compile(fromJSON(name, body))
  } catch (error) {
    if (!(error instanceof HqlError)) throw error
    expect(typeof error.code).toBe('string')
    expect(Array.isArray(error.path)).toBe(true)
  }
}

// The words of request bodies, so that generated JSON reaches past the first check often.
const requestWords = [
  'filters',
  'returnType',
  'contributors',
  'contributorsOf',
  'sources',
  'source',
  'traits',
  'collections',
  '$eq',
  '$ne',
  '$in',
  '$all',
  '$or',
  'sort',
  'type',
  'property',
  'order',
  'components',
  'name',
  'pageSize',
  'page',
  'factors',
  'id',
  'weight',
  'boostOnly',
  'ids',
  'blueprints',
  'params',
  'positions',
  'probability',
  'nameGenerator',
  'siloPageSize',
] as const
const goodValues = [
  'Movie',
  'movie',
  'SHOWSERIES',
  'mhmov-gladiator',
  'mhgnr-drama',
  'mhric-a',
  'mhals-current-user',
  'iTunes:Movie:1',
  'primaryImage',
  'keyContributors',
  'Explore',
  'Content',
  'GraphLens',
  'random',
  'idsOrder',
  'releaseDate',
  'descending',
  'true',
] as const

const key = fc.oneof(fc.constantFrom(...requestWords), hostileString)
const scalarText = fc.oneof(
  { weight: 3, arbitrary: hostileString.map((s) => JSON.stringify(s)) },
  { weight: 3, arbitrary: fc.constantFrom(...goodValues).map((s) => JSON.stringify(s)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('0', '-1', '1e308', '-0', '0.5', '9007199254740993', 'true', 'null'),
  },
)

/** Values as JSON text: a huge list (repeated, so cheap to make), a deep nest, or a long string. */
const hugeText = fc.oneof(
  fc
    .tuple(fc.integer({ min: 900, max: 200_000 }), scalarText)
    .map(([count, item]) => `[${Array(count).fill(item).join(',')}]`),
  fc
    .tuple(fc.integer({ min: 40, max: 5_000 }), fc.constantFrom('[', '{"$or":[', '{"components":['))
    .map(([depth, open]) => {
      const close = open === '[' ? ']' : ']}'
      return open.repeat(depth) + '"mhgnr-a"' + close.repeat(depth)
    }),
  fc
    .tuple(fc.integer({ min: 1_000, max: 1_000_000 }), fc.constantFrom('a', 'mhmov-', '\u202E', '__proto__'))
    .map(([length, unit]) => JSON.stringify(unit.repeat(Math.ceil(length / unit.length)))),
)

/** Arbitrary JSON text made of request words and hostile keys and values, objects written as text. */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: scalarText },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`) },
    {
      weight: 3,
      arbitrary: fc
        .array(fc.tuple(key, tie('value')), { maxLength: 5 })
        .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
    },
    { weight: 1, arbitrary: hugeText },
  ),
})).value

/** A hostile change to a valid body: what to do, and where (an index into its nodes, taken modulo). */
type Mutation =
  | { readonly kind: 'addKey'; readonly at: number; readonly key: string; readonly value: string }
  | { readonly kind: 'replace'; readonly at: number; readonly value: string }
  | { readonly kind: 'renameKey'; readonly at: number; readonly key: string }
  | { readonly kind: 'push'; readonly at: number; readonly value: string }

const valueText = fc.oneof(
  { weight: 4, arbitrary: scalarText },
  { weight: 2, arbitrary: jsonText },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...prototypeKeys), fc.constantFrom('$eq', '$in', '$or', 'name', 'id', 'type'))
      .map(([k, op]) => `{${JSON.stringify(k)}:{${JSON.stringify(op)}:${JSON.stringify(k)}}}`),
  },
  { weight: 1, arbitrary: hugeText },
)
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('addKey' as const), at: fc.nat(), key, value: valueText }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: valueText }),
  fc.record({ kind: fc.constant('renameKey' as const), at: fc.nat(), key }),
  fc.record({ kind: fc.constant('push' as const), at: fc.nat(), value: valueText }),
)

// A body is edited as a tree of text: each object an ordered list of [key, node], each leaf its JSON text.
type Node = { object: [string, Node][] } | { array: Node[] } | { text: string }

function toNode(value: unknown): Node {
  if (Array.isArray(value)) return { array: value.map(toNode) }
  if (value !== null && typeof value === 'object')
    return { object: Object.entries(value).map(([k, v]) => [k, toNode(v)]) }
  return { text: JSON.stringify(value) }
}

function toText(node: Node): string {
  if ('text' in node) return node.text
  if ('array' in node) return `[${node.array.map(toText).join(',')}]`
  return `{${node.object.map(([k, v]) => `${JSON.stringify(k)}:${toText(v)}`).join(',')}}`
}

function nodesOf(root: Node): Node[] {
  const out: Node[] = []
  const stack = [root]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    out.push(node)
    if ('array' in node) stack.push(...node.array)
    if ('object' in node) stack.push(...node.object.map(([, v]) => v))
  }
  return out
}

function mutate(root: Node, change: Mutation): void {
  const nodes = nodesOf(root)
  const node = nodes[change.at % nodes.length] as Node
  const objects = nodes.filter((n): n is { object: [string, Node][] } => 'object' in n)
  const object = objects[change.at % Math.max(1, objects.length)]
  switch (change.kind) {
    case 'addKey':
      object?.object.splice(change.at % (object.object.length + 1), 0, [change.key, { text: change.value }])
      break
    case 'renameKey': {
      const entry = object?.object[change.at % Math.max(1, object.object.length)]
      if (entry) entry[0] = change.key
      break
    }
    case 'replace':
      for (const k of Object.keys(node)) delete (node as Record<string, unknown>)[k]
      Object.assign(node, { text: change.value })
      break
    case 'push':
      if ('array' in node) node.array.push({ text: change.value })
      else object?.object.push([String(change.at), { text: change.value }])
      break
  }
}

describe('fromJSON under hostile input', () => {
  it('valid bodies with hostile keys, values, renames and huge or deep parts: a query or an HqlError', () => {
    const untouched = expectBuiltinsUntouched()
    fc.assert(
      fc.property(
        anyQuery,
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        endpoint,
        (query, changes, other) => {
          const { endpoint: path, body } = compile(query)
          const root = toNode(body)
          for (const change of changes) mutate(root, change)
          const text = toText(root)
          acceptsOrRefuses(path.slice('/graph/'.length) as EndpointName, text)
          acceptsOrRefuses(other, text)
          untouched()
        },
      ),
      briefReport(fuzzRuns(150)),
    )
  })

  it('JSON made of request words and hostile keys and values, any endpoint: a query or an HqlError', () => {
    const untouched = expectBuiltinsUntouched()
    fc.assert(
      fc.property(endpoint, jsonText.map(shown), (name, { text }) => {
        acceptsOrRefuses(name, text)
        untouched()
      }),
      briefReport(fuzzRuns(300)),
    )
  })

  it('a prototype key or value in each named position of each endpoint', () => {
    const untouched = expectBuiltinsUntouched()
    // Positions as templates: K is a key, V a value, both the same hostile string.
    const templates: [EndpointName, string][] = [
      ['explore', '{"filters":{"returnType":{"$in":V}}}'],
      ['explore', '{"filters":{"returnType":{"$all":[V]}}}'],
      ['explore', '{"filters":{"returnType":{"$or":[{"$eq":V},{K:V}]}}}'],
      ['explore', '{"filters":{"returnType":{K:{"$eq":"Movie"}}}}'],
      ['explore', '{"filters":{K:{"$eq":V}}}'],
      ['explore', '{"filters":{},"sort":[{"type":V},{"type":"property","property":V,K:V}]}'],
      ['explore', '{"filters":{},"components":[V,{"name":V},{"name":"keyContributors","components":[V]}]}'],
      ['explore', '{"filters":{},K:V}'],
      ['relate', '{"factors":[V,{"id":V,"weight":1,"boostOnly":V}],"filters":{"returnType":{"$in":V}}}'],
      ['relate', '{"factors":[{"id":"mhmov-a",K:V}],"filters":{"traits":{"$or":[{K:[V]}]}}}'],
      ['lookup', '{"ids":[V],"components":[{"name":"primaryImage",K:V}]}'],
      ['lookup', '{"ids":V,K:{"ids":["mhmov-a"]}}'],
      ['silos', '{"ids":[V],"blueprints":[{"type":V,"params":{K:V}}]}'],
      [
        'silos',
        '{"blueprints":[{"type":"Content","params":{"ids":[V],K:V},"filters":{"returnType":{"$in":V}}}]}',
      ],
      ['silos', '{"blueprints":[{"type":"Explore","filters":{"returnType":{"$or":[{K:V}]}}},{K:V}]}'],
    ]
    fc.assert(
      fc.property(fc.constantFrom(...templates), hostileString, ([name, template], hostile) => {
        // One pass: the hostile string itself may be "K" or "V".
        const text = template.replace(/[KV]/g, () => JSON.stringify(hostile))
        acceptsOrRefuses(name, text)
        untouched()
      }),
      briefReport(fuzzRuns(300)),
    )
  })
})
