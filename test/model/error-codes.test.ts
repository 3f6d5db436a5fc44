// One error vocabulary (issue 10): each mistake sent through every door that can express it (the builder,
// fromJSON and the text language) gets the same code, and that code is declared in `errorCodes`.
import { describe, expect, it } from 'vitest'
import {
  HqlError,
  allSubscriptions,
  component,
  contributions,
  contributorsOf,
  fromJSON,
  hql,
  keyContributors,
  parseQuery,
  primaryImage,
  returnType,
  silo,
  traits,
} from 'hql'
import type { ComponentSpec, FilterSpec } from 'hql'
import { errorCodes } from '../../src/model/error-codes'
import type { HqlErrorCode } from '../../src/model'
import { caught } from '../support/caught'

type Door = 'builder' | 'fromJSON' | 'text'

interface Mistake {
  readonly code: HqlErrorCode
  /** Each door that can express the mistake; a door left out cannot (a type or the grammar prevents it). */
  readonly doors: Partial<Record<Door, () => unknown>>
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `mhmov-${i}`)
const quoted = (list: readonly string[]) => list.map((id) => `"${id}"`).join(', ')
// Untyped calls: these mistakes are type errors, and the runtime checks are what is tested here.
const untypedFilter = (filter: string, operator: unknown) => ({ filter, operator }) as unknown as FilterSpec
interface UntypedQuery {
  filter(...filters: unknown[]): UntypedQuery
  with(...components: unknown[]): UntypedQuery
}
const explore = hql.explore as () => UntypedQuery

function nested(depth: number): ComponentSpec {
  let spec: ComponentSpec = primaryImage
  for (let i = 0; i < depth; i++)
    spec = keyContributors(contributions(spec as never) as never) as ComponentSpec
  return spec
}
function nestedJson(depth: number): unknown {
  let json: unknown = { name: 'primaryImage' }
  for (let i = 0; i < depth; i++)
    json = { name: 'keyContributors', components: [{ name: 'contributions', components: [json] }] }
  return json
}
function nestedText(depth: number): string {
  let text = 'primaryImage'
  for (let i = 0; i < depth; i++) text = `keyContributors { contributions { ${text} } }`
  return text
}

