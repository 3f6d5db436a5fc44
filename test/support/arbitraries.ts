// fast-check arbitraries that build queries through the public builder, for the property tests of every
// door (compile, fromJSON, text, client, service).
import fc from 'fast-check'
import {
  hql,
  component,
  silo,
  returnType,
  contributors,
  contributorsOf,
  sources,
  traits,
  collections,
  releaseDate,
  byName,
  popularity,
  collectionOrder,
  likeOrder,
  followOrder,
  random,
  idsOrder,
  componentNames,
  returnTypeNames,
} from 'hql'
import { componentCatalogue, traitPrefixes, typePrefixes, mediaTypeNames } from '../../src/schemas'
import type { ReturnTypeName, ComponentSpec, FilterSpec, ObjectTypeName, Query, BlueprintSpec } from 'hql'
import type { Sort, ComponentEntry } from '../../src/schemas'

const slug = fc.stringMatching(/^[a-z0-9]{1,6}(-[a-z0-9]{1,6}){0,2}$/)
const alnum39 = fc.stringMatching(/^[A-Za-z0-9]{39}$/)
const prefixed = (prefixes: readonly string[]) =>
  fc
    .tuple(
      fc.constantFrom(...prefixes),
      fc.oneof(
        slug.map((s) => `-${s}`),
        alnum39,
      ),
    )
    .map(([p, rest]) => p + rest)

export const idOf = {
  Movie: prefixed(['mhmov']),
  ShowSeries: prefixed(['mhsss']),
  Contributor: prefixed(typePrefixes.Contributor),
  Source: prefixed(['mhsrc']),
  Collection: prefixed(['mhcol']),
  Trait: prefixed(traitPrefixes),
  User: fc.oneof(prefixed(['mhusr']), fc.constant('mhals-current-user')),
  Media: prefixed(mediaTypeNames.flatMap((type) => typePrefixes[type])),
}
const mappedSourceId = fc
  .tuple(
    fc.constantFrom('iTunes', 'Vudu', 'IMDB'),
    fc.constantFrom('Movie', 'ShowSeries', ''),
    fc.stringMatching(/^[a-z0-9]{1,9}$/),
  )
  .map(([source, type, id]) => `${source}:${type}:${id}`)

const browsable: ReturnTypeName[] = [...returnTypeNames]

type IdField = {
  eq(v: string): FilterSpec
  ne(v: string): FilterSpec
  in(...v: string[]): FilterSpec
  all(...v: string[]): FilterSpec
  or(...f: FilterSpec[]): FilterSpec
}

function idOperator(field: IdField, id: fc.Arbitrary<string>, depth: number): fc.Arbitrary<FilterSpec> {
  const leaves = [
    id.map((v) => field.eq(v)),
    id.map((v) => field.ne(v)),
    fc.array(id, { minLength: 1, maxLength: 3 }).map((v) => field.in(...v)),
    fc.array(id, { minLength: 1, maxLength: 3 }).map((v) => field.all(...v)),
  ]
  if (depth <= 0) return fc.oneof(...leaves)
  return fc.oneof(
    ...leaves,
    fc.array(idOperator(field, id, depth - 1), { minLength: 1, maxLength: 3 }).map((f) => field.or(...f)),
  )
}

const idFilters: fc.Arbitrary<FilterSpec>[] = [
  idOperator(contributors as unknown as IdField, idOf.Contributor, 2),
  idOperator(contributorsOf as unknown as IdField, idOf.Media, 1),
  idOperator(sources as unknown as IdField, idOf.Source, 1),
  idOperator(traits as unknown as IdField, idOf.Trait, 2),
  idOperator(collections as unknown as IdField, idOf.Collection, 1),
]

/** A returnType filter and the types it lets through. */
const returnTypeFilter: fc.Arbitrary<{ spec: FilterSpec; types: ObjectTypeName[] }> = fc.oneof(
  fc.constantFrom(...browsable).map((t) => ({ spec: returnType.eq(t) as FilterSpec, types: [t] })),
  fc.uniqueArray(fc.constantFrom(...browsable), { minLength: 1, maxLength: 3 }).map((ts) => ({
    spec: returnType.in(...ts) as FilterSpec,
    types: ts,
  })),
)

