// The ids' refinement answers the common case itself (src/model/request/id-check.ts): it must agree with the
// model's rule, `isIdOfType`, on every id and every list of types.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { idIsOfType } from '../../src/model/request/id-check'
import { isIdOfType } from '../../src/model/rules'
import { objectTypeNames, typePrefixes } from '../../src/model/ids'

const prefixes = objectTypeNames.flatMap((type) => typePrefixes[type] as readonly string[])
const id = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...prefixes, 'mhals', 'mhxyz', 'MHMOV'),
      fc.constantFrom('-', '', ':', ' -'),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('', ' ', '\u00a0', '\t', 'é', 'x'),
    )
    .map((parts) => parts.join('')),
  fc.constantFrom('mhals-current-user', 'mhmov-', 'mhmov-a', 'mhmov-a b', 'mhmov-\u2028x', ''),
  fc.string(),
)

describe('the id refinement', () => {
  it('agrees with isIdOfType on generated ids and types', () => {
    fc.assert(
      fc.property(id, fc.subarray([...objectTypeNames], { minLength: 1 }), (value, types) => {
        expect(idIsOfType(value, types)).toBe(isIdOfType(value, types))
      }),
      { numRuns: 3000 },
    )
  })

  it('refuses whitespace an altId may not hold, however it is written', () => {
    for (const value of ['mhmov-a\u00a0b', 'mhmov-a\u3000', 'mhmov-\tx', 'mhmov-a b'])
      expect(idIsOfType(value, ['Movie'])).toBe(false)
    expect(idIsOfType('mhmov-gladiator', ['Movie'])).toBe(true)
    expect(idIsOfType('mhmov-gladiator', ['Contributor'])).toBe(false)
  })
})
