import { describe, expect, test } from 'vitest'
import { compile, fromJSON, HqlValidationError, requestLimits } from 'hql'
import { caught } from '../support/caught'

// Issue 9, items 4 and 5: fromJSON checks the request limits before the schema, with their own codes and the
// path of the offending list, whatever the size of the input.

const ids = (count: number, make = (i: number) => `mhmov-title-${i}`) =>
  Array.from({ length: count }, (_, i) => make(i))
const genres = (count: number) => ids(count, (i) => `mhgnr-genre-${i}`)

describe('request limits in fromJSON', () => {
  test('150,000 ids: too_many_ids, not a stack overflow', () => {
    const error = caught(() => fromJSON('lookup', { ids: Array(150_000).fill(0) }))
    expect(error.code).toBe('too_many_ids')
    expect(error.path).toEqual(['ids'])
    expect(error.message).toBe('$.ids: too many ids (150000); the limit is 1000')
  })

  test('limits are checked before the schema: an oversized list of invalid values is refused by its size', () => {
    const error = caught(() => fromJSON('lookup', { ids: Array(requestLimits.ids + 1).fill(null) }))
    expect(error).not.toBeInstanceOf(HqlValidationError)
    expect(error.code).toBe('too_many_ids')
  })

  test('every list of ids: lookup, silos seeds, idsOrder, a Content blueprint', () => {
    const at = ids(requestLimits.ids)
    const over = ids(requestLimits.ids + 1)
    expect(compile(fromJSON('lookup', { ids: at })).body.ids).toHaveLength(requestLimits.ids)
    expect(caught(() => fromJSON('lookup', { ids: over })).path).toEqual(['ids'])
    const blueprints = [{ type: 'Explore' }]
    expect(() => fromJSON('silos', { ids: at, blueprints })).not.toThrow()
    expect(caught(() => fromJSON('silos', { ids: over, blueprints })).path).toEqual(['ids'])
    const sort = (list: string[]) => ({
      filters: {},
      sort: [{ type: 'random' }, { type: 'idsOrder', ids: list }],
    })
    expect(() => fromJSON('explore', sort(at))).not.toThrow()
    const sorted = caught(() => fromJSON('explore', sort(over)))
    expect([sorted.code, sorted.path]).toEqual(['too_many_ids', ['sort', 1, 'ids']])
    const content = (list: string[]) => ({ blueprints: [{ type: 'Content', params: { ids: list } }] })
    expect(() => fromJSON('silos', content(at))).not.toThrow()
    const curated = caught(() => fromJSON('silos', content(over)))
    expect([curated.code, curated.path]).toEqual(['too_many_ids', ['blueprints', 0, 'params', 'ids']])
  })

  test('factors, blueprints', () => {
    const factors = (count: number) => ({ factors: ids(count) })
    expect(() => fromJSON('relate', factors(requestLimits.factors))).not.toThrow()
    const tooMany = caught(() => fromJSON('relate', factors(requestLimits.factors + 1)))
    expect([tooMany.code, tooMany.path]).toEqual(['too_many_factors', ['factors']])
    const silos = (count: number) => ({
      blueprints: Array.from({ length: count }, () => ({ type: 'GraphLens' })),
    })
    expect(() => fromJSON('silos', silos(requestLimits.blueprints))).not.toThrow()
    const error = caught(() => fromJSON('silos', silos(requestLimits.blueprints + 1)))
    expect([error.code, error.path]).toEqual(['too_many_blueprints', ['blueprints']])
  })

  test('values in one operator: $in, $all and the alternatives of $or, at any depth', () => {
    const explore = (traits: unknown) => ({ filters: { traits } })
    expect(() => fromJSON('explore', explore({ $in: genres(requestLimits.values) }))).not.toThrow()
    for (const key of ['$in', '$all'] as const) {
      const error = caught(() => fromJSON('explore', explore({ [key]: genres(requestLimits.values + 1) })))
      expect([error.code, error.path]).toEqual(['too_many_values', ['filters', 'traits', key]])
    }
    const alternatives = genres(requestLimits.values + 1).map(($eq) => ({ $eq }))
    const or = caught(() => fromJSON('explore', explore({ $or: alternatives })))
    expect([or.code, or.path]).toEqual(['too_many_values', ['filters', 'traits', '$or']])
    const nested = caught(() =>
      fromJSON('silos', {
        blueprints: [{ type: 'Explore', filters: { traits: { $or: [{ $all: genres(1001) }] } } }],
      }),
    )
    expect(nested.path).toEqual(['blueprints', 0, 'filters', 'traits', '$or', 0, '$all'])
  })

  test('components at one level, at any level', () => {
    const many = (count: number) => Array.from({ length: count }, () => ({ name: 'primaryImage' }))
    const top = caught(() => fromJSON('lookup', { ids: ['mhmov-a'], components: many(33) }))
    expect([top.code, top.path]).toEqual(['too_many_components', ['components']])
    const inner = caught(() =>
      fromJSON('lookup', {
        ids: ['mhmov-a'],
        components: [{ name: 'keyContributors', components: many(33) }],
      }),
    )
    expect([inner.code, inner.path]).toEqual(['too_many_components', ['components', 0, 'components']])
    // 32 is allowed by the limit: the components checks that follow refuse the repeated name.
    expect(caught(() => fromJSON('lookup', { ids: ['mhmov-a'], components: many(32) })).code).toBe(
      'duplicate_component',
    )
  })

  test('total size: too_many_nodes beyond 20,000 JSON values, with the path where the count ran over', () => {
    // A sort list has no limit of its own. The body counts 3 values (itself, filters, sort) and each entry
    // 2 (the object and its type): 9,998 entries make 19,999 values, one more entry 20,001.
    const sort = (count: number) => Array.from({ length: count }, () => ({ type: 'random' }))
    expect(() => fromJSON('explore', { filters: {}, sort: sort(9_998) })).not.toThrow()
    const error = caught(() => fromJSON('explore', { filters: {}, sort: sort(9_999) }))
    expect(error.code).toBe('too_many_nodes')
    expect(error.path[0]).toBe('sort')
    // Lists within their own limits add up: 21 Content blueprints of 1,000 ids each.
    const blueprints = Array.from({ length: 21 }, () => ({ type: 'Content', params: { ids: ids(1000) } }))
    const total = caught(() => fromJSON('silos', { blueprints }))
    expect(total.code).toBe('too_many_nodes')
    expect(total.path.slice(0, 1)).toEqual(['blueprints'])
  })

  test('a huge list is refused from its length, before its items are read', () => {
    // Work counted, not timed: a proxy counts the reads of the 5,000,000 items.
    let reads = 0
    const sort = new Proxy(Array(5_000_000).fill(1), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++
        return Reflect.get(target, key, receiver)
      },
    })
    expect(caught(() => fromJSON('explore', { filters: {}, sort })).code).toBe('too_many_nodes')
    expect(reads).toBe(0)
  })
})
