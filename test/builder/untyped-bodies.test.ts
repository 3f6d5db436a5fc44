// compile emits only valid bodies (issue 27), also for a JavaScript caller without types: the builder driven
// with random arguments (builder values, hand-made objects, an uncalled sort key, array look-alikes, random JSON)
// either refuses a call with an HqlError, at the call, or takes it (its methods take only the filters, sorts and
// components the helpers made, so a value written by hand is refused); and every body compile then returns
// validates against schema/hql-request.schema.json with a real JSON Schema validator (Ajv), is taken by
// fromJSON as it is, and prints as text (fromJSON and printQuery accept the same set).
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Ajv2020 } from 'ajv/dist/2020.js'
import {
  HqlError,
  collections,
  compile,
  contributors,
  contributorsOf,
  fromJSON,
  hql,
  idsOrder,
  images,
  keyContributors,
  parseQuery,
  popularity,
  primaryImage,
  printQuery,
  random,
  releaseDate,
  returnType,
  silo,
  sources,
  traits,
} from 'hql'
import type { Query } from 'hql'
import { SCHEMA_FILE } from '../../scripts/request-schema'

const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as { $id: string }
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false })
const validRequest = ajv.compile(schema)

/** What a JavaScript caller may hand to any call: builder values, near misses, and anything at all. */
const anyArgument: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      releaseDate.desc(),
      popularity.asc(),
      random(),
      idsOrder('mhmov-a', 'mhsss-b'),
      primaryImage,
      images.pageSize(3),
      keyContributors(primaryImage),
      keyContributors.pageSize(2)(primaryImage),
      traits.eq('mhgnr-drama'),
      traits.or(traits.eq('mhgnr-a'), traits.all('mhgnr-b', 'mhgnr-c')),
      returnType.eq('Movie'),
      returnType.in('Movie', 'ShowSeries'),
      contributors.in('mhric-a'),
      contributorsOf.eq('mhmov-a'),
      sources.eq('mhsrc-itunes'),
      collections.ne('mhcol-a'),
      'primaryImage',
      'keyTraits',
      'mhmov-gladiator',
      'mhric-brad-pitt',
      'iTunes:Movie:1',
      0,
      1,
      2,
      10,
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      // The mistakes issue 27 names, and their neighbours.
      releaseDate,
      popularity,
      keyContributors,
      { type: 'popularity', order: 'up' },
      { type: 'idsOrder', ids: ['mhmov-a'], extra: 1 },
      { type: 'idsOrder' },
      { type: 'property', property: 'rating' },
      { request: { name: 'primaryImage', page: 1 } },
      { request: { name: 'keyContributors', components: 'primaryImage' } },
      { request: { name: 'images', pageSize: 2, size: 3 } },
      { request: null },
      { filter: 'traits', operator: { $eq: 'mhgnr-a', $ne: 'mhgnr-b' } },
      { filter: 'traits', operator: { $in: { length: { toString: [] } } } },
      { filter: 'trait', operator: { $eq: 'mhgnr-a' } },
      { filter: 'returnType', operator: { $eq: 'Image' } },
      { blueprint: { type: 'Explore', positions: [0], extra: true } },
      { blueprint: { type: 'Nope' } },
      { id: 'mhmov-a', weight: 0.5 },
      { id: 'mhmov-a', weight: -1 },
      { id: 'mhgnr-drama' },
      { length: { toString: [] } },
      { length: 1, 0: 'mhmov-a' },
      [],
      ['mhmov-a'],
      {},
      null,
      undefined,
      -1,
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2 ** 53,
      '',
      'x',
      true,
      10n,
      Symbol('x'),
      Object.create(null),
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

/** Options a JavaScript caller may hand a silo helper: the known keys and others, with any values. */
const anyOptions = fc.oneof(
  anyArgument,
  fc.record(
    {
      positions: fc.oneof(fc.constant([0, 2]), anyArgument),
      probability: fc.oneof(fc.constant(0.5), anyArgument),
      filters: fc.oneof(fc.constant([traits.eq('mhgnr-a')]), fc.array(anyArgument, { maxLength: 2 })),
      name: fc.oneof(fc.constant('Popular'), anyArgument),
      nameGenerator: fc.oneof(fc.constant('Because $1'), anyArgument),
      ids: fc.oneof(fc.constant(['mhmov-a']), anyArgument),
      id: fc.oneof(fc.constant('mhcol-a'), anyArgument),
      extra: anyArgument,
    },
    { requiredKeys: [] },
  ),
)

type Untyped = Record<string, (...args: unknown[]) => unknown>
const siloHelpers = Object.keys(silo) as (keyof typeof silo)[]

/** A builder call a JavaScript caller may make: the method's name and its arguments. */
const anyCall = fc.tuple(
  fc.constantFrom('filter', 'sort', 'with', 'page', 'pageSize', 'siloPageSize', 'ids'),
  fc.array(anyArgument, { maxLength: 3 }),
)

