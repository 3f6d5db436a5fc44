import { HqlError } from '../errors'
import type { HqlErrorCode } from '../error-codes'
import type { JsonPath } from '../errors'
import type { FilterName } from '../vocabulary'
import type { Operator } from '../request/rule'
import type { ComponentRequest } from '../request/components'
import type { ObjectTypeName } from '../ids'

// The values the builder's helpers made: filters (`returnType.eq('Movie')`), sorts (`releaseDate.desc()`) and
// component requests (`primaryImage`, `keyContributors(…)`, `component(name)`). Each helper checks what it is
// given with the declared rule of its place when it is called (src/model/request/), so the query's methods take
// these values as they are and check only what depends on the query around them (a filter set twice, whether a
// component applies). Anything else handed to `.filter()`, `.sort()` or `.with()` from JavaScript (a hand-written
// object, a sort key not called) is refused: the methods then need no request rule of their own, which keeps
// those rules out of every program that builds a query (docs/performance.md). A filter and a component value are
// instances of the classes below, told by a private brand (`#made in value`, which no other object has); a sort
// is a body part, a plain object, recorded in a WeakSet (the sort keys' sorts are constants, made once). Adding
// to a WeakSet costs ~0.7 µs a value under a builder's churn (bench/build-compile.bench.ts), a brand nothing.

/** A filter as a filter helper makes it: its name and its operator, checked by the rule of its filter. */
export class MadeFilter {
  readonly #made = true
  declare readonly filter: FilterName
  declare readonly operator: Operator<string>
  constructor(filter: FilterName, operator: Operator<string>) {
    this.filter = filter
    this.operator = operator
    Object.freeze(this)
  }

  /** Whether a filter helper made `value`. */
  static is(value: unknown): value is MadeFilter {
    return typeof value == 'object' && value !== null && #made in value
  }
}

/**
 * A component value as a component helper makes it (`keyContributors(primaryImage)`): its request, checked
 * there. The component constants that nest (`primaryImage` is a function too) are recorded in `madeNestings`.
 */
export class MadeComponent {
  readonly #made = true
  declare readonly request: ComponentRequest
  constructor(request: ComponentRequest) {
    this.request = request
  }

  /** Whether a component helper made `value`. */
  static is(value: unknown): value is MadeComponent {
    return typeof value == 'object' && value !== null && #made in value
  }
}

/** The sorts the sort helpers made. */
export const madeSorts: WeakSet<object> = /* @__PURE__ */ new WeakSet()
/** The component values that are functions (a component that nests, before its call), made once each. */
export const madeNestings: WeakSet<object> = /* @__PURE__ */ new WeakSet()

/**
 * The fragments the builder's `fragment()` made (the frozen arrays of their components), each with the object type
 * it is for. Here, below the builder and text both, so that HQL text given builder fragments (`parseQuery(text, {
 * fragments })`, `hqlText(text, { movieCard })`) reads a fragment's type where the builder wrote it, not from a
 * property a spread or a JSON copy could carry off.
 */
export const madeFragments: WeakMap<object, ObjectTypeName> = /* @__PURE__ */ new WeakMap()

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
 * Throws `code` at `path` unless `made` (a helper of the builder made the value): `expected <what>`, where `what`
 * names the helpers to use.
 *
 * @example
 * mustBeMade(madeSorts.has({ type: 'random' }), 'invalid_sort', ['sort', 0], madeSort) // throws: written by hand
 */
export function mustBeMade(made: boolean, code: HqlErrorCode, path: JsonPath, what: string): void {
  if (!made) throw new HqlError(code, `expected ${what}`, { path })
}

// What each refusal names (one sentence each; the helpers are what to use instead).
export const madeFilter = 'a filter made by a filter helper (returnType.eq(…), traits.in(…), …)'
export const madeSort = 'a sort made by a sort helper (releaseDate.desc(), random(), idsOrder(…), …)'
export const madeComponent =
  "a component (primaryImage, keyContributors(…), component('name'), …) or a component's name"
