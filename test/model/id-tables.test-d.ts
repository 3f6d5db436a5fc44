// The written-out type of the prefix table (src/model/ids.ts, `TypePrefixes`) is the type of the lists written
// as a literal: the same tuples, in the same order.
import { expectTypeOf, test } from 'vitest'
import type { TraitPrefix, TypePrefixes } from '../../src/model/ids'
import type { otherMediaPrefixes, traitPrefixes, typePrefixes } from '../../src/model/ids'
import type { otherMediaPrefixesAsLists, traitPrefixesAsLists, typePrefixesAsLists } from './id-tables'

test('TypePrefixes is the lists as a literal gives them', () => {
  expectTypeOf<TypePrefixes>().toEqualTypeOf<typeof typePrefixesAsLists>()
  expectTypeOf<typeof typePrefixes>().toEqualTypeOf<typeof typePrefixesAsLists>()
  expectTypeOf<typeof otherMediaPrefixes>().toEqualTypeOf<typeof otherMediaPrefixesAsLists>()
  expectTypeOf<typeof traitPrefixes>().toEqualTypeOf<typeof traitPrefixesAsLists>()
  expectTypeOf<TraitPrefix>().toEqualTypeOf<(typeof traitPrefixesAsLists)[number]>()
})
