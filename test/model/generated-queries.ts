// Generated queries (as endpoint and body) with components nested up to three levels: the property tests of
// the per-query check (query-check.test.ts) and of hql/testing's responseFor build from these.
import fc from 'fast-check'
import {
  appliesToAny,
  browsableTypes,
  componentCatalogue,
  componentNames,
  returnTypeNames,
  type ComponentEntry,
  type EndpointName,
  type ObjectTypeName,
} from '../../src/model/core'
import { mhidOf, type Requested } from './promised-responses'

const endpoints: EndpointName[] = ['explore', 'relate', 'silos', 'lookup']

/** Requested components for objects of `types`, nested up to `depth` levels; `page` keys now and then. */
export function componentsFor(types: readonly ObjectTypeName[], depth: number): fc.Arbitrary<Requested[]> {
  const names = componentNames.filter((name) => appliesToAny(name, types))
  if (depth === 0 || names.length === 0) return fc.constant([])
  return fc.uniqueArray(fc.constantFrom(...names), { maxLength: 3 }).chain((chosen) =>
    fc.tuple(
      ...chosen.map((name) => {
        const entry: ComponentEntry = componentCatalogue[name]
        const nested =
          entry.shape === 'primitive' ? fc.constant([]) : componentsFor(entry.of ?? browsableTypes, depth - 1)
        return fc.tuple(nested, fc.boolean()).map(([components, paged]): Requested => ({
          name,
          ...(components.length > 0 ? { components } : {}),
          ...(paged && entry.shape === 'list' ? { pageSize: 5, page: 1 } : {}),
        }))
      }),
    ),
  )
}

export interface GeneratedQuery {
  readonly endpoint: EndpointName
  /** The types the response is built with at the top level. */
  readonly types: readonly ObjectTypeName[]
  /**
   * The types the query promises at the top level: a returnType's, a lookup's ids'; without either, every
   * browsable type (the documents do not say what relate and silos recommend then).
   */
  readonly promised: readonly ObjectTypeName[]
  readonly body: Record<string, unknown>
}

// A lookup's ids may name any type with a prefix (OtherMedia too); elsewhere only what returnType can name.
const narrowing = (endpoint: EndpointName) =>
  fc.option(
    fc.uniqueArray(fc.constantFrom(...(endpoint === 'lookup' ? browsableTypes : returnTypeNames)), {
      minLength: 1,
      maxLength: 3,
    }),
  )

export const generatedQuery: fc.Arbitrary<GeneratedQuery> = fc
  .constantFrom(...endpoints)
  .chain((endpoint) => fc.tuple(fc.constant(endpoint), narrowing(endpoint)))
  .chain(([endpoint, narrowed]) => {
    // Without a returnType every endpoint may answer any browsable type (relate and silos too: issue 28).
    const types = narrowed ?? browsableTypes
    return componentsFor(types, 3).map((components): GeneratedQuery => {
      const returned =
        narrowed === null
          ? {}
          : { filters: { returnType: narrowed.length === 1 ? { $eq: narrowed[0] } : { $in: narrowed } } }
      const withComponents = components.length > 0 ? { components } : {}
      const bodies: Record<EndpointName, Record<string, unknown>> = {
        explore: { filters: {}, ...returned, ...withComponents },
        relate: { factors: [{ id: 'mhmov-gladiator' }], ...returned, ...withComponents },
        silos: { blueprints: [{ name: 'trending' }], ...returned, ...withComponents, page: 1 },
        lookup: { ids: types.map((type, n) => mhidOf(type, n)), ...withComponents },
      }
      return { endpoint, types, promised: narrowed ?? browsableTypes, body: bodies[endpoint] }
    })
  })
