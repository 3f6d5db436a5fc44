import { describe, expect, test } from 'vitest'
import {
  compile,
  fragment,
  hql,
  idsOrder,
  primaryImage,
  keyContributors,
  requestLimits,
  silo,
  traits,
} from 'hql'
import type { FilterSpec } from 'hql'
import type { Operator } from '../../src/schemas'
import { caught } from '../support/caught'

// Issue 9: the builder refuses what fromJSON refuses, with the same codes and paths.

const ids = (count: number) => Array.from({ length: count }, (_, i) => `mhmov-title-${i}` as const)
const genres = (count: number) => Array.from({ length: count }, (_, i) => `mhgnr-genre-${i}` as const)

describe('request limits in the builder', () => {
  test('ids: lookup, silos .ids(), idsOrder, a Content blueprint', () => {
    expect(compile(hql.lookup(...(ids(requestLimits.ids) as [string]))).body.ids).toHaveLength(1000)
    const lookup = caught(() => hql.lookup(...(ids(2000) as [string])))
    expect([lookup.code, lookup.path]).toEqual(['too_many_ids', ['ids']])
    const silos = hql.silos(silo.explore()).ids(...ids(600))
    const seeds = caught(() => silos.ids(...ids(401)))
    expect([seeds.code, seeds.path, seeds.message]).toEqual([
      'too_many_ids',
      ['ids'],
      '$.ids: too many ids (1001); the limit is 1000',
    ])
    expect(caught(() => idsOrder(...(ids(1001) as [never]))).code).toBe('too_many_ids')
    const content = caught(() => silo.content({ ids: ids(1001) as [never] }))
    expect([content.code, content.path]).toEqual(['too_many_ids', ['params', 'ids']])
  })

  test('factors and blueprints', () => {
    const relate = caught(() => hql.relate(...(ids(101) as [string])))
    expect([relate.code, relate.path]).toEqual(['too_many_factors', ['factors']])
    expect(() => hql.relate(...(ids(100) as [string]))).not.toThrow()
    const blueprints = Array.from({ length: 51 }, () => silo.graphLens())
    const silos = caught(() => hql.silos(...(blueprints as [(typeof blueprints)[number]])))
    expect([silos.code, silos.path]).toEqual(['too_many_blueprints', ['blueprints']])
    expect(() => hql.silos(...(blueprints.slice(1) as [(typeof blueprints)[number]]))).not.toThrow()
  })

  test('an empty list from JavaScript is still refused', () => {
    expect(caught(() => (hql.lookup as () => unknown)()).code).toBe('invalid_request')
    expect(caught(() => (hql.relate as () => unknown)()).path).toEqual(['factors'])
    expect(caught(() => (hql.silos as () => unknown)()).message).toContain('one or more blueprints')
  })

  test('values in one operator, in .filter() and in blueprint filters', () => {
    const explore = hql.explore()
    expect(() => explore.filter(traits.in(...genres(1000)))).not.toThrow()
    const tooMany = caught(() => explore.filter(traits.all(...genres(1001))))
    expect([tooMany.code, tooMany.path]).toEqual(['too_many_values', ['filters', 'traits', '$all']])
    const alternatives = genres(1001).map((genre) => traits.eq(genre))
    const or = caught(() => explore.filter(traits.or(...alternatives)))
    expect([or.code, or.path]).toEqual(['too_many_values', ['filters', 'traits', '$or']])
    const inBlueprint = caught(() => silo.explore({ filters: [traits.in(...genres(1001))] }))
    expect(inBlueprint.code).toBe('too_many_values')
  })

  test('components at one level: .with() of 40, and 33 nested', () => {
    const forty = Array.from({ length: 40 }, () => primaryImage)
    const flat = caught(() => hql.lookup('mhmov-a').with(...(forty as [typeof primaryImage])))
    expect([flat.code, flat.path]).toEqual(['too_many_components', ['components']])
    // The nesting call refuses its own list: its path starts at the component it makes.
    const deep = caught(() => keyContributors(...(forty.slice(7) as [typeof primaryImage])))
    expect([deep.code, deep.path]).toEqual(['too_many_components', ['components']])
  })

  test('the count at a level is checked before the arguments, by .with() (counting those before), a nesting call and fragment()', () => {
    // Thirty-three arguments, the last of them no component: the count is what is refused, wherever it is given.
    // (Typed as nothing: the types refuse both mistakes, and this is what a JavaScript caller gets.)
    const args: never[] = [...Array<unknown>(32).fill(primaryImage), 42] as never[]
    const withCall = caught(() => hql.explore().with(...args))
    const nesting = caught(() => keyContributors(...args))
    const made = caught(() => fragment('Movie', ...args))
    for (const error of [withCall, nesting, made])
      expect([error.code, error.path, error.message]).toEqual([
        'too_many_components',
        ['components'],
        '$.components: too many components (33); the limit is 32',
      ])
    // Those the query has count: one before, and 32 more (31 and the number) are 33.
    const before = hql.explore().with(primaryImage)
    const added = caught(() => before.with(...args.slice(1)))
    expect([added.code, added.message]).toEqual([
      'too_many_components',
      '$.components: too many components (33); the limit is 32',
    ])
    // Within the count, the argument that is no component is what is refused, at its place.
    expect(caught(() => hql.explore().with(primaryImage, 42 as never)).path).toEqual(['components', 1])
  })

  test('a filter named after a prototype key is refused, not used as a key', () => {
    for (const filter of ['__proto__', 'constructor', 'toString']) {
      // Written by hand: refused as it stands (only the filter helpers' filters are taken), its name unread.
      const spec = { filter, operator: { $eq: 'mhgnr-a' } } as unknown as FilterSpec
      const given = caught(() => hql.explore().filter(spec))
      expect([given.code, given.path]).toEqual(['invalid_request', ['filters']])
      const inBlueprint = caught(() => silo.explore({ filters: [spec] }))
      expect([inBlueprint.code, inBlueprint.path]).toEqual(['invalid_request', ['filters']])
    }
    expect(Object.getPrototypeOf({})).toBe(Object.prototype)
  })

  test('an $or nested past the depth limit is refused, not a stack overflow', () => {
    let operator: Operator<string> = { $eq: 'mhgnr-a' }
    for (let i = 0; i < 100_000; i++) operator = { $or: [operator] }
    // Written by hand: refused unread.
    expect(caught(() => hql.explore().filter({ filter: 'traits', operator } as FilterSpec)).code).toBe(
      'invalid_request',
    )
    // Made by the helpers: the `$or` that nests past the limit is refused at its call.
    let filter = traits.eq('mhgnr-a')
    const error = caught(() => {
      for (let i = 0; i < 100; i++) filter = traits.or(filter)
    })
    expect(error.code).toBe('too_deep')
    expect(error.path.slice(0, 4)).toEqual(['filters', 'traits', '$or', 0])
  })
})
