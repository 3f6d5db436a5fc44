// One error vocabulary (issue 10), one rule behind each mistake (issue 27): each mistake sent through every door
// that can express it (the builder called from JavaScript without types, fromJSON and the text language) gets the
// same code, the same path and the same message (text adds the line and column), and that code is declared in
// `errorCodes`. Each door reads the mistake's rule from src/model/request, so none words it on its own.
import { describe, expect, it } from 'vitest'
import {
  HqlError,
  HqlTextError,
  component,
  contributions,
  contributorsOf,
  idsOrder,
  fromJSON,
  hql,
  keyContributors,
  parseQuery,
  primaryImage,
  releaseDate,
  returnType,
  silo,
  traits,
} from 'hql'
import type { ComponentSpec, JsonPath } from 'hql'
import type { ListComponentSpec } from 'hql/types'
import { errorCodes } from '../../src/model/error-codes'
import type { HqlErrorCode } from '../../src/model'
import { caught } from '../support/caught'

type Door = 'builder' | 'fromJSON' | 'text'

interface Mistake {
  readonly code: HqlErrorCode
  /** Where the mistake is in the body. */
  readonly path: JsonPath
  /**
   * Where the builder says it is, when the call that refuses it sees less than a body: a blueprint helper sees its
   * blueprint, not the silos around it.
   */
  readonly builderPath?: JsonPath
  /** The message, where the test pins it (every door gives the same either way). */
  readonly reason?: string
  /** Each door that can express the mistake; a door left out cannot (a type or the grammar prevents it). */
  readonly doors: Partial<Record<Door, () => unknown>>
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `mhmov-${i}`)
const quoted = (list: readonly string[]) => list.map((id) => `"${id}"`).join(', ')

/** The builder as a JavaScript caller without types sees it: every argument is `unknown`. */
interface Untyped {
  filter(...filters: unknown[]): Untyped
  with(...components: unknown[]): Untyped
  sort(...sorts: unknown[]): Untyped
  page(page: unknown): Untyped
  pageSize(size: unknown): Untyped
}
const js = hql as unknown as {
  explore(): Untyped
  relate(...factors: unknown[]): Untyped
  lookup(...ids: unknown[]): Untyped
  silos(...blueprints: unknown[]): Untyped
}
const jsSilo = silo as unknown as Record<keyof typeof silo, (options?: unknown) => unknown>
const filter = (name: unknown, operator: unknown) => ({ filter: name, operator })
/** The filter helpers as a JavaScript caller without types sees them. */
const jsFilter = { traits, returnType, contributorsOf } as unknown as Record<
  'traits' | 'returnType' | 'contributorsOf',
  Record<'eq' | 'in' | 'or', (...values: unknown[]) => unknown>
>

/** A component tree `depth` levels deep (two per step: a contributor's contributions, their key contributors). */
function nested(steps: number): ComponentSpec {
  let spec: ComponentSpec = primaryImage
  for (let i = 0; i < steps; i++)
    spec = keyContributors(contributions(spec as never) as never) as ComponentSpec
  return spec
}
function nestedJson(steps: number): unknown {
  let json: unknown = { name: 'primaryImage' }
  for (let i = 0; i < steps; i++)
    json = { name: 'keyContributors', components: [{ name: 'contributions', components: [json] }] }
  return json
}
function nestedText(steps: number): string {
  let text = 'primaryImage'
  for (let i = 0; i < steps; i++) text = `keyContributors { contributions { ${text} } }`
  return text
}

