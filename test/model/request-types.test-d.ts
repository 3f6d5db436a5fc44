// Request types written out by hand, for the declarations users install, are the types their schemas infer.
import type * as z from 'zod/mini'
import { expectTypeOf, test } from 'vitest'
import type { Sort } from '../../src/model/request/sort'
import type { SortSchema } from '../../src/model/request/sort'

test('Sort is what SortSchema accepts', () => {
  expectTypeOf<Sort>().toEqualTypeOf<z.infer<typeof SortSchema>>()
})
