import { HqlError } from '../errors'
import type { HqlErrorCode } from '../error-codes'
import type { JsonPath } from '../errors'

// The values the builder's helpers made: filters (`returnType.eq('Movie')`), sorts (`releaseDate.desc()`) and
// component requests (`primaryImage`, `keyContributors(…)`, `component(name)`). Each helper checks what it is
// given with the declared rule of its place when it is called (src/model/request/), so the query's methods take
// these values as they are and check only what depends on the query around them (a filter set twice, whether a
// component applies). Anything else handed to `.filter()`, `.sort()` or `.with()` from JavaScript (a hand-written
// object, a sort key not called) is refused: the methods then need no request rule of their own, which keeps
// those rules out of every program that builds a query (docs/performance.md). One set a kind: a filter is no sort.
/** The filters the filter helpers made. */
export const madeFilters: WeakSet<object> = /* @__PURE__ */ new WeakSet()
/** The sorts the sort helpers made. */
export const madeSorts: WeakSet<object> = /* @__PURE__ */ new WeakSet()
/** The component requests the component helpers made. */
export const madeRequests: WeakSet<object> = /* @__PURE__ */ new WeakSet()

/**
 * Records `value` in `made` (one of the sets above), and returns it: call it only on a value checked by its
 * rule, and frozen.
 *
 * @example
 * const sort = madeByHelper(madeSorts, Object.freeze({ type: 'random' }))
 */
export function madeByHelper<T extends object>(made: WeakSet<object>, value: T): T {
  made.add(value)
  return value
}

/**
 * Throws `code` at `path` unless `made` holds `value` (a helper of the builder made it): `expected <what>`, where
 * `what` names the helpers to use.
 *
 * @example
 * takeMade(madeSorts, { type: 'random' }, 'invalid_sort', ['sort', 0], madeSort) // throws: written by hand
 */
export function takeMade(
  made: WeakSet<object>,
  value: unknown,
  code: HqlErrorCode,
  path: JsonPath,
  what: string,
): void {
  if (!made.has(value as object)) throw new HqlError(code, `expected ${what}`, { path })
}

// What each refusal names (one sentence each; the helpers are what to use instead).
export const madeFilter = 'a filter made by a filter helper (returnType.eq(…), traits.in(…), …)'
export const madeSort = 'a sort made by a sort helper (releaseDate.desc(), random(), idsOrder(…), …)'
export const madeComponent =
  "a component (primaryImage, keyContributors(…), component('name'), …) or a component's name"
