import { describe, expect, test } from 'vitest'
import { isType, objectTypeNames } from 'hql'
import { typePrefixes } from '../../src/schemas'
import type { IdentifiedTypeName } from '../../src/schemas'

describe('isType tells an object’s type by its mhid prefix', () => {
  const identified = objectTypeNames.filter((type): type is IdentifiedTypeName => type !== 'Subscription')

  test.each(identified)('every %s prefix, and no other type', (type) => {
    for (const prefix of typePrefixes[type] as readonly string[]) {
      const object = { mhid: `${prefix}-some-slug` }
      expect(isType(object, type)).toBe(true)
      for (const other of identified) if (other !== type) expect(isType(object, other)).toBe(false)
    }
  })

  test('an mhid of 44 characters, and the media subtypes apart', () => {
    const mhid = `mhsep${'A1'.repeat(19)}x`
    expect(isType({ mhid }, 'ShowEpisode')).toBe(true)
    expect(isType({ mhid }, 'ShowSeries')).toBe(false)
    expect(isType({ mhid: 'mhfgc-the-beatles' }, 'Contributor')).toBe(true)
  })

  test('anything without an own mhid string is no type', () => {
    for (const value of [undefined, null, 'mhmov-gladiator', 42, {}, { mhid: 7 }, { mhid: 'nope' }])
      expect(isType(value, 'Movie')).toBe(false)
    const inherited = Object.create({ mhid: 'mhmov-gladiator' }) as object
    expect(isType(inherited, 'Movie')).toBe(false)
  })
})
