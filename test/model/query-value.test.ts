import { describe, expect, it } from 'vitest'
import {
  FiltersRule,
  IdListRule,
  canonical,
  QueryValue,
  bodyKeys,
  browsableTypes,
  checked,
  filterOperatorRules,
  MadeComponent,
  MadeFilter,
  madeByHelper,
  madeSorts,
  requestRules,
  typesOfBody,
  typesOfIds,
  typesOfReturnType,
  withRequiredFilters,
} from '../../src/model'
import type { ComponentInput, FilterInput, Rule } from '../../src/model'
import { caught } from '../support/caught'

// The query value tested directly, with model inputs (plain filter names and operators, component requests):
// no builder spec in sight. The doors' own tests (test/builder, test/compile, test/text) go through it too. The
// query takes only values recorded as made (src/model/query/made.ts): these stand-ins for the builder's helpers
// check a filter's operator by its rule, as the helpers do, and record what they make.

const filter = (name: FilterInput['filter'], operator: FilterInput['operator']): FilterInput =>
  new MadeFilter(name, checked(filterOperatorRules[name] as Rule, operator, ['filters', name]) as never)
const component = (request: ComponentInput['request']): ComponentInput => new MadeComponent(request)
const sort = <S extends object>(value: S): S => madeByHelper(madeSorts, Object.freeze(value))
const explore = () => QueryValue.of('explore', Object.freeze({ filters: Object.freeze({}) }), browsableTypes)

describe('QueryValue', () => {
  it('assembles the body in canonical key order, whatever order the calls came in', () => {
    const q = explore()
      .pageSize(10)
      .with(component({ name: 'primaryImage' }))
      .sort(sort({ type: 'popularity' }))
      .filter(filter('traits', { $eq: 'mhgnr-drama' }), filter('returnType', { $eq: 'Movie' }))
    expect(Object.keys(q.body)).toEqual(['filters', 'sort', 'components', 'pageSize'])
    expect(Object.keys((q.body as { filters: object }).filters)).toEqual(['returnType', 'traits'])
    expect(Object.isFrozen(q.body)).toBe(true)
  })

  it('leaves the value it was called on as it was', () => {
    const q = explore()
    const q2 = q.pageSize(5)
    expect(q.body).toEqual({ filters: {} })
    expect(q2.body).toEqual({ filters: {}, pageSize: 5 })
    expect(q2).not.toBe(q)
  })

  it('narrows the types with a returnType filter, and checks components already added against them', () => {
    const q = explore().filter(filter('returnType', { $in: ['Movie', 'Contributor'] }))
    expect(q.types).toEqual(['Movie', 'Contributor'])
    const withImage = explore().with(component({ name: 'keyContributors' }))
    const error = caught(() => withImage.filter(filter('returnType', { $eq: 'Contributor' })))
    expect(error.code).toBe('component_not_applicable')
    expect(error.path).toEqual(['components', 0, 'name'])
  })

  it('refuses a filter set twice, and names the path of a bad operator value', () => {
    const q = explore().filter(filter('traits', { $eq: 'mhgnr-drama' }))
    expect(caught(() => q.filter(filter('traits', { $eq: 'mhgnr-comedy' }))).code).toBe('duplicate_filter')
    const wrong = caught(() =>
      explore().filter(filter('traits', { $or: [{ $eq: 'mhgnr-drama' }, { $in: ['mhmov-gladiator'] }] })),
    )
    expect(wrong.path).toEqual(['filters', 'traits', '$or', 1, '$in', 0])
    // A filter no helper made is refused as it stands: its name is not read.
    const unknown = caught(() => explore().filter({ filter: 'genre', operator: { $eq: 'x' } } as never))
    expect(unknown.code).toBe('invalid_request')
    expect(unknown.path).toEqual(['filters'])
  })

  it('refuses a part its endpoint does not take', () => {
    const lookup = QueryValue.of('lookup', Object.freeze({ ids: Object.freeze(['mhmov-gladiator']) }), [
      'Movie',
    ])
    const error = caught(() => lookup.filter(filter('traits', { $eq: 'mhgnr-drama' })))
    expect(error.code).toBe('unknown_key')
    expect(error.path).toEqual(['filters'])
    expect(caught(() => explore().siloPageSize(3)).code).toBe('unknown_key')
  })

  it('checks ids, page numbers and component trees as they are added', () => {
    const silos = QueryValue.of(
      'silos',
      Object.freeze({ blueprints: Object.freeze([{ type: 'Explore' as const }]) }),
      ['Movie'],
      IdListRule,
    )
    expect(silos.ids('mhmov-gladiator', 'iTunes:Movie:1').body).toMatchObject({
      ids: ['mhmov-gladiator', 'iTunes:Movie:1'],
    })
    expect(caught(() => silos.ids('mhmov-a', 'not an id')).path).toEqual(['ids', 1])
    expect(caught(() => explore().page(-1)).code).toBe('invalid_page')
    expect(caught(() => explore().pageSize(0)).code).toBe('invalid_page_size')
    const twice = caught(() =>
      explore().with(component({ name: 'primaryImage' }), component({ name: 'primaryImage' })),
    )
    expect(twice.code).toBe('duplicate_component')
    expect(twice.path).toEqual(['components', 1, 'name'])
  })

  it('takes a body as it is (the entry points and fromJSON), without copying it', () => {
    const body = Object.freeze({ factors: Object.freeze([{ id: 'mhmov-gladiator' as const }]) })
    expect(QueryValue.of('relate', body, ['Movie']).body).toBe(body)
  })
})

