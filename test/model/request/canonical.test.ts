// The canonical copy (src/model/request/canonical.ts): the walk apart from the checker that gives JSON from
// outside, and a caller's objects, the key order of their rules, frozen, and keeps a door's own canonical value.
import { describe, expect, it } from 'vitest'
import { canonical, checked, ComponentListRule, FactorRule, requestRules, SortRule } from '../../../src/model'

/** Every object and array in `value`, `value` included. */
function containers(value: unknown): object[] {
  if (value === null || typeof value != 'object') return []
  return [value, ...Object.values(value).flatMap(containers)]
}

describe('canonical', () => {
  it("writes an object's keys in the order of its rule's fields, without the undefined ones, frozen", () => {
    const given = { weight: 2, boostOnly: undefined, id: 'mhmov-a' }
    const copy = canonical(FactorRule, checked(FactorRule, given, []))
    expect(Object.keys(copy)).toEqual(['id', 'weight'])
    expect(Object.isFrozen(copy)).toBe(true)
    expect(copy).not.toBe(given)
  })

  it('copies and freezes every level of a body, in canonical order, the sort and nested components included', () => {
    const body = {
      pageSize: 10,
      components: [{ components: [{ name: 'primaryImage' }], name: 'keyContributors', pageSize: 3 }],
      sort: [{ order: 'descending', property: 'releaseDate', type: 'property' }],
      filters: {
        traits: { $or: [{ $in: ['mhgnr-a', 'mhgnr-b'] }, { $eq: 'mhgnr-c' }] },
        returnType: { $eq: 'Movie' },
      },
    }
    const copy = canonical(requestRules.explore, body as never)
    expect(JSON.stringify(copy)).toBe(
      JSON.stringify({
        filters: {
          returnType: { $eq: 'Movie' },
          traits: { $or: [{ $in: ['mhgnr-a', 'mhgnr-b'] }, { $eq: 'mhgnr-c' }] },
        },
        sort: [{ type: 'property', property: 'releaseDate', order: 'descending' }],
        components: [{ name: 'keyContributors', pageSize: 3, components: [{ name: 'primaryImage' }] }],
        pageSize: 10,
      }),
    )
    for (const part of containers(copy)) expect(Object.isFrozen(part)).toBe(true)
    // Nothing of the caller's is kept: each container is a new one.
    const theirs = new Set(containers(body))
    for (const part of containers(copy)) expect(theirs.has(part)).toBe(false)
  })

  it("keeps a door's own value (owned) where it is canonical, and copies where it is not", () => {
    const sort = Object.freeze({ type: 'property', property: 'releaseDate', order: 'descending' })
    expect(canonical(SortRule, sort as never, true)).toBe(sort)
    expect(canonical(SortRule, sort as never)).not.toBe(sort)
    const list = Object.freeze([Object.freeze({ name: 'primaryImage' as const })])
    expect(canonical(ComponentListRule, list, true)).toBe(list)
    const unsorted = Object.freeze([Object.freeze({ pageSize: 2, name: 'images' as const })])
    const copy = canonical(ComponentListRule, unsorted, true)
    expect(copy).not.toBe(unsorted)
    expect(Object.keys(copy[0] as object)).toEqual(['name', 'pageSize'])
    // An object whose prototype is not Object's is copied to a plain one.
    const made = Object.assign(Object.create({ inherited: true }) as object, { name: 'primaryImage' })
    const plain = canonical(ComponentListRule, [made] as never, true)
    expect(Object.getPrototypeOf(plain[0])).toBe(Object.prototype)
  })
})
