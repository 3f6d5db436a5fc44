// The compiled fast path of the request schemas (fast-parse.ts) against zod, the source of truth: on
// generated valid bodies, on the same bodies with one value replaced, and on arbitrary JSON made of request
// words. Whatever the body, the fast path either refuses it or returns exactly what the schema's parse
// returns (same values, same key order, frozen in the same places); on a canonical body it never refuses.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compile } from 'hql'
import type { EndpointName } from 'hql'
import { parseRequestFast, requestSchemas } from '../../src/model'
import { upgradeLegacyForms } from '../../src/compile/legacy'
import { anyQuery } from '../support/arbitraries'
import { hostileString } from '../fuzz/support'
import * as z from 'zod/mini'
import { compileSchema, refused } from '../../src/model/request/fast-parse'
import { generateSchema } from '../../src/model/request/fast-generate'
import { parseOwnedRequestFast } from '../../src/model/request/fast-bodies'
import {
  ContributorIdSchema,
  FactorIdSchema,
  MediaIdSchema,
  MovieIdSchema,
  SourceIdSchema,
  UserIdSchema,
} from '../../src/model/request/ids'

const endpoints: readonly EndpointName[] = ['explore', 'relate', 'silos', 'lookup']

/** A value with what `toStrictEqual` does not see written out: key order and where it is frozen. */
function described(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, described(item)])
    : Object.entries(value).map(([key, item]) => [key, described(item)])
  return { frozen: Object.isFrozen(value), array: Array.isArray(value), entries }
}

/** What the fast path and zod make of `json`: zod's result is undefined when zod refuses it. */
function bothSides(endpoint: EndpointName, json: unknown) {
  const zod = requestSchemas[endpoint].safeParse(upgradeLegacyForms(json))
  return { fast: parseRequestFast(endpoint, json), zod: zod.success ? zod.data : undefined }
}

// The two compiled forms: generated code (what parseRequestFast runs here) and closures (where code cannot be
// generated); every property below holds them to the same answers.
const closures = new Map(endpoints.map((endpoint) => [endpoint, compileSchema(requestSchemas[endpoint])]))

function expectAgreement(endpoint: EndpointName, json: unknown): void {
  const { fast, zod } = bothSides(endpoint, json)
  const closure = (closures.get(endpoint) as (value: unknown) => unknown)(json)
  expect(described(closure === refused ? undefined : closure)).toStrictEqual(described(fast))
  // The form for a body the caller owns (text's) keeps canonical parts in place: the same answer, on a copy.
  const owned = parseOwnedRequestFast(endpoint, structuredClone(json))
  expect(described(owned)).toStrictEqual(described(fast))
  expect(owned).toStrictEqual(fast)
  if (fast === undefined) return
  expect(zod).toBeDefined()
  expect(described(fast)).toStrictEqual(described(zod))
  expect(fast).toStrictEqual(zod)
}

const jsonLeaf = fc.oneof(
  fc.constantFrom(0, -1, 1, 1.5, 2 ** 53, -0, true, false, null, '', 'true', 'Movie', 'movie'),
  fc.constantFrom('mhmov-gladiator', 'mhric-brad-pitt', 'mhals-current-user', 'mhmov-', 'iTunes:Movie:1'),
  fc.constantFrom('primaryImage', 'keyContributors', 'property', 'releaseDate', 'descending', 'Content'),
  hostileString,
)

/** A path into `value` and a value to put there. */
function replacedSomewhere(value: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = []
  const visit = (node: unknown, path: (string | number)[]) => {
    paths.push(path)
    if (node !== null && typeof node === 'object')
      for (const [key, child] of Object.entries(node))
        visit(child, [...path, Array.isArray(node) ? Number(key) : key])
  }
  visit(value, [])
  const replacement = fc.oneof(jsonLeaf, fc.constant({}), fc.constant([]), fc.constant(undefined))
  return fc.tuple(fc.constantFrom(...paths), replacement).map(([path, leaf]) => {
    const copy = JSON.parse(JSON.stringify(value)) as unknown
    if (path.length === 0) return leaf
    let node = copy as Record<string | number, unknown>
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
    node[path[path.length - 1] as string | number] = leaf
    return copy
  })
}