/** Filters: maybe a returnType, and a few distinct id filters. */
export const filters = fc
  .tuple(fc.option(returnTypeFilter, { nil: undefined }), fc.subarray(idFilters, { maxLength: 3 }))
  .chain(([rt, chosen]) =>
    fc.tuple(...chosen).map((specs) => ({ specs: rt ? [rt.spec, ...specs] : specs, types: rt?.types })),
  )

/** A component tree valid for `types`, up to `depth` levels. */
export function componentsFor(
  types: readonly ObjectTypeName[],
  depth: number,
): fc.Arbitrary<ComponentSpec[]> {
  const applicable = componentNames.filter((name) =>
    (componentCatalogue[name] as ComponentEntry).appliesTo.some((t) => types.includes(t)),
  )
  if (applicable.length === 0) return fc.constant([])
  return fc.uniqueArray(fc.constantFrom(...applicable), { maxLength: 3 }).chain((names) =>
    names.length === 0
      ? fc.constant([])
      : fc.tuple(
          ...names.map((name) => {
            const entry: ComponentEntry = componentCatalogue[name]
            const nested = entry.of && depth > 0 ? componentsFor(entry.of, depth - 1) : fc.constant([])
            const size =
              entry.shape === 'list'
                ? fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined })
                : fc.constant(undefined)
            return fc.tuple(nested, size).map(([children, pageSize]) => {
              type Spec = ComponentSpec & { pageSize(size: number): Spec }
              const ref = component(name) as unknown as Spec & ((...c: ComponentSpec[]) => Spec)
              const withChildren = children.length > 0 ? ref(...children) : ref
              return pageSize === undefined ? withChildren : withChildren.pageSize(pageSize)
            })
          }),
        ),
  )
}

export const sorts: fc.Arbitrary<Sort[]> = fc.array(
  fc.oneof(
    fc
      .constantFrom(releaseDate, byName, popularity, collectionOrder, likeOrder, followOrder)
      .chain((key) => fc.constantFrom(key.asc(), key.desc())),
    fc.constant(random()),
    fc
      .array(idOf.Movie, { minLength: 1, maxLength: 3 })
      .map((ids) => idsOrder(...(ids as [`mhmov${string}`]))),
  ),
  { maxLength: 3 },
)

const paging = fc.record({
  page: fc.option(fc.nat({ max: 1000 }), { nil: undefined }),
  pageSize: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
})

type Pageable = { page(n: number): Pageable; pageSize(n: number): Pageable }
const applyPaging = <Q>(q: Q, p: { page: number | undefined; pageSize: number | undefined }): Q => {
  let out = q as unknown as Pageable
  if (p.page !== undefined) out = out.page(p.page)
  if (p.pageSize !== undefined) out = out.pageSize(p.pageSize)
  return out as unknown as Q
}

export const exploreQuery: fc.Arbitrary<Query> = filters.chain(({ specs, types }) =>
  fc.tuple(sorts, componentsFor(types ?? browsable, 2), paging).map(([sortKeys, comps, page]) => {
    let q = hql.explore().filter(...specs)
    if (sortKeys.length > 0) q = q.sort(...sortKeys)
    if (comps.length > 0) q = (q.with as (...c: ComponentSpec[]) => typeof q)(...comps)
    return applyPaging(q, page)
  }),
)

const factor = fc.oneof(
  fc.oneof(idOf.Movie, idOf.Contributor, idOf.User),
  fc.record(
    {
      id: fc.oneof(idOf.Movie, idOf.ShowSeries, idOf.Contributor, idOf.User),
      weight: fc.double({ min: 0, max: 10, noNaN: true, noDefaultInfinity: true }),
      boostOnly: fc.boolean(),
    },
    { requiredKeys: ['id'] },
  ),
)

