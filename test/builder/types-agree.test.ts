import { describe, expect, test } from 'vitest'
import {
  allSubscriptions,
  contributions,
  contributors,
  hql,
  keyContributors,
  primaryImage,
  returnType,
  silo,
  traits,
} from 'hql'
import { caught } from '../support/caught'

// The run-time half of each mistake in types-agree.test-d.ts: the same calls, made with the types switched
// off (`as never`), throw the error the types refuse them for.

describe('a mistake the types refuse also throws, with its code and path', () => {
  test('narrowing returnType after .with() so that a component applies to none of the new types', () => {
    const error = caught(() =>
      hql
        .explore()
        .with(allSubscriptions)
        .filter(returnType.eq('Movie') as never),
    )
    expect(error.code).toBe('component_not_applicable')
    expect(error.path).toEqual(['components', 0, 'name'])
  })

  test('nesting deeper than maxComponentDepth', () => {
    const sixLevels = keyContributors(
      contributions(keyContributors(contributions(keyContributors(primaryImage as never) as never) as never)),
    )
    const error = caught(() => hql.lookup('mhmov-gladiator').with(sixLevels as never))
    expect(error.code).toBe('too_deep')
    // Five levels are fine.
    const fiveLevels = keyContributors(contributions(keyContributors(contributions(primaryImage))))
    expect(hql.lookup('mhmov-gladiator').with(fiveLevels).endpoint).toBe('lookup')
  })

  test.each(['mhmovABC', 'mhmov', 'mhmov-', 'mhmov-a b', 'gladiator'])('lookup refuses %j', (id) => {
    const error = caught(() => hql.lookup(id as never))
    expect(error.code).toBe('invalid_id')
    expect(error.path).toEqual(['ids', 0])
  })

  test('silos .ids() refuses a malformed id where it stands', () => {
    const error = caught(() => hql.silos(silo.explore()).ids('mhmov-gladiator', 'mhmov' as never))
    expect(error.code).toBe('invalid_id')
    expect(error.path).toEqual(['ids', 1])
  })

  test('a Content blueprint refuses a malformed id, as fromJSON does (it accepted any text)', () => {
    const error = caught(() => silo.content({ ids: ['mhmov-gladiator', 'mhmov-' as never] }))
    expect(error.code).toBe('invalid_id')
    expect(error.path).toEqual(['params', 'ids', 1])
  })

  test('a Collection blueprint refuses an id that is not a collection id (it accepted any text)', () => {
    const error = caught(() => silo.collection({ id: 'mhcol' as never }))
    expect(error.code).toBe('wrong_id_prefix')
    expect(error.path).toEqual(['params', 'id'])
    expect(caught(() => silo.collection({ id: 'mhmov-gladiator' as never })).code).toBe('wrong_id_prefix')
  })

  test.each([
    ['contributors', () => contributors.eq('mhric' as never)],
    ['traits', () => traits.in('mhgnr-drama', 'mhgnr-' as never)],
  ])('the %s filter refuses a malformed id', (name, filter) => {
    const error = caught(() => hql.explore().filter(filter()))
    expect(error.code).toBe('wrong_id_prefix')
    expect(error.path?.slice(0, 2)).toEqual(['filters', name])
  })

  test.each(['Subscription', 'Image'])(
    'returnType refuses %s, which cannot be retrieved on its own',
    (type) => {
      const error = caught(() => hql.explore().filter(returnType.eq(type as never)))
      expect(error.code).toBe('unknown_type')
      expect(error.path).toEqual(['filters', 'returnType', '$eq'])
    },
  )

  test('a component an earlier .with() added', () => {
    const error = caught(() =>
      hql
        .explore()
        .with(primaryImage)
        .with(primaryImage as never),
    )
    expect(error.code).toBe('duplicate_component')
    expect(error.path).toEqual(['components', 1, 'name'])
  })

  test('a component on a type it does not apply to, inside a nested list', () => {
    const error = caught(() => hql.lookup('mhmov-gladiator').with(keyContributors(allSubscriptions as never)))
    expect(error.code).toBe('component_not_applicable')
    expect(error.path).toEqual(['components', 0, 'components', 0, 'name'])
  })

  test('positions with probability', () => {
    const error = caught(() => silo.explore({ positions: [0], probability: 0.5 } as never))
    expect(error.code).toBe('positions_with_probability')
  })
})
