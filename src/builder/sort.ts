import { SortRule, checked } from '../model/core'
import type { AnyId, Sort, SortOrder } from '../model/core'

/** A sort key that takes an order: `releaseDate.desc()`. */
export interface SortKey {
  asc(): Sort
  desc(): Sort
}

// Both orders are made once and frozen: a sort key is a constant, so every call can return the same value.
// Marked pure so that bundlers drop the sort keys an app does not import.
const keyed = /* @__NO_SIDE_EFFECTS__ */ (make: (order: SortOrder) => Sort): SortKey => {
  const ascending = Object.freeze(make('ascending'))
  const descending = Object.freeze(make('descending'))
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
const randomSort: Sort = /* @__PURE__ */ Object.freeze({ type: 'random' })
export const random = (): Sort => randomSort
/** The order of the given ids: `idsOrder('mhmov-a', 'mhmov-b')`. */
export const idsOrder = (...ids: readonly [AnyId, ...AnyId[]]): Sort =>
  checked(SortRule, { type: 'idsOrder', ids }, [], true)
