import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createQueryEngine } from 'hql/service'
import {
  appliesToAny,
  browsableTypes,
  componentCatalogue,
  componentNames,
  recommendedTypes,
  returnTypeNames,
  typesOfIds,
  responseCheckOfBody,
  type ComponentEntry,
  type ComponentRequest,
  type EndpointName,
  type ObjectTypeName,
} from '../../src/model/core'

// The reference service keeps what each query promises: generated queries over the sample catalog, answered
// by the service's engine for a user's token and for a token without a user, and every answer checked with
// the client's per-query check (src/model/response/query-check).

const engine = createQueryEngine()
// Every kind of object the catalog holds, the newer ones too: an episode, a season, a group and a fictional
// contributor.
const ids = [
  'mhmov-gladiator',
  'mhric-russell-crowe',
  'mhcol-best-of-the-1990s',
  'mhsrc-netflix',
  'mhgnr-drama',
  'mhals-current-user',
  'mhsep-game-of-thrones-s01e01-winter-is-coming',
  'mhssn-game-of-thrones-season-1',
  'mhrgc-the-who',
  'mhfic-kermit-the-frog',
]

function componentsFor(types: readonly ObjectTypeName[], depth: number): fc.Arbitrary<ComponentRequest[]> {
  const names = componentNames.filter((name) => appliesToAny(name, types))
  if (depth === 0 || names.length === 0) return fc.constant([])
  return fc.uniqueArray(fc.constantFrom(...names), { maxLength: 3 }).chain((chosen) =>
    fc.tuple(
      ...chosen.map((name) => {
        const entry: ComponentEntry = componentCatalogue[name]
        if (entry.shape === 'primitive') return fc.constant<ComponentRequest>({ name })
        return componentsFor(entry.of ?? browsableTypes, depth - 1).map((components): ComponentRequest =>
          components.length > 0 ? { name, pageSize: 2, components } : { name, pageSize: 2 },
        )
      }),
    ),
  )
}

const query = fc
  .tuple(
    fc.constantFrom<EndpointName>('explore', 'relate', 'silos', 'lookup'),
    // What returnType can name (OtherMedia, browsable, is no type name of the service's).
    fc.option(fc.uniqueArray(fc.constantFrom(...returnTypeNames), { minLength: 1, maxLength: 2 })),
    fc.subarray(ids, { minLength: 1, maxLength: 3 }),
    // A silos blueprint's own returnType, which overrides the global one for its silo (SERVICE-SPEC.md).
    fc.option(fc.uniqueArray(fc.constantFrom(...returnTypeNames), { minLength: 1, maxLength: 2 })),
  )
  .chain(([endpoint, narrowed, chosenIds, own]) => {
    const global = narrowed ?? (endpoint === 'explore' ? browsableTypes : recommendedTypes)
    // Components are requested on what the query returns: its ids' types, its returnType's (and a blueprint's),
    // or the endpoint's.
    const returned =
      endpoint === 'lookup'
        ? typesOfIds(chosenIds)
        : endpoint === 'silos' && own
          ? [...new Set([...global, ...own])]
          : global
    return componentsFor(returned, 3).map((components) => {
      const filtersOf = (types: readonly string[] | null) =>
        types === null ? {} : { returnType: types.length === 1 ? { $eq: types[0] } : { $in: types } }
      const filters = filtersOf(narrowed)
      const parts = { ...(components.length > 0 ? { components } : {}), pageSize: 3 }
      const bodies: Record<EndpointName, Record<string, unknown>> = {
        explore: { filters, ...parts },
        relate: { factors: [{ id: 'mhmov-gladiator' }], filters, ...parts },
        silos: {
          blueprints: [{ type: 'Explore', ...(own ? { filters: filtersOf(own) } : {}) }, { type: 'Explore' }],
          filters,
          ...parts,
          siloPageSize: 2,
        },
        lookup: { ids: chosenIds, ...parts },
      }
      return { endpoint, body: bodies[endpoint] }
    })
  })

describe('the reference service keeps what each query promises (property)', () => {
  it('answers every query it accepts with a response its per-query check passes', () => {
    let answered = 0
    fc.assert(
      fc.property(query, fc.constantFrom<string | null>('demo', null), ({ endpoint, body }, user) => {
        const answer = engine.answer(endpoint, body, user === null ? { username: null } : {})
        if (answer.status !== 200) return
        answered++
        const result = responseCheckOfBody(endpoint, body).safeParse(answer.body)
        expect(result.success ? [] : result.error.issues.slice(0, 3)).toEqual([])
      }),
      { numRuns: 200 },
    )
    expect(answered).toBeGreaterThan(50)
  })

  it('knows every id it draws from: each is answered by a lookup', () => {
    for (const id of ids) expect([id, engine.answer('lookup', { ids: [id] }, {}).status]).toEqual([id, 200])
  })
})
