import fc from 'fast-check'
import { anyString } from '../support/any-text'
import { componentNames } from 'hql'
import { componentCatalogue } from '../../src/schemas'
import type { ComponentName, ObjectTypeName } from 'hql'

// Arbitrary request bodies that fromJSON accepts: every element of every endpoint, with strings that need
// escapes (quotes, backslashes, control characters, lone surrogates) and floats of every magnitude.

type Json = Record<string, unknown>

/** Any text: quotes, backslashes, control characters, emoji, lone surrogates. */
const anyText = fc.oneof(
  anyString({ maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom('\ud800', '\udfff', '\u0000', '\n', '\t', '"', '\\', '\u2028', '#', 'a'),
    maxLength: 8,
  }),
)
/** The slug of an altId: anything without whitespace. */
const slug = fc
  .string({
    unit: fc.constantFrom('a', 'z', '0', '-', '"', '\\', '/', 'é', '😀', '\u2028', ':', '$'),
    minLength: 1,
    maxLength: 8,
  })
  .filter((s) => !/\s/.test(s))

const idOf = (prefix: string) => slug.map((s) => `${prefix}-${s}`)
const filterIds: Record<string, fc.Arbitrary<string>> = {
  contributors: idOf('mhric'),
  contributorsOf: fc.oneof(idOf('mhmov'), idOf('mhsss')),
  sources: idOf('mhsrc'),
  traits: fc.oneof(idOf('mhgnr'), idOf('mhmod')),
  collections: idOf('mhcol'),
}
const anyId = fc.oneof(
  idOf('mhmov'),
  idOf('mhric'),
  idOf('mhsrc'),
  fc.constant('iTunes:Movie:569220589'),
  fc.constant('IMDB::tt0238380'),
)
const returnTypes: readonly ObjectTypeName[] = [
  'Movie',
  'ShowSeries',
  'Contributor',
  'Collection',
  'User',
  'Source',
  'Trait',
]

function operator(value: fc.Arbitrary<unknown>, depth: number): fc.Arbitrary<Json> {
  const list = fc.array(value, { minLength: 1, maxLength: 3 })
  const leaves = [
    value.map(($eq) => ({ $eq })),
    value.map(($ne) => ({ $ne })),
    list.map(($in) => ({ $in })),
    list.map(($all) => ({ $all })),
  ]
  if (depth <= 0) return fc.oneof(...leaves)
  return fc.oneof(
    ...leaves,
    fc.array(operator(value, depth - 1), { minLength: 1, maxLength: 3 }).map(($or) => ({ $or })),
  )
}

/** Filters other than returnType, in any subset. */
const idFilters = fc.record(
  Object.fromEntries(Object.entries(filterIds).map(([name, id]) => [name, operator(id, 2)])),
  { requiredKeys: [] },
)

function components(types: readonly ObjectTypeName[], depth: number): fc.Arbitrary<Json[]> {
  const names = componentNames.filter((name) =>
    (componentCatalogue[name].appliesTo as readonly string[]).some((t) =>
      types.includes(t as ObjectTypeName),
    ),
  )
  if (names.length === 0) return fc.constant([])
  return fc
    .uniqueArray(fc.constantFrom(...names), { maxLength: 3 })
    .chain((chosen) =>
      fc.tuple(...chosen.map((name) => component(name, depth))).map((list) => list as Json[]),
    )
}

function component(name: ComponentName, depth: number): fc.Arbitrary<Json> {
  const entry = componentCatalogue[name] as { shape: string; of?: readonly ObjectTypeName[] }
  const pageSize =
    entry.shape === 'list'
      ? fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined })
      : fc.constant(undefined)
  // A list's page: what the service's continuation of a list component asks for.
  const page =
    entry.shape === 'list' ? fc.option(fc.nat({ max: 50 }), { nil: undefined }) : fc.constant(undefined)
  const nested =
    entry.of && depth > 0
      ? fc.option(components(entry.of, depth - 1), { nil: undefined })
      : fc.constant(undefined)
  return fc.tuple(pageSize, page, nested).map(([size, n, inner]) => {
    const out: Json = { name }
    if (size !== undefined) out.pageSize = size
    if (n !== undefined) out.page = n
    if (inner !== undefined) out.components = inner
    return out
  })
}

const sortArb = fc.oneof(
  fc.record(
    {
      type: fc.constant('property'),
      property: fc.constantFrom('name', 'releaseDate'),
      order: fc.constantFrom('ascending', 'descending'),
    },
    { requiredKeys: ['type', 'property'] },
  ),
  fc.record(
    {
      type: fc.constantFrom('popularity', 'collectionOrder', 'likeOrder', 'followOrder', 'random'),
      order: fc.constantFrom('ascending', 'descending'),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('idsOrder'),
      ids: fc.array(anyId, { minLength: 1, maxLength: 3 }),
      order: fc.constantFrom('ascending', 'descending'),
    },
    { requiredKeys: ['type', 'ids'] },
  ),
)