/** An id a caller means to pass, mostly, and now and then anything. */
const mostlyId = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<unknown>('mhmov-gladiator', 'mhsss-the-wire', 'mhric-brad-pitt') },
  { weight: 1, arbitrary: anyArgument },
)

/** How a query starts: an endpoint, and the arguments of its entry point (blueprints from silo helpers). */
const anyStart = fc.oneof(
  fc.constant(() => hql.explore()),
  fc
    .array(mostlyId, { minLength: 1, maxLength: 3 })
    .map((args) => () => (hql as unknown as Untyped).relate!(...args)),
  fc
    .array(mostlyId, { minLength: 1, maxLength: 3 })
    .map((args) => () => (hql as unknown as Untyped).lookup!(...args)),
  fc
    .array(fc.tuple(fc.constantFrom(...siloHelpers), anyOptions), { minLength: 1, maxLength: 3 })
    .map(
      (blueprints) => () =>
        (hql as unknown as Untyped).silos!(
          ...blueprints.map(([helper, options]) => (silo as unknown as Untyped)[helper]!(options)),
        ),
    ),
)

/** `run()`, or undefined where it throws an HqlError; anything else it throws fails the test. */
function attempt<T>(run: () => T): T | undefined {
  try {
    return run()
  } catch (error) {
    if (!(error instanceof HqlError)) throw error
    return undefined
  }
}

describe('the builder from JavaScript, with any arguments', () => {
  it('refuses a call with an HqlError, or makes a query whose body the JSON Schema, fromJSON and printQuery take', () => {
    let queries = 0
    fc.assert(
      fc.property(anyStart, fc.array(anyCall, { maxLength: 6 }), (start, calls) => {
        let query = attempt(start) as Query | undefined
        if (query === undefined) return
        for (const [method, args] of calls) {
          const before: Query = query
          const next = attempt(() => (before as unknown as Untyped)[method]!(...args) as Query)
          if (next !== undefined) query = next
        }
        queries++
        const request = compile(query)
        const json = JSON.parse(JSON.stringify(request)) as typeof request
        expect(validRequest(json), `${ajv.errorsText(validRequest.errors)}\n${JSON.stringify(json)}`).toBe(
          true,
        )
        const again = fromJSON(query.endpoint, json.body)
        expect(compile(again)).toEqual(json)
        expect(compile(parseQuery(printQuery(again)))).toEqual(json)
      }),
      { numRuns: 1500 },
    )
    // Not a property that holds by refusing everything: most runs end in a query.
    expect(queries).toBeGreaterThan(750)
  })

  it('refuses each mistake issue 27 names at its call', () => {
    const untyped = hql as unknown as Record<string, (...args: unknown[]) => Untyped>
    const refused = (run: () => unknown) => {
      try {
        run()
      } catch (error) {
        expect(error).toBeInstanceOf(HqlError)
        return (error as HqlError).code
      }
      return 'taken'
    }
    expect(refused(() => untyped.explore!().sort!(releaseDate))).toBe('invalid_sort')
    expect(refused(() => (silo as unknown as Untyped).graphLens!({ positions: [0], name: 'x' }))).toBe(
      'unknown_key',
    )
    // A filter, a sort or a component written by hand, even a valid one: the methods take what the helpers made,
    // each checked there (src/model/query/made.ts); one kind of value is not taken for another.
    expect(
      refused(() => untyped.lookup!('mhmov-a').with!({ request: { name: 'primaryImage', size: 1 } })),
    ).toBe('invalid_request')
    expect(refused(() => untyped.lookup!('mhmov-a').with!({ request: { name: 'primaryImage' } }))).toBe(
      'invalid_request',
    )
    expect(refused(() => untyped.explore!().sort!({ type: 'random' }))).toBe('invalid_sort')
    expect(refused(() => untyped.explore!().sort!(traits.eq('mhgnr-a')))).toBe('invalid_sort')
    expect(
      refused(() => untyped.explore!().filter!({ filter: 'traits', operator: { $eq: 'mhgnr-a' } })),
    ).toBe('invalid_request')
    expect(refused(() => untyped.explore!().filter!(random()))).toBe('invalid_request')
    expect(refused(() => untyped.explore!().with!(random()))).toBe('invalid_request')
    // The helpers check what they are given, at the call: a JavaScript caller's type name or id.
    const untypedReturnType = returnType as unknown as Untyped
    expect(refused(() => untypedReturnType.eq!('Film'))).toBe('unknown_type')
    expect(refused(() => (traits as unknown as Untyped).in!())).toBe('invalid_operator')
    expect(refused(() => (idsOrder as unknown as (...ids: unknown[]) => unknown)('zzz'))).toBe('invalid_id')
    // A blueprint written by hand, even a valid one: silos() takes what the silo helpers made, each checked there.
    expect(refused(() => untyped.silos!({ blueprint: { type: 'Explore', extra: 1 } }))).toBe(
      'invalid_request',
    )
    expect(refused(() => untyped.silos!({ blueprint: { type: 'Explore' } }))).toBe('invalid_request')
  })
})