describe('the compiled request schemas agree with zod', () => {
  it('accept every canonical body, returning what zod returns', () => {
    fc.assert(
      fc.property(anyQuery, (query) => {
        const { endpoint, body } = compile(query)
        const name = endpoint.slice('/graph/'.length) as EndpointName
        const json = JSON.parse(JSON.stringify(body)) as unknown
        expect(parseRequestFast(name, json)).toBeDefined()
        expectAgreement(name, json)
        // Written by hand, keys come in any order: the same body with every object's keys reversed.
        const reversed = JSON.parse(JSON.stringify(body), (_key, value: unknown) =>
          value !== null && typeof value === 'object' && !Array.isArray(value)
            ? Object.fromEntries(Object.entries(value).reverse())
            : value,
        ) as unknown
        expect(parseRequestFast(name, reversed)).toBeDefined()
        expectAgreement(name, reversed)
      }),
      { numRuns: 300 },
    )
  })

  it('refuse, or agree with zod on, a body with one value replaced', () => {
    const mutated = anyQuery.chain((query) => {
      const { endpoint, body } = compile(query)
      const name = endpoint.slice('/graph/'.length) as EndpointName
      return fc.tuple(fc.constant(name), replacedSomewhere(JSON.parse(JSON.stringify(body))))
    })
    fc.assert(
      fc.property(mutated, ([name, json]) => {
        expectAgreement(name, json)
        // The same body sent to another endpoint is refused (or accepted) alike too.
        for (const other of endpoints) expectAgreement(other, json)
      }),
      { numRuns: 400 },
    )
  })

  it('refuse, or agree with zod on, arbitrary JSON of request words', () => {
    const key = fc.constantFrom('filters', 'returnType', '$eq', '$in', '$or', 'sort', 'type', 'components')
    const more = fc.constantFrom('name', 'pageSize', 'page', 'ids', 'factors', 'id', 'weight', 'boostOnly')
    const json = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        jsonLeaf,
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(
          fc.oneof(key, more, fc.constantFrom('blueprints', 'params', 'positions')),
          tie('node'),
          {
            maxKeys: 4,
          },
        ),
      ),
    })).node
    fc.assert(
      fc.property(fc.constantFrom(...endpoints), json, (endpoint, body) => expectAgreement(endpoint, body)),
      { numRuns: 1000 },
    )
  })

  it('refuse what is not a plain JSON object and leave the input as it was', () => {
    class Body {
      ids = ['mhmov-gladiator']
    }
    expect(parseRequestFast('lookup', new Body())).toBeUndefined()
    expect(parseRequestFast('lookup', { ids: ['mhmov-gladiator'], pageSize: undefined })).toBeUndefined()
    const input = { ids: ['mhmov-gladiator'] }
    expect(parseRequestFast('lookup', input)).toStrictEqual({ ids: ['mhmov-gladiator'] })
    expect(Object.isFrozen(input) || Object.isFrozen(input.ids)).toBe(false)
  })
})

describe('the compiled request schemas on objects JSON.parse does not make', () => {
  it('refuse a hidden (non-enumerable) key, which zod reads', () => {
    const body = { ids: ['mhmov-gladiator'] }
    Object.defineProperty(body, 'pageSize', { value: 0, enumerable: false })
    expect(parseRequestFast('lookup', body)).toBeUndefined()
    expect(requestSchemas.lookup.safeParse(body).success).toBe(false)
  })

  it('put keys written out of order in the order of the shape, as zod does', () => {
    const body = { pageSize: 3, ids: ['mhmov-gladiator'] }
    expect(Object.keys(parseRequestFast('lookup', body) as object)).toStrictEqual(['ids', 'pageSize'])
    expectAgreement('lookup', body)
  })
})