// The builder cannot express an unknown sort or blueprint type (sorts and blueprints are made by typed helpers),
// nor the text a malformed operator or a key of another endpoint (the grammar has no way to write them).
const mistakes: Record<string, Mistake> = {
  'an unknown filter': {
    code: 'unknown_filter',
    doors: {
      builder: () => hql.explore().filter(untypedFilter('traitz', { $eq: 'mhgnr-a' })),
      fromJSON: () => fromJSON('explore', { filters: { traitz: { $eq: 'mhgnr-a' } } }),
      text: () => parseQuery('explore where traitz = "mhgnr-a"'),
    },
  },
  'an unknown filter in a blueprint': {
    code: 'unknown_filter',
    doors: {
      builder: () => silo.explore({ filters: [untypedFilter('traitz', { $eq: 'mhgnr-a' })] }),
      fromJSON: () =>
        fromJSON('silos', { blueprints: [{ type: 'Explore', filters: { traitz: { $eq: 'mhgnr-a' } } }] }),
      text: () => parseQuery('silos silo Explore where traitz = "mhgnr-a"'),
    },
  },
  'a filter named __proto__': {
    code: 'unknown_filter',
    doors: {
      builder: () => hql.explore().filter(untypedFilter('__proto__', { $eq: 'mhgnr-a' })),
      fromJSON: () => fromJSON('explore', JSON.parse('{"filters":{"__proto__":{"$eq":"mhgnr-a"}}}')),
      text: () => parseQuery('explore where __proto__ = "mhgnr-a"'),
    },
  },
  'a filter set twice': {
    code: 'duplicate_filter',
    doors: {
      builder: () => hql.explore().filter(traits.eq('mhgnr-a'), traits.eq('mhgnr-b')),
      text: () => parseQuery('explore where traits = "mhgnr-a" and traits = "mhgnr-b"'),
    },
  },
  'a filter without an operator': {
    code: 'invalid_operator',
    doors: {
      builder: () => hql.explore().filter(untypedFilter('traits', { $eqq: 'mhgnr-a' })),
      fromJSON: () => fromJSON('explore', { filters: { traits: { $eqq: 'mhgnr-a' } } }),
    },
  },
  'an empty operator list': {
    code: 'invalid_operator',
    doors: {
      builder: () => hql.explore().filter(untypedFilter('traits', { $in: [] })),
      fromJSON: () => fromJSON('explore', { filters: { traits: { $in: [] } } }),
      text: () => parseQuery('explore where traits in []'),
    },
  },
  'a malformed operator inside an $or': {
    code: 'invalid_operator',
    doors: {
      builder: () => hql.explore().filter(untypedFilter('traits', { $or: [{ $eqq: 'mhgnr-a' }] })),
      fromJSON: () => fromJSON('explore', { filters: { traits: { $or: [{ $eqq: 'mhgnr-a' }] } } }),
    },
  },
  'an unknown type name': {
    code: 'unknown_type',
    doors: {
      builder: () => hql.explore().filter(returnType.eq('Film' as never)),
      fromJSON: () => fromJSON('explore', { filters: { returnType: { $eq: 'Film' } } }),
      text: () => parseQuery('explore where returnType = Film'),
    },
  },
  'an id of the wrong type': {
    code: 'wrong_id_prefix',
    doors: {
      builder: () => hql.explore().filter(traits.eq('mhsrc-x' as never)),
      fromJSON: () => fromJSON('explore', { filters: { traits: { $eq: 'mhsrc-x' } } }),
      text: () => parseQuery('explore where traits = "mhsrc-x"'),
    },
  },
  'a lookup id that is no id': {
    code: 'invalid_id',
    doors: {
      builder: () => hql.lookup('zzz' as never),
      fromJSON: () => fromJSON('lookup', { ids: ['zzz'] }),
      text: () => parseQuery('lookup "zzz"'),
    },
  },
  'a malformed factor': {
    code: 'invalid_factor',
    doors: {
      builder: () => hql.relate({ id: 'mhmov-a', weight: -1 }),
      fromJSON: () => fromJSON('relate', { factors: [{ id: 'mhmov-a', weight: -1 }] }),
      text: () => parseQuery('relate to "mhmov-a" weight -1'),
    },
  },
  'an unknown component': {
    code: 'unknown_component',
    doors: {
      builder: () => hql.explore().with(component('primaryImg')),
      fromJSON: () => fromJSON('explore', { filters: {}, components: [{ name: 'primaryImg' }] }),
      text: () => parseQuery('explore with primaryImg'),
    },
  },
  'a component twice at one level': {
    code: 'duplicate_component',
    doors: {
      builder: () => hql.explore().with(primaryImage, primaryImage),
      fromJSON: () =>
        fromJSON('explore', {
          filters: {},
          components: [{ name: 'primaryImage' }, { name: 'primaryImage' }],
        }),
      text: () => parseQuery('explore with primaryImage, primaryImage'),
    },
  },
  'a component on a type that lacks it': {
    code: 'component_not_applicable',
    doors: {
      builder: () => explore().filter(returnType.eq('Movie')).with(allSubscriptions),
      fromJSON: () =>
        fromJSON('explore', {
          filters: { returnType: { $eq: 'Movie' } },
          components: [{ name: 'allSubscriptions' }],
        }),
      text: () => parseQuery('explore Movie with allSubscriptions'),
    },
  },
  'a page size on a component that is not a list': {
    code: 'invalid_page_size',
    doors: {
      builder: () => hql.explore().with({ request: { name: 'primaryImage', pageSize: 3 } } as ComponentSpec),
      fromJSON: () =>
        fromJSON('explore', { filters: {}, components: [{ name: 'primaryImage', pageSize: 3 }] }),
    },
  },
  'a negative page': {
    code: 'invalid_page',
    doors: {
      builder: () => hql.explore().page(-1),
      fromJSON: () => fromJSON('explore', { filters: {}, page: -1 }),
      text: () => parseQuery('explore page -1'),
    },
  },
  'a page on a component that is not a list': {
    code: 'invalid_page',
    doors: {
      fromJSON: () =>
        fromJSON('lookup', { ids: ['mhmov-a'], components: [{ name: 'primaryImage', page: 1 }] }),
      text: () => parseQuery('lookup "mhmov-a" with primaryImage at page 1'),
    },
  },
  'a page number on silos (the next page of silos comes from the response)': {
    code: 'silos_page',
    doors: {
      builder: () => (hql.silos(silo.explore()) as unknown as { page(n: number): unknown }).page(1),
      text: () => parseQuery('silos silo Explore page 1'),
    },
  },
  'a page size of 0': {
    code: 'invalid_page_size',
    doors: {
      builder: () => hql.explore().pageSize(0),
      fromJSON: () => fromJSON('explore', { filters: {}, pageSize: 0 }),
      text: () => parseQuery('explore page size 0'),
    },
  },
  'an unknown sort': {
    code: 'unknown_sort',
    doors: {
      fromJSON: () => fromJSON('explore', { filters: {}, sort: [{ type: 'nope' }] }),
      text: () => parseQuery('explore order by nope'),
    },
  },
  'an unknown sort property': {
    code: 'unknown_sort',
    doors: {
      fromJSON: () => fromJSON('explore', { filters: {}, sort: [{ type: 'property', property: 'nope' }] }),
    },
  },
  'idsOrder without ids': {
    code: 'invalid_sort',
    doors: {
      fromJSON: () => fromJSON('explore', { filters: {}, sort: [{ type: 'idsOrder' }] }),
      text: () => parseQuery('explore order by idsOrder'),
    },
  },
  'an unknown blueprint type': {
    code: 'unknown_blueprint',
    doors: {
      fromJSON: () => fromJSON('silos', { blueprints: [{ type: 'Nope' }] }),
      text: () => parseQuery('silos silo Nope'),
    },
  },
  'positions with a probability': {
    code: 'positions_with_probability',
    doors: {
      builder: () => hql.silos(silo.explore({ positions: [0], probability: 0.5 } as never)),
      fromJSON: () =>
        fromJSON('silos', { blueprints: [{ type: 'Explore', positions: [0], probability: 0.5 }] }),
      text: () => parseQuery('silos silo Explore at [1] probability 0.5'),
    },
  },
  'a key the endpoint does not take': {
    code: 'unknown_key',
    doors: {
      builder: () => (hql.lookup('mhmov-a') as unknown as UntypedQuery).filter(traits.eq('mhgnr-a')),
      fromJSON: () => fromJSON('lookup', { ids: ['mhmov-a'], filters: { traits: { $eq: 'mhgnr-a' } } }),
    },
  },
  'components nested too deep': {
    code: 'too_deep',
    doors: {
      builder: () => hql.explore().with(nested(12)),
      fromJSON: () => fromJSON('explore', { filters: {}, components: [nestedJson(12)] }),
      text: () => parseQuery(`explore with ${nestedText(12)}`),
    },
  },
  'too many ids': {
    code: 'too_many_ids',
    doors: {
      builder: () => hql.lookup(...(ids(1001) as [string])),
      fromJSON: () => fromJSON('lookup', { ids: ids(1001) }),
      text: () => parseQuery(`lookup ${quoted(ids(1001))}`),
    },
  },
  'too many values': {
    code: 'too_many_values',
    doors: {
      builder: () => hql.explore().filter(contributorsOf.in(...(ids(1001) as ['mhmov-0']))),
      fromJSON: () => fromJSON('explore', { filters: { contributorsOf: { $in: ids(1001) } } }),
      text: () => parseQuery(`explore where contributorsOf in [${quoted(ids(1001))}]`),
    },
  },
  'too many factors': {
    code: 'too_many_factors',
    doors: {
      builder: () => hql.relate(...(ids(101) as [string])),
      fromJSON: () => fromJSON('relate', { factors: ids(101) }),
      text: () => parseQuery(`relate to ${quoted(ids(101))}`),
    },
  },
  'too many blueprints': {
    code: 'too_many_blueprints',
    doors: {
      builder: () => hql.silos(...(Array(51).fill(silo.graphLens()) as [ReturnType<typeof silo.graphLens>])),
      fromJSON: () => fromJSON('silos', { blueprints: Array(51).fill({ type: 'GraphLens' }) }),
      text: () => parseQuery(`silos ${Array(51).fill('silo GraphLens').join(' ')}`),
    },
  },
  'too many components at one level': {
    code: 'too_many_components',
    doors: {
      builder: () => hql.explore().with(...Array<ComponentSpec>(33).fill(primaryImage)),
      fromJSON: () =>
        fromJSON('explore', { filters: {}, components: Array(33).fill({ name: 'primaryImage' }) }),
      text: () => parseQuery(`explore with ${Array(33).fill('primaryImage').join(', ')}`),
    },
  },
  'a blueprint parameter set twice': {
    code: 'duplicate_parameter',
    doors: { text: () => parseQuery('silos silo Explore(name: "a", name: "b")') },
  },
  'a query parameter declared twice': {
    code: 'duplicate_parameter',
    doors: {
      text: () =>
        parseQuery('query q($t: TraitId, $t: TraitId) explore where traits = $t', {
          params: { t: 'mhgnr-a' },
        }),
    },
  },
  'no factors': {
    code: 'invalid_request',
    doors: {
      builder: () => (hql.relate as (...f: unknown[]) => unknown)(),
      fromJSON: () => fromJSON('relate', { factors: [] }),
    },
  },
}