const paging = fc.record(
  { page: fc.nat({ max: 1e6 }), pageSize: fc.integer({ min: 1, max: 1e6 }) },
  { requiredKeys: [] },
)

const weight = fc.oneof(
  fc.double({ min: 0, max: 1e300, noNaN: true }),
  fc.constantFrom(0, 0.5, 1e-7, 1.5e21, 5e-324),
)

const explore = fc
  .tuple(
    fc.option(fc.constantFrom(...returnTypes), { nil: undefined }),
    idFilters,
    fc.option(fc.array(sortArb, { maxLength: 3 }), { nil: undefined }),
    paging,
  )
  .chain(([type, filters, sort, page]) =>
    fc.option(components(type ? [type] : ['Movie', 'ShowSeries'], 2), { nil: undefined }).map((comps) => {
      const body: Json = { filters: type ? { returnType: { $eq: type }, ...filters } : filters }
      if (sort) body.sort = sort
      if (comps) body.components = comps
      return { endpoint: 'explore' as const, body: { ...body, ...page } }
    }),
  )

const factor = fc.record(
  {
    id: fc.oneof(idOf('mhmov'), idOf('mhric'), idOf('mhusr'), fc.constant('mhals-current-user')),
    weight,
    boostOnly: fc.boolean(),
  },
  { requiredKeys: ['id'] },
)

const relate = fc
  .tuple(
    fc.array(factor, { minLength: 1, maxLength: 3 }),
    fc.option(fc.tuple(fc.option(fc.constantFrom('Movie', 'ShowSeries'), { nil: undefined }), idFilters), {
      nil: undefined,
    }),
    fc.option(components(['Movie', 'ShowSeries'], 1), { nil: undefined }),
    paging,
  )
  .map(([factors, filtered, comps, page]) => {
    const body: Json = { factors }
    if (filtered) {
      const [type, filters] = filtered
      body.filters = type ? { returnType: { $eq: type }, ...filters } : filters
    }
    if (comps) body.components = comps
    return { endpoint: 'relate' as const, body: { ...body, ...page } }
  })

const lookup = fc
  .tuple(
    fc.array(idOf('mhmov'), { minLength: 1, maxLength: 3 }),
    fc.option(components(['Movie'], 2), { nil: undefined }),
    paging,
  )
  .map(([ids, comps, page]) => ({
    endpoint: 'lookup' as const,
    body: { ids, ...(comps ? { components: comps } : {}), ...page },
  }))

const placement = fc.oneof(
  fc.record({ positions: fc.array(fc.nat({ max: 50 }), { maxLength: 3 }) }),
  fc.record({ probability: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.constant({}),
)
const blueprint = fc
  .tuple(
    fc.oneof(
      fc.record(
        {
          type: fc.constantFrom('RecommendedForYou', 'Explore'),
          params: fc.record({ name: anyText }, { requiredKeys: [] }),
        },
        { requiredKeys: ['type'] },
      ),
      fc.record(
        {
          type: fc.constantFrom('BasedOnItem', 'ExploreGraphLens'),
          params: fc.record({ nameGenerator: anyText }, { requiredKeys: [] }),
        },
        { requiredKeys: ['type'] },
      ),
      fc.record({ type: fc.constant('GraphLens'), params: fc.constant({}) }, { requiredKeys: ['type'] }),
      fc.record({
        type: fc.constant('Content'),
        params: fc.record(
          { name: anyText, ids: fc.array(anyId, { minLength: 1, maxLength: 2 }) },
          { requiredKeys: ['ids'] },
        ),
      }),
      fc.record({
        type: fc.constant('Collection'),
        params: fc.record({ name: anyText, id: idOf('mhcol') }, { requiredKeys: ['id'] }),
      }),
    ),
    placement,
    fc.option(idFilters, { nil: undefined }),
  )
  .map(([base, place, filters]) => ({ ...base, ...place, ...(filters ? { filters } : {}) }))

const silos = fc
  .record(
    {
      ids: fc.array(anyId, { maxLength: 3 }),
      filters: idFilters,
      blueprints: fc.array(blueprint, { minLength: 1, maxLength: 3 }),
      components: components(['Movie', 'ShowSeries'], 1),
      // No page: text has none for silos (the page of silos is the response's next, followed as JSON).
      pageSize: fc.integer({ min: 1, max: 100 }),
      siloPageSize: fc.integer({ min: 1, max: 100 }),
    },
    { requiredKeys: ['blueprints'] },
  )
  .map((body) => ({ endpoint: 'silos' as const, body }))

/** A request of any endpoint: `{ endpoint, body }`. */
export const requestArbitrary = fc.oneof(explore, relate, lookup, silos)