// Text cannot express a malformed operator, nor a key of another endpoint (the grammar has no way to write
// them). The builder's methods take only the filters, sorts, components and blueprints its helpers made
// (src/model/query/made.ts), and each helper checks what it is given when it is called, with the rule of its
// place: so the builder raises a mistake in a value at the helper's call (`returnType.eq('Film')`), at the path
// the value has in the body (or, for a helper that cannot know it, in its sort or blueprint: `builderPath`), and
// a value written by hand (`{ filter, operator }`, `.sort(releaseDate)`) is refused by the method, which is the
// builder's own mistake. What only a value written by hand could say (an unknown filter, sort or key, a
// malformed operator) has no builder door.
const mistakes: Record<string, Mistake> = {
  'an unknown filter, close to a name': {
    code: 'unknown_filter',
    path: ['filters', 'trait'],
    reason: "unknown filter 'trait'; did you mean 'traits'?",
    doors: {
      fromJSON: () => fromJSON('explore', { filters: { trait: { $eq: 'mhgnr-a' } } }),
      text: () => parseQuery('explore where trait = "mhgnr-a"'),
    },
  },
  'an unknown filter in a blueprint': {
    code: 'unknown_filter',
    path: ['blueprints', 0, 'filters', 'traitz'],
    doors: {
      fromJSON: () =>
        fromJSON('silos', { blueprints: [{ type: 'Explore', filters: { traitz: { $eq: 'mhgnr-a' } } }] }),
      text: () => parseQuery('silos silo Explore where traitz = "mhgnr-a"'),
    },
  },
  'a filter named __proto__': {
    code: 'unknown_filter',
    path: ['filters', '__proto__'],
    doors: {
      fromJSON: () => fromJSON('explore', JSON.parse('{"filters":{"__proto__":{"$eq":"mhgnr-a"}}}')),
      text: () => parseQuery('explore where __proto__ = "mhgnr-a"'),
    },
  },
  'a filter set twice': {
    code: 'duplicate_filter',
    path: ['filters', 'traits'],
    doors: {
      builder: () => js.explore().filter(traits.eq('mhgnr-a'), traits.eq('mhgnr-b')),
      text: () => parseQuery('explore where traits = "mhgnr-a" and traits = "mhgnr-b"'),
    },
  },
  'a filter without an operator': {
    code: 'invalid_operator',
    path: ['filters', 'traits'],
    reason: "expected exactly one operator ($eq, $ne, $in, $all or $or), got '$eqq'; did you mean '$eq'?",
    doors: {
      fromJSON: () => fromJSON('explore', { filters: { traits: { $eqq: 'mhgnr-a' } } }),
    },
  },
  'an empty operator list': {
    code: 'invalid_operator',
    path: ['filters', 'traits', '$in'],
    doors: {
      builder: () => jsFilter.traits.in(),
      fromJSON: () => fromJSON('explore', { filters: { traits: { $in: [] } } }),
      text: () => parseQuery('explore where traits in []'),
    },
  },
  'an operator list that only looks like one': {
    code: 'invalid_operator',
    path: ['filters', 'traits', '$in'],
    doors: {
      fromJSON: () => fromJSON('explore', { filters: { traits: { $in: { length: { toString: [] } } } } }),
    },
  },
  'a malformed operator inside an $or': {
    code: 'invalid_operator',
    path: ['filters', 'traits', '$or', 0],
    doors: {
      fromJSON: () => fromJSON('explore', { filters: { traits: { $or: [{ $eqq: 'mhgnr-a' }] } } }),
    },
  },
  'an unknown type name': {
    code: 'unknown_type',
    path: ['filters', 'returnType', '$eq'],
    doors: {
      builder: () => jsFilter.returnType.eq('Film'),
      fromJSON: () => fromJSON('explore', { filters: { returnType: { $eq: 'Film' } } }),
      text: () => parseQuery('explore where returnType = Film'),
    },
  },
  'a type name close to one': {
    code: 'unknown_type',
    path: ['filters', 'returnType', '$eq'],
    reason: "unknown type 'Movi'; did you mean 'Movie'?",
    doors: {
      builder: () => jsFilter.returnType.eq('Movi'),
      fromJSON: () => fromJSON('explore', { filters: { returnType: { $eq: 'Movi' } } }),
      text: () => parseQuery('explore where returnType = Movi'),
    },
  },
  'an id of the wrong type': {
    code: 'wrong_id_prefix',
    path: ['filters', 'traits', '$eq'],
    doors: {
      builder: () => jsFilter.traits.eq('mhsrc-x'),
      fromJSON: () => fromJSON('explore', { filters: { traits: { $eq: 'mhsrc-x' } } }),
      text: () => parseQuery('explore where traits = "mhsrc-x"'),
    },
  },
  'a lookup id that is no id': {
    code: 'invalid_id',
    path: ['ids', 0],
    reason: "expected an mhid, an altId, or a mapped source id (Source:Type:id), got 'zzz'",
    doors: {
      builder: () => js.lookup('zzz'),
      fromJSON: () => fromJSON('lookup', { ids: ['zzz'] }),
      text: () => parseQuery('lookup "zzz"'),
    },
  },
  "a Content blueprint's id that is no id": {
    code: 'invalid_id',
    path: ['blueprints', 0, 'params', 'ids', 0],
    builderPath: ['params', 'ids', 0],
    doors: {
      builder: () => jsSilo.content({ ids: ['zzz'] }),
      fromJSON: () => fromJSON('silos', { blueprints: [{ type: 'Content', params: { ids: ['zzz'] } }] }),
      text: () => parseQuery('silos silo Content(ids: ["zzz"])'),
    },
  },
  'a negative weight': {
    code: 'invalid_factor',
    path: ['factors', 0, 'weight'],
    reason: 'expected a weight of 0 or more, got -1',
    doors: {
      builder: () => js.relate({ id: 'mhmov-a', weight: -1 }),
      fromJSON: () => fromJSON('relate', { factors: [{ id: 'mhmov-a', weight: -1 }] }),
      text: () => parseQuery('relate to "mhmov-a" weight -1'),
    },
  },
  'a factor that is no factor': {
    code: 'invalid_factor',
    path: ['factors', 0],
    doors: {
      builder: () => js.relate(7),
      fromJSON: () => fromJSON('relate', { factors: [7] }),
    },
  },
  'an unknown component': {
    code: 'unknown_component',
    path: ['components', 0, 'name'],
    reason: "unknown component 'primaryImg'; did you mean 'primaryImage'?",
    doors: {
      builder: () => js.explore().with('primaryImg'),
      fromJSON: () => fromJSON('explore', { filters: {}, components: [{ name: 'primaryImg' }] }),
      text: () => parseQuery('explore with primaryImg'),
    },
  },
  'an unknown component by name': {
    code: 'unknown_component',
    path: ['name'],
    doors: { builder: () => component('primaryImg') },
  },
  'a component twice at one level': {
    code: 'duplicate_component',
    path: ['components', 1, 'name'],
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
    path: ['components', 0, 'name'],
    doors: {
      builder: () => js.explore().filter(returnType.eq('Movie')).with('allSubscriptions'),
      fromJSON: () =>
        fromJSON('explore', {
          filters: { returnType: { $eq: 'Movie' } },
          components: [{ name: 'allSubscriptions' }],
        }),
      text: () => parseQuery('explore Movie with allSubscriptions'),
    },
  },
  'a component request with a key it does not have': {
    code: 'unknown_key',
    path: ['components', 0, 'size'],
    reason: "unknown key 'size'; expected one of name, pageSize, page, components",
    doors: {
      fromJSON: () => fromJSON('explore', { filters: {}, components: [{ name: 'primaryImage', size: 3 }] }),
    },
  },
  'a page size on a component that is not a list': {
    code: 'invalid_page_size',
    path: ['components', 0, 'pageSize'],
    doors: {
      // The spec of any component has `pageSize` at run time; only a list's has it in its type.
      builder: () => js.explore().with((primaryImage as unknown as ListComponentSpec<'images'>).pageSize(3)),
      fromJSON: () =>
        fromJSON('explore', { filters: {}, components: [{ name: 'primaryImage', pageSize: 3 }] }),
      text: () => parseQuery('explore with primaryImage size 3'),
    },
  },
  'a negative page': {
    code: 'invalid_page',
    path: ['page'],
    reason: 'expected a page number of 0 or more (pages are zero-based), got -1',
    doors: {
      builder: () => js.explore().page(-1),
      fromJSON: () => fromJSON('explore', { filters: {}, page: -1 }),
      text: () => parseQuery('explore page -1'),
    },
  },
  'a page on a component that is not a list': {
    code: 'invalid_page',
    path: ['components', 0, 'page'],
    doors: {
      fromJSON: () =>
        fromJSON('lookup', { ids: ['mhmov-a'], components: [{ name: 'primaryImage', page: 1 }] }),
      text: () => parseQuery('lookup "mhmov-a" with primaryImage at page 1'),
    },
  },
  'a page size of 0': {
    code: 'invalid_page_size',
    path: ['pageSize'],
    reason: 'expected a positive whole number, got 0',
    doors: {
      builder: () => js.explore().pageSize(0),
      fromJSON: () => fromJSON('explore', { filters: {}, pageSize: 0 }),
      text: () => parseQuery('explore page size 0'),
    },
  },
  'a page size of 1.5': {
    code: 'invalid_page_size',
    path: ['pageSize'],
    reason: 'expected a positive whole number, got 1.5',
    doors: {
      builder: () => js.explore().pageSize(1.5),
      fromJSON: () => fromJSON('explore', { filters: {}, pageSize: 1.5 }),
      text: () => parseQuery('explore page size 1.5'),
    },
  },
  'an unknown sort': {
    code: 'unknown_sort',
    path: ['sort', 0, 'type'],
    doors: {
      fromJSON: () => fromJSON('explore', { filters: {}, sort: [{ type: 'nope' }] }),
      text: () => parseQuery('explore order by nope'),
    },
  },
  'a sort close to one': {
    code: 'unknown_sort',
    path: ['sort', 0, 'type'],
    reason: "unknown sort 'popularty'; did you mean 'popularity'?",
    doors: {
      fromJSON: () => fromJSON('explore', { filters: {}, sort: [{ type: 'popularty' }] }),
      text: () => parseQuery('explore order by popularty'),
    },
  },
  'an unknown sort property': {
    code: 'unknown_sort',
    path: ['sort', 0, 'property'],
    doors: {
      fromJSON: () => fromJSON('explore', { filters: {}, sort: [{ type: 'property', property: 'nope' }] }),
    },
  },
  'a sort key not called (`.sort(releaseDate)`)': {
    code: 'invalid_sort',
    path: ['sort', 0],
    reason: 'expected a sort made by a sort helper (releaseDate.desc(), random(), idsOrder(…), …)',
    doors: { builder: () => js.explore().sort(releaseDate) },
  },
  'a sort that is no sort': {
    code: 'invalid_sort',
    path: ['sort', 0],
    reason: 'expected a sort ({ type, order? }), got an object',
    doors: { fromJSON: () => fromJSON('explore', { filters: {}, sort: [{}] }) },
  },
  'idsOrder with an empty list': {
    code: 'invalid_sort',
    path: ['sort', 0, 'ids'],
    builderPath: ['ids'],
    reason: 'expected a list of one or more ids, got []',
    doors: {
      builder: () => (idsOrder as unknown as () => unknown)(),
      fromJSON: () => fromJSON('explore', { filters: {}, sort: [{ type: 'idsOrder', ids: [] }] }),
    },
  },
  'a filter written by hand': {
    code: 'invalid_request',
    path: ['filters'],
    reason: 'expected a filter made by a filter helper (returnType.eq(…), traits.in(…), …)',
    doors: { builder: () => js.explore().filter(filter('traits', { $eq: 'mhgnr-a' })) },
  },
  'a filter written by hand inside an $or': {
    code: 'invalid_request',
    path: ['filters', 'traits', '$or', 1],
    doors: { builder: () => jsFilter.traits.or(traits.eq('mhgnr-a'), filter('traits', { $eq: 'mhgnr-b' })) },
  },
  'a component written by hand': {
    code: 'invalid_request',
    path: ['components', 1],
    reason:
      "expected a component (primaryImage, keyContributors(…), component('name'), …) or a component's name",
    doors: { builder: () => js.explore().with(primaryImage, { request: { name: 'primaryImage' } }) },
  },
  'idsOrder without ids': {
    code: 'invalid_sort',
    path: ['sort', 0, 'ids'],
    doors: {
      fromJSON: () => fromJSON('explore', { filters: {}, sort: [{ type: 'idsOrder' }] }),
      text: () => parseQuery('explore order by idsOrder'),
    },
  },
  'ids on a sort that takes none': {
    code: 'unknown_key',
    path: ['sort', 0, 'ids'],
    doors: {
      fromJSON: () => fromJSON('explore', { filters: {}, sort: [{ type: 'popularity', ids: ['mhmov-a'] }] }),
      text: () => parseQuery('explore order by popularity ["mhmov-a"]'),
    },
  },
  'an unknown blueprint type': {
    code: 'unknown_blueprint',
    path: ['blueprints', 0, 'type'],
    reason:
      "unknown blueprint type 'Nope'; expected one of RecommendedForYou, Explore, BasedOnItem, GraphLens, ExploreGraphLens, Content, Collection",
    doors: {
      fromJSON: () => fromJSON('silos', { blueprints: [{ type: 'Nope' }] }),
      text: () => parseQuery('silos silo Nope'),
    },
  },
  'positions with a probability': {
    code: 'positions_with_probability',
    path: ['blueprints', 0, 'probability'],
    builderPath: ['probability'],
    doors: {
      builder: () => jsSilo.explore({ positions: [0], probability: 0.5 }),
      fromJSON: () =>
        fromJSON('silos', { blueprints: [{ type: 'Explore', positions: [0], probability: 0.5 }] }),
      text: () => parseQuery('silos silo Explore at [1] probability 0.5'),
    },
  },
  'a probability above 1': {
    code: 'invalid_request',
    path: ['blueprints', 0, 'probability'],
    builderPath: ['probability'],
    reason: 'expected a probability from 0 to 1, got 2',
    doors: {
      builder: () => jsSilo.explore({ probability: 2 }),
      fromJSON: () => fromJSON('silos', { blueprints: [{ type: 'Explore', probability: 2 }] }),
      text: () => parseQuery('silos silo Explore probability 2'),
    },
  },
  'a param the blueprint type does not take': {
    code: 'unknown_key',
    path: ['blueprints', 0, 'params', 'name'],
    builderPath: ['params', 'name'],
    reason: "unknown key 'name'",
    doors: {
      builder: () => jsSilo.graphLens({ positions: [0], name: 'x' }),
      fromJSON: () => fromJSON('silos', { blueprints: [{ type: 'GraphLens', params: { name: 'x' } }] }),
      text: () => parseQuery('silos silo GraphLens(name: "x")'),
    },
  },
  'a param close to one the blueprint type takes': {
    code: 'unknown_key',
    path: ['blueprints', 0, 'params', 'nameGenrator'],
    builderPath: ['params', 'nameGenrator'],
    reason: "unknown key 'nameGenrator'; did you mean 'nameGenerator'?",
    doors: {
      builder: () => jsSilo.basedOnItem({ nameGenrator: 'x' }),
      fromJSON: () =>
        fromJSON('silos', { blueprints: [{ type: 'BasedOnItem', params: { nameGenrator: 'x' } }] }),
      text: () => parseQuery('silos silo BasedOnItem(nameGenrator: "x")'),
    },
  },
  'a key the endpoint does not take': {
    code: 'unknown_key',
    path: ['filters'],
    reason: "unknown key 'filters'; expected one of ids, components, page, pageSize",
    doors: {
      builder: () => js.lookup('mhmov-a').filter(traits.eq('mhgnr-a')),
      fromJSON: () => fromJSON('lookup', { ids: ['mhmov-a'], filters: { traits: { $eq: 'mhgnr-a' } } }),
    },
  },
  'components nested too deep': {
    code: 'too_deep',
    path: ['components', 0, 'components', 0, 'components', 0, 'components', 0, 'components', 0, 'components'],
    doors: {
      builder: () => hql.explore().with(nested(3)),
      fromJSON: () => fromJSON('explore', { filters: {}, components: [nestedJson(3)] }),
      text: () => parseQuery(`explore with ${nestedText(3)}`),
    },
  },
  'operators nested deeper than a request may': {
    code: 'too_deep',
    path: ['filters', 'traits', ...Array.from({ length: 23 }, (_, i) => ['$or', 0]).flat()],
    reason: 'the request nests more than 48 levels deep',
    doors: {
      builder: () => {
        let filter = traits.eq('mhgnr-a')
        for (let i = 0; i < 30; i++) filter = traits.or(filter)
        return filter
      },
      fromJSON: () => {
        let operator: unknown = { $eq: 'mhgnr-a' }
        for (let i = 0; i < 30; i++) operator = { $or: [operator] }
        return fromJSON('explore', { filters: { traits: operator } })
      },
    },
  },
  'too many ids': {
    code: 'too_many_ids',
    path: ['ids'],
    reason: 'too many ids (1001); the limit is 1000',
    doors: {
      builder: () => js.lookup(...ids(1001)),
      fromJSON: () => fromJSON('lookup', { ids: ids(1001) }),
      text: () => parseQuery(`lookup ${quoted(ids(1001))}`),
    },
  },
  'too many values': {
    code: 'too_many_values',
    path: ['filters', 'contributorsOf', '$in'],
    doors: {
      builder: () => jsFilter.contributorsOf.in(...ids(1001)),
      fromJSON: () => fromJSON('explore', { filters: { contributorsOf: { $in: ids(1001) } } }),
      text: () => parseQuery(`explore where contributorsOf in [${quoted(ids(1001))}]`),
    },
  },
  'too many factors': {
    code: 'too_many_factors',
    path: ['factors'],
    doors: {
      builder: () => js.relate(...ids(101)),
      fromJSON: () => fromJSON('relate', { factors: ids(101) }),
      text: () => parseQuery(`relate to ${quoted(ids(101))}`),
    },
  },
  'too many blueprints': {
    code: 'too_many_blueprints',
    path: ['blueprints'],
    doors: {
      builder: () => js.silos(...Array(51).fill(silo.graphLens())),
      fromJSON: () => fromJSON('silos', { blueprints: Array(51).fill({ type: 'GraphLens' }) }),
      text: () => parseQuery(`silos ${Array(51).fill('silo GraphLens').join(' ')}`),
    },
  },
  'too many components at one level': {
    code: 'too_many_components',
    path: ['components'],
    doors: {
      builder: () => hql.explore().with(...Array<ComponentSpec>(33).fill(primaryImage)),
      fromJSON: () =>
        fromJSON('explore', { filters: {}, components: Array(33).fill({ name: 'primaryImage' }) }),
      text: () => parseQuery(`explore with ${Array(33).fill('primaryImage').join(', ')}`),
    },
  },
  'a blueprint parameter set twice': {
    code: 'duplicate_parameter',
    path: ['blueprints', 0, 'params', 'name'],
    doors: { text: () => parseQuery('silos silo Explore(name: "a", name: "b")') },
  },
  'a query parameter declared twice': {
    code: 'duplicate_parameter',
    path: [],
    doors: {
      text: () =>
        parseQuery('query q($t: TraitId, $t: TraitId) explore where traits = $t', {
          params: { t: 'mhgnr-a' },
        }),
    },
  },
  'no factors': {
    code: 'invalid_request',
    path: ['factors'],
    reason: 'expected a list of one or more factors, got []',
    doors: {
      builder: () => js.relate(),
      fromJSON: () => fromJSON('relate', { factors: [] }),
    },
  },
}

describe('one rule behind each mistake', () => {
  describe.each(Object.entries(mistakes))('%s', (_, mistake) => {
    const errors = Object.entries(mistake.doors).map(([door, run]) => [door as Door, caught(run)] as const)

    it.each(errors)(`is ${mistake.code} at its path from the %s`, (door, error) => {
      expect(error.code).toBe(mistake.code)
      expect(error.path).toEqual(door === 'builder' ? (mistake.builderPath ?? mistake.path) : mistake.path)
      if (mistake.reason !== undefined) expect(error.reason).toBe(mistake.reason)
      if (door === 'text') expect(error).toBeInstanceOf(HqlTextError)
    })

    if (errors.length > 1)
      it('reads the same from every door that can express it', () => {
        const [[, first]] = errors as unknown as [[Door, HqlError]]
        for (const [, error] of errors) expect(error.reason).toBe(first.reason)
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
      reason: "unknown filter 'traitz'; did you mean 'traits'?",
      path: ['filters', 'traitz'],
      message: "$.filters.traitz: unknown filter 'traitz'; did you mean 'traits'?",
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
