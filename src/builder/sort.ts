import { IdsOrderRule, checked, madeByHelper, madeSorts } from '../model/core'
import type { AnyId, Sort, SortOrder } from '../model/core'

/** A sort key that takes an order: `releaseDate.desc()`. */
export interface SortKey {
  asc(): Sort
  desc(): Sort
}

// Both orders are made once, frozen and recorded as made (the query's `.sort()` takes only the sorts these helpers
// made: src/model/query/made.ts): a sort key is a constant, so every call can return the same value. Marked pure
// so that bundlers drop the sort keys an app does not import.
const keyed = /* @__NO_SIDE_EFFECTS__ */ (make: (order: SortOrder) => Sort): SortKey => {
  const ascending = madeByHelper(madeSorts, Object.freeze(make('ascending')))
  const descending = madeByHelper(madeSorts, Object.freeze(make('descending')))
  return { asc: () => ascending, desc: () => descending }
}

/** Sort by release date: `releaseDate.desc()` is newest first. */
export const releaseDate: SortKey = keyed((order) => ({ type: 'property', property: 'releaseDate', order }))
/** Sort by name: `byName.asc()` is A to Z. (Named `byName` because `name` is everywhere else.) */
export const byName: SortKey = keyed((order) => ({ type: 'property', property: 'name', order }))
/** Sort by popularity, explore's default: `popularity.desc()`. */
export const popularity: SortKey = keyed((order) => ({ type: 'popularity', order }))
/** Sort by the order of a collection: `collectionOrder.asc()`. */
export const collectionOrder: SortKey = keyed((order) => ({ type: 'collectionOrder', order }))
/** Sort by when the user liked it: `likeOrder.desc()`. */
export const likeOrder: SortKey = keyed((order) => ({ type: 'likeOrder', order }))
/** Sort by when the user followed it: `followOrder.desc()`. */
export const followOrder: SortKey = keyed((order) => ({ type: 'followOrder', order }))
/** A random order. */
const randomSort: Sort = /* @__PURE__ */ madeByHelper(
  madeSorts,
  /* @__PURE__ */ Object.freeze({ type: 'random' }),
)
export const random = (): Sort => randomSort
/**
 * The order of the given ids: `idsOrder('mhmov-a', 'mhmov-b')`. The ids are checked by the idsOrder rule here, as
 * fromJSON checks a sort's: a mistake's path starts at the sort (`['ids', 0]`), whose place in the body this call
 * cannot know.
 */
export const idsOrder = (...ids: readonly [AnyId, ...AnyId[]]): Sort =>
  madeByHelper(madeSorts, checked(IdsOrderRule, { type: 'idsOrder', ids }, [], true))