// An id's template literal (`mhmov…`) is compiled to a check of its prefixes, not its pattern: on strings
// near the prefixes (cut short, with a newline or a character outside ASCII after, in another case), the
// check and zod accept and refuse the same ones.
describe('the compiled id templates agree with their patterns', () => {
  const templates = {
    bare: z.templateLiteral([z.enum(['mhmov', 'mhric', 'mh']), z.string()]),
    literal: z.templateLiteral([z.literal('mhsrc'), z.string()]),
    Movie: MovieIdSchema,
    Contributor: ContributorIdSchema,
    Source: SourceIdSchema,
    Media: MediaIdSchema,
    User: UserIdSchema,
    Factor: FactorIdSchema,
  }
  const prefix = fc.constantFrom(
    'mhmov',
    'mhric',
    'mhrgc',
    'mhsrc',
    'mhusr',
    'mhsss',
    'mh',
    'MHMOV',
    'mhmo',
    '',
  )
  const tail = fc.oneof(fc.string(), fc.constantFrom('', '\n', '-\n', '-brad-pitt', 'é', '\u2028x'))
  const near = fc.oneof(
    fc.tuple(fc.string({ maxLength: 2 }), prefix, tail).map((parts) => parts.join('')),
    fc.tuple(prefix, tail).map((parts) => parts.join('')),
    fc.anything(),
  )

  for (const [name, schema] of Object.entries(templates))
    it(`${name}: the compiled check accepts exactly what the schema accepts`, () => {
      const compiled = compileSchema(schema)
      const generated = generateSchema(schema) as (value: unknown) => unknown
      fc.assert(
        fc.property(near, (value) => {
          const zod = schema.safeParse(value)
          for (const out of [compiled(value), generated(value)])
            expect(out === refused ? undefined : out).toStrictEqual(zod.success ? zod.data : undefined)
        }),
        { numRuns: 2000 },
      )
    })
})

describe('the generated request schemas', () => {
  it('cover every endpoint (no schema kind falls back to the closures)', () => {
    for (const endpoint of endpoints) expect(generateSchema(requestSchemas[endpoint])).toBeTypeOf('function')
  })

  it('leave a schema kind they have no code for to the closures', () => {
    expect(generateSchema(z.strictObject({ at: z.date() }))).toBeUndefined()
    expect(generateSchema(z.looseObject({ name: z.string() }))).toBeUndefined()
  })

  it('are not tried in a web page, whose CSP would report the attempt: the closures serve there', () => {
    Object.defineProperty(globalThis, 'document', { value: {}, configurable: true })
    try {
      expect(generateSchema(requestSchemas.lookup)).toBeUndefined()
    } finally {
      Reflect.deleteProperty(globalThis, 'document')
    }
    expect(generateSchema(requestSchemas.lookup)).toBeTypeOf('function')
  })

  it('for a body the caller owns, keep its canonical parts (frozen in place) and copy the rest', () => {
    const ids = ['mhmov-gladiator']
    const canonical = { ids, pageSize: 3 }
    expect(parseOwnedRequestFast('lookup', canonical)).toBe(canonical)
    expect(Object.isFrozen(ids)).toBe(true)
    const reordered = { pageSize: 3, ids: ['mhmov-gladiator'] }
    const parsed = parseOwnedRequestFast('lookup', reordered)
    expect(parsed).not.toBe(reordered)
    expect(parsed?.ids).toBe(reordered.ids)
    expect(Object.keys(parsed as object)).toStrictEqual(['ids', 'pageSize'])
  })

  it('write no key or value of the schema as code: one with quotes and a line break is data', () => {
    const schema = z.readonly(z.strictObject({ 'a\'"\n}': z.enum(['x\'"\n}', '\u2028']) }))
    const generated = generateSchema(schema) as (value: unknown) => unknown
    for (const value of ['x\'"\n}', '\u2028', 'x', 1])
      expect(generated({ 'a\'"\n}': value })).toStrictEqual(
        schema.safeParse({ 'a\'"\n}': value }).success ? { 'a\'"\n}': value } : refused,
      )
  })
})
