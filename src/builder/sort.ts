import { IdsOrderRule, canonical, checked, madeByHelper, madeSorts } from '../model/core'
import type { AnyId, Sort, SortOrder } from '../model/core'

/**
 * A sort key: `releaseDate.desc()`, `releaseDate.asc()`, or `releaseDate()` without an order (the service's
 * default for the key). A key not called (`.sort(releaseDate)`) is no sort: the types refuse it, and `.sort()`
 * refuses it at run time.
 */
export interface SortKey {
  (): Sort
  asc(): Sort
  desc(): Sort
}

/** `idsOrder('mhmov-a', 'mhmov-b')`, and with an order: `idsOrder.desc(…)`. */
export interface IdsOrderKey {
  (...ids: readonly [AnyId, ...AnyId[]]): Sort
  asc(...ids: readonly [AnyId, ...AnyId[]]): Sort
  desc(...ids: readonly [AnyId, ...AnyId[]]): Sort
}

// A sort as its helper makes it: frozen, and recorded as made (the query's `.sort()` takes only these:
// src/model/query/made.ts).
const made = (sort: Sort): Sort => madeByHelper(madeSorts, Object.freeze(sort))

// The three sorts of a key are made once: a sort key is a constant, so every call can return the same value.
// Marked pure so that bundlers drop the sort keys an app does not import.
const keyed = /* @__NO_SIDE_EFFECTS__ */ (sort: Sort): SortKey => {
  const unordered = made(sort) // (each key's own literal, below)
  const ascending = made({ ...sort, order: 'ascending' })
  const descending = made({ ...sort, order: 'descending' })
  return Object.assign(() => unordered, { asc: () => ascending, desc: () => descending })
}

/** Sort by release date: `releaseDate.desc()` is newest first. */
export const releaseDate: SortKey = keyed({ type: 'property', property: 'releaseDate' })
/** Sort by name: `byName.asc()` is A to Z. (Named `byName` because `name` is everywhere else.) */
export const byName: SortKey = keyed({ type: 'property', property: 'name' })
/** Sort by popularity, explore's default: `popularity.desc()`. */
export const popularity: SortKey = keyed({ type: 'popularity' })
/** Sort by the order of a collection: `collectionOrder.asc()`. */
export const collectionOrder: SortKey = keyed({ type: 'collectionOrder' })
/** Sort by when the user liked it: `likeOrder.desc()`. */
export const likeOrder: SortKey = keyed({ type: 'likeOrder' })
/** Sort by when the user followed it: `followOrder.desc()`. */
export const followOrder: SortKey = keyed({ type: 'followOrder' })
/** A random order: `random()`. */
export const random: SortKey = keyed({ type: 'random' })

// The sort by the order of given ids, with `order` if any. The ids are checked by the idsOrder rule here, as
// fromJSON checks a sort's: a mistake's path starts at the sort (`['ids', 0]`), whose place in the body this call
// cannot know.
/* @__NO_SIDE_EFFECTS__ */
function byIds(order?: SortOrder) {
  return (...ids: readonly [AnyId, ...AnyId[]]): Sort =>
    madeByHelper(
      madeSorts,
      canonical(IdsOrderRule, checked(IdsOrderRule, { type: 'idsOrder', ids, order }, [])),
    )
}

/** The order of the given ids: `idsOrder('mhmov-a', 'mhmov-b')`; `idsOrder.desc(…)` reverses it. */
export const idsOrder: IdsOrderKey = /* @__PURE__ */ Object.assign(/* @__PURE__ */ byIds(), {
  asc: /* @__PURE__ */ byIds('ascending'),
  desc: /* @__PURE__ */ byIds('descending'),
})