describe('one error vocabulary', () => {
  describe.each(Object.entries(mistakes))('%s', (_, { code, doors }) => {
    it.each(Object.entries(doors))(`is ${code} from the %s`, (_door, run) => {
      const error = caught(run)
      expect(error).toBeInstanceOf(HqlError)
      expect(error.code).toBe(code)
    })
  })

  it('covers every code of a request', () => {
    // A request code that no mistake above covers would escape the comparison: keep the table whole.
    const covered = new Set(Object.values(mistakes).map((mistake) => mistake.code))
    const requestCodes = Object.entries(errorCodes)
      .filter(([, entry]) => entry.source === 'request')
      .map(([code]) => code)
    const untested = ['invalid_endpoint', 'not_a_query', 'too_many_nodes']
    expect(
      requestCodes.filter((code) => !covered.has(code as HqlErrorCode) && !untested.includes(code)),
    ).toEqual([])
  })
})

describe('HqlError', () => {
  it('keeps code, reason and path apart, and composes its message from them', () => {
    const error = caught(() => fromJSON('explore', { filters: { traitz: { $eq: 'mhgnr-a' } } }))
    expect(error).toMatchObject({
      code: 'unknown_filter',
      reason: "unknown key 'traitz'",
      path: ['filters', 'traitz'],
      message: "$.filters.traitz: unknown key 'traitz'",
    })
    expect(new HqlError('invalid_request', 'at the root').message).toBe('at the root')
  })

  it('in text, puts the line and column where the path was, and keeps the reason', () => {
    const error = caught(() => parseQuery('explore\n  with primaryImg'))
    expect(error).toMatchObject({
      code: 'unknown_component',
      reason: "unknown component 'primaryImg'; did you mean 'primaryImage'?",
      path: ['components', 0, 'name'],
      line: 2,
      column: 8,
      message: "<query>:2:8: unknown component 'primaryImg'; did you mean 'primaryImage'?",
    })
  })
})