describe('the types a query returns', () => {
  it('follows returnType operators, nested ones too', () => {
    expect(typesOfReturnType({ $eq: 'Movie' }, browsableTypes)).toEqual(['Movie'])
    expect(typesOfReturnType({ $ne: 'Movie' }, ['Movie', 'ShowSeries'])).toEqual(['ShowSeries'])
    expect(
      typesOfReturnType({ $or: [{ $eq: 'Movie' }, { $in: ['Movie', 'User'] }] }, browsableTypes),
    ).toEqual(['Movie', 'User'])
    expect(browsableTypes).not.toContain('Image')
    expect(browsableTypes).not.toContain('Subscription')
  })

  it('collects the types of nested $or branches depth first, each once, in the order they are written', () => {
    const nested = {
      $or: [
        { $or: [{ $eq: 'ShowSeries' }, { $or: [{ $in: ['User', 'Movie'] }, { $eq: 'ShowSeries' }] }] },
        { $eq: 'Movie' },
        { $ne: 'Movie' },
      ],
    }
    expect(typesOfReturnType(nested, ['Movie', 'Trait', 'User'])).toEqual([
      'ShowSeries',
      'User',
      'Movie',
      'Trait',
    ])
  })

  it('reads ids by their prefix; an id whose text does not tell may be any browsable type', () => {
    expect(typesOfIds(['mhmov-a', 'mhric-b', 'mhmov-c'])).toEqual(['Movie', 'Contributor'])
    expect(typesOfIds(['iTunes::1'])).toEqual([...browsableTypes])
  })

  it('reads a whole body: lookup by its ids, any browsable type unless a returnType narrows it', () => {
    expect(typesOfBody('lookup', { ids: ['mhusr-x'] })).toEqual(['User'])
    // The documents do not say what relate recommends without a returnType (issue 28).
    expect(typesOfBody('relate', { factors: [{ id: 'mhmov-a' }] })).toBe(browsableTypes)
    expect(typesOfBody('explore', { filters: {} })).toBe(browsableTypes)
    expect(
      typesOfBody('silos', {
        blueprints: [{ type: 'Explore' as const }],
        filters: { returnType: { $eq: 'Movie' } },
      }),
    ).toEqual(['Movie'])
  })
})

describe('canonical key order, declared once (bodyKeys, filterNames)', () => {
  it("the body rules' keys are bodyKeys, in order", () => {
    for (const endpoint of ['explore', 'relate', 'lookup', 'silos'] as const) {
      const rule = requestRules[endpoint]
      expect(rule.kind === 'object' && Object.keys(rule.fields)).toEqual(bodyKeys[endpoint])
    }
  })

  it("a query with every part set emits bodyKeys' order", () => {
    const body = QueryValue.of(
      'silos',
      // silos take no .page(): the page comes in the body, as fromJSON takes the service's next.
      Object.freeze({ page: 1, blueprints: Object.freeze([{ type: 'Explore' as const }]) }),
      ['Movie', 'ShowSeries'],
      IdListRule,
    )
      .siloPageSize(2)
      .pageSize(3)
      .with(component({ name: 'primaryImage' }))
      .filter(filter('traits', { $eq: 'mhgnr-drama' }))
      .ids('mhmov-a').body
    expect(Object.keys(body)).toEqual(bodyKeys.silos)
  })

  it('a silos body given its filters ({}) has them in their place, before the blueprints', () => {
    const given = { ids: ['mhmov-a'], blueprints: [{ type: 'Explore' }], components: [], siloPageSize: 2 }
    const body = withRequiredFilters('silos', given as never)
    expect(Object.keys(body)).toEqual(['ids', 'filters', 'blueprints', 'components', 'siloPageSize'])
    expect(body).toStrictEqual({ ...given, filters: {} })
    expect(Object.isFrozen(body)).toBe(true)
  })

  it('a body holds only its parts, whatever Object.prototype was given (prototype pollution)', () => {
    const query = explore().pageSize(3)
    let keys: string[]
    Object.defineProperty(Object.prototype, 'polluted', {
      value: 'x',
      enumerable: true,
      configurable: true,
      writable: true,
    })
    try {
      keys = Object.keys(query.body)
    } finally {
      delete (Object.prototype as Record<string, unknown>)['polluted']
    }
    expect(keys).toEqual(['filters', 'pageSize'])
  })

  it('the canonical copy of a filters object puts every filter name in its place', () => {
    const reversed = {
      collections: 1,
      traits: 2,
      sources: 3,
      contributorsOf: 4,
      contributors: 5,
      returnType: 6,
    }
    const operator = (id: string) => ({ $eq: id })
    const given = Object.fromEntries(
      Object.keys(reversed).map((name) => [
        name,
        operator(
          name === 'returnType'
            ? 'Movie'
            : ({
                collections: 'mhcol-a',
                traits: 'mhgnr-a',
                sources: 'mhsrc-a',
                contributorsOf: 'mhmov-a',
                contributors: 'mhric-a',
              }[name] as string),
        ),
      ]),
    )
    expect(Object.keys(canonical(FiltersRule, checked(FiltersRule, given, ['filters'])))).toEqual([
      'returnType',
      'contributors',
      'contributorsOf',
      'sources',
      'traits',
      'collections',
    ])
  })
})
