import type { Filters } from '../request/filters'

/**
 * A filters object's operators as slots, in `filterNames`' order (vocabulary.ts): slot `filterNames.indexOf(name)`
 * holds the operator of `name`. `.filter()` works on slots, where a slot found by index costs less than a
 * load or store under a varying key on an object whose shape varies (it was the hottest line of `.filter()`).
 * test/model/key-order.test.ts holds both to `filterNames`.
 */
export const filterSlots = (f: Readonly<Record<string, unknown>>): unknown[] => [
  f.returnType,
  f.contributors,
  f.contributorsOf,
  f.sources,
  f.traits,
  f.collections,
]

/**
 * The filters object of slots (filterSlots), frozen, in canonical key order. Written out because it is on the
 * hot path of every `.filter()` (a loop over `filterNames` makes building a query ~15% slower). A slot that is
 * set holds an operator, an object: truthy.
 */
export function filtersOfSlots(slots: readonly unknown[]): Filters {
  const ordered: Record<string, unknown> = {}
  if (slots[0]) ordered.returnType = slots[0]
  if (slots[1]) ordered.contributors = slots[1]
  if (slots[2]) ordered.contributorsOf = slots[2]
  if (slots[3]) ordered.sources = slots[3]
  if (slots[4]) ordered.traits = slots[4]
  if (slots[5]) ordered.collections = slots[5]
  return Object.freeze(ordered) as Filters
}