export const relateQuery: fc.Arbitrary<Query> = fc
  .tuple(fc.array(factor, { minLength: 1, maxLength: 4 }), filters)
  .chain(([factors, { specs, types }]) =>
    fc.tuple(componentsFor(types ?? ['Movie', 'ShowSeries'], 2), paging).map(([comps, page]) => {
      let q = (hql.relate as (...f: unknown[]) => ReturnType<typeof hql.relate>)(...factors).filter(...specs)
      if (comps.length > 0) q = (q.with as (...c: ComponentSpec[]) => typeof q)(...comps)
      return applyPaging(q, page)
    }),
  )

const lookupTypes = ['Movie', 'ShowSeries', 'Contributor', 'Source', 'Collection', 'Trait', 'User'] as const
export const lookupQuery: fc.Arbitrary<Query> = fc.constantFrom(...lookupTypes).chain((type) =>
  fc
    .tuple(
      fc.array(
        fc.oneof(
          idOf[type],
          ...(type === 'Movie' ? [mappedSourceId.filter((m) => m.includes(':Movie:'))] : []),
        ),
        { minLength: 1, maxLength: 4 },
      ),
      componentsFor([type], 2),
      paging,
    )
    .map(([ids, comps, page]) => {
      let q = hql.lookup(...(ids as [string, ...string[]]))
      if (comps.length > 0) q = (q.with as (...c: ComponentSpec[]) => typeof q)(...comps)
      return applyPaging(q, page)
    }),
)

const placement = fc.oneof(
  fc.constant({}),
  fc.record({ positions: fc.array(fc.nat({ max: 20 }), { minLength: 1, maxLength: 3 }) }),
  fc.record({ probability: fc.double({ min: 0, max: 1, noNaN: true }) }),
)
const title = fc.option(fc.string({ maxLength: 20 }), { nil: undefined })
const blueprint: fc.Arbitrary<BlueprintSpec> = fc
  .tuple(placement, fc.option(filters, { nil: undefined }), title)
  .chain(([place, f, name]) => {
    const options = { ...place, ...(f ? { filters: f.specs } : {}) }
    const named = name === undefined ? {} : { name }
    const generated = name === undefined ? {} : { nameGenerator: name }
    return fc.oneof(
      fc.constant(silo.recommendedForYou({ ...options, ...named })),
      fc.constant(silo.explore({ ...options, ...named })),
      fc.constant(silo.basedOnItem({ ...options, ...generated })),
      fc.constant(silo.graphLens(options)),
      fc.constant(silo.exploreGraphLens({ ...options, ...generated })),
      fc
        .array(idOf.Movie, { minLength: 1, maxLength: 3 })
        .map((ids) => silo.content({ ...options, ...named, ids: ids as [`mhmov${string}`] })),
      idOf.Collection.map((id) => silo.collection({ ...options, ...named, id: id as `mhcol${string}` })),
    )
  })

export const silosQuery: fc.Arbitrary<Query> = fc
  .tuple(
    fc.array(blueprint, { minLength: 1, maxLength: 4 }),
    fc.array(idOf.Movie, { maxLength: 3 }),
    filters,
    paging,
    fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
  )
  .chain(([blueprints, ids, { specs, types }, page, siloSize]) =>
    componentsFor(types ?? ['Movie', 'ShowSeries'], 1).map((comps) => {
      let q = hql.silos(...(blueprints as [BlueprintSpec])).filter(...specs)
      if (ids.length > 0) q = q.ids(...(ids as `mhmov${string}`[]))
      if (comps.length > 0) q = (q.with as (...c: ComponentSpec[]) => typeof q)(...comps)
      if (siloSize !== undefined) q = q.siloPageSize(siloSize)
      return applyPaging(q, { page: undefined, pageSize: page.pageSize }) // silos take no page
    }),
  )

/** Any query of any endpoint. */
export const anyQuery: fc.Arbitrary<Query> = fc.oneof(exploreQuery, relateQuery, lookupQuery, silosQuery)
