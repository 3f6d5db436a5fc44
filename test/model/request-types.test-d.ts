// Request types written out by hand, for the declarations users install, are the types their rules accept (each
// rule of src/model/request carries the type it accepts; no schema is inferred on this branch).
import { expectTypeOf, test } from 'vitest'
import type { Sort } from '../../src/model/request/sort'
import type { IdsOrderRule, SortRule } from '../../src/model/request/sort'

type Accepted<R extends { readonly accepted?: unknown }> = Exclude<R['accepted'], undefined>

test('Sort is what SortRule accepts, and what idsOrder makes is a Sort', () => {
  expectTypeOf<Accepted<typeof SortRule>>().toEqualTypeOf<Sort>()
  expectTypeOf<Accepted<typeof IdsOrderRule>>().toExtend<Sort>()
})
