// Frozen parts that many queries hold alike, made once: lowering hands these out instead of building and
// freezing a fresh object per query. A query's body is frozen throughout, and each `Object.freeze` is a call
// into the runtime (≈30 ns, a tenth of a query's time went to ≈13 of them, bench/text.bench.ts); sharing is
// safe because a frozen value cannot change under any query that holds it. Only parts made of names from the
// model's lists are here (a type, a sort key, a bare component), so the tables stay small and fixed.
import { componentNames } from '../model/components'
import { objectTypeNames } from '../model/ids'
import { plainSortTypes, sortProperties } from '../model/vocabulary'

// Maps keyed by the name as the text holds it (the lexer's interned string for a known name): a name from
// the text never indexes a plain object.
const returnTypes = new Map<string, object>(
  objectTypeNames.map((name) => [name, Object.freeze({ $eq: name })]),
)
const bareComponents = new Map<string, object>(componentNames.map((name) => [name, Object.freeze({ name })]))

/** A sort key in each order: none written, ascending, descending. */
type SharedSort = readonly [object, object, object]
const sortFor = (make: (order?: 'ascending' | 'descending') => object): SharedSort =>
  [make(), make('ascending'), make('descending')].map((sort) => Object.freeze(sort)) as unknown as SharedSort
// Each object is written in the sort schema's key order (type, property, order), so the model keeps it as it is.
const sorts = new Map<string, SharedSort>([
  ...sortProperties.map((property): [string, SharedSort] => [
    property,
    sortFor((order) =>
      order === undefined ? { type: 'property', property } : { type: 'property', property, order },
    ),
  ]),
  ...plainSortTypes.map((type): [string, SharedSort] => [
    type,
    sortFor((order) => (order === undefined ? { type } : { type, order })),
  ]),
])
// Most queries sort by one key: each shared sort alone in a list, by the sort (an object, so by identity).
const alone = new Map<object, readonly object[]>(
  [...sorts.values()].flat().map((sort) => [sort, Object.freeze([sort])]),
)

/** `{ $eq: name }` for an object type's name, shared; undefined for any other name. */
export const sharedReturnType = (name: string): object | undefined => returnTypes.get(name)

/** `{ name }` for a component's name, shared; undefined for any other name. */
export const sharedComponent = (name: string): object | undefined => bareComponents.get(name)

/**
 * The sort by `key` in `order` (undefined: none written), shared; undefined for `idsOrder` (which holds ids)
 * and any name that is not a sort key.
 */
export function sharedSort(key: string, order: 'ascending' | 'descending' | undefined): object | undefined {
  const shared = sorts.get(key)
  if (shared === undefined) return undefined
  return shared[order === undefined ? 0 : order === 'ascending' ? 1 : 2]
}

/** A list of the one shared sort `sort`, shared; undefined for any other object. */
export const aloneInList = (sort: object): readonly object[] | undefined => alone.get(sort)
