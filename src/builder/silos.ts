import {
  BlueprintRule,
  HqlError,
  IdListRule,
  canonical,
  QueryValue,
  checkArgShape,
  checked,
  madeFilter,
  mustBeMade,
  MadeFilter,
  duplicateFilter,
  emptyFilters,
  browsableTypes,
  tooMany,
  requestLimits,
} from '../model/core'
import type {
  BlueprintsByType,
  BlueprintType,
  CheckedId,
  CheckedIdList,
  AnyId,
  CollectionId,
  ObjectTypeName,
  Query,
} from '../model/core'
import type { ComponentArg, SpecOfArg } from './component-spec'
import type { BrowsableType, FilterSpec } from './filters'
import type { SilosResult } from './result'
import type { ValidComponents, ValidFilters } from './argument-checks'
import type { Narrowed } from './explore'

/** Where a silo goes: fixed positions, or a probability of filling a free slot; never both. */
export type Placement =
  | { readonly positions: readonly number[]; readonly probability?: PositionsWithProbability }
  | { readonly probability: number; readonly positions?: PositionsWithProbability }
  | { readonly positions?: never; readonly probability?: never }

/**
 * The type of the second of `positions` and `probability`: a sentence, which the editor shows where it is
 * written (where `never` read `Type 'number' is not assignable to type 'undefined'`).
 */
export type PositionsWithProbability =
  'positions and probability cannot be combined: choose fixed positions or a probability'

/**
 * Options every blueprint takes: placement and blueprint-level filters (which override the global ones), the
 * filters being of the types `F`.
 */
export type BlueprintOptions<F extends FilterSpec = FilterSpec> = Placement & {
  readonly filters?: readonly F[]
}

declare const ownFilters: unique symbol

/**
 * A silo blueprint, ready for `hql.silos(...)`. `F` is the type of its own filters (never without any), which the
 * result type reads: a returnType among them decides what its silo holds (`SiloTypes`). A blueprint typed as
 * `BlueprintSpec` alone (`F` unknown: no filter the types can see) holds the query's types.
 */
export interface BlueprintSpec<out Type extends BlueprintType = BlueprintType, out F = unknown> {
  readonly blueprint: BlueprintsByType[Type]
  readonly [ownFilters]?: F
}

/**
 * What the silos of a query whose `.filter()` gives `T` hold, over its blueprints `B` (a union): a blueprint's own
 * returnType, as a query's `.filter()` narrows it, else `T`. Its filters replace the query's of the same name
 * (SERVICE-SPEC.md), so a `$ne` of its own lets through all but that type whatever `T` is, as the strict check
 * merges them (src/model/response/query-check/promise.ts). Worked out where the result is read (SilosResult).
 */
export type SiloTypes<T extends ObjectTypeName, B extends BlueprintSpec> =
  B extends BlueprintSpec<BlueprintType, infer F> ? Narrowed<T, F> : never

// The blueprints the helpers below made. `hql.silos()` takes these only: each was checked by the blueprint rule
// when its helper made it (and is frozen), so `silos()` needs no rule of its own, and a program that builds no
// silos carries no blueprint rule (`hql` holds `silos`, so whatever it reaches is in every program that builds a
// query: bench/size/hql.ts, docs/performance.md). A blueprint written by hand gets an HqlError at `silos()`.
const made: WeakSet<object> = /* @__PURE__ */ new WeakSet()

/**
 * A blueprint of `type` from a helper's options: placement, filters (the builder's filter values, made into a
 * filters object), and the rest as the blueprint's params. Checked by the blueprint rule, as fromJSON checks one
 * in a body, and copied (the options are the caller's): an option the type does not take (`graphLens`'s
 * `name`) is an unknown key of its params, refused here, at the call.
 */
function blueprint<Type extends BlueprintType>(type: Type, options: unknown): BlueprintSpec<Type, never> {
  checkArgShape(options, [])
  const { positions, probability, filters, ...params } = options as Record<string, unknown>
  const given: Record<string, unknown> = { type, positions, probability }
  // A list, or nothing: `{ length: 1 }` is refused here, not read as one.
  if (filters !== undefined) checkArgShape(Array.isArray(filters) && filters, ['filters'])
  if (filters !== undefined && (filters as readonly unknown[]).length > 0) {
    const record: Record<string, unknown> = {}
    // Each one a filter helper made (and checked), as `.filter()` takes them; the blueprint rule checks all again.
    for (const input of filters as readonly unknown[]) {
      mustBeMade(MadeFilter.is(input), 'invalid_request', ['filters'], madeFilter)
      const { filter, operator } = input as FilterSpec
      if (Object.hasOwn(record, filter))
        throw new HqlError('duplicate_filter', duplicateFilter(filter), { path: ['filters', filter] })
      record[filter] = operator
    }
    given.filters = record
  }
  // A param left undefined is no param; a blueprint without one has no params object.
  if (Object.values(params).some((value) => value !== undefined)) given.params = params
  const spec = Object.freeze({ blueprint: canonical(BlueprintRule, checked(BlueprintRule, given, [])) })
  made.add(spec)
  return spec as never
}

/**
 * The blueprint builders, one per silo type: each keeps its filters' types (`F`) in the blueprint's type. An
 * interface that `silo` is declared with, so that reading `silo` costs no type-checking of the functions
 * themselves (23 type instantiations of the four-blueprint scenario, bench/type-budgets.json, as `F` made each
 * function generic: 44). The options' types are written out in each: through an alias they cost 15 more.
 */
export interface SiloBuilders {
  /** Classic recommendations from all seed data. */
  recommendedForYou<F extends FilterSpec = never>(
    options?: Placement & { readonly filters?: readonly F[]; readonly name?: string },
  ): BlueprintSpec<'RecommendedForYou', F>
  /** Popular titles; uses no seed data. */
  explore<F extends FilterSpec = never>(
    options?: Placement & { readonly filters?: readonly F[]; readonly name?: string },
  ): BlueprintSpec<'Explore', F>
  /** Recommendations based heavily on one item; `$1` in the title is the item's name. */
  basedOnItem<F extends FilterSpec = never>(
    options?: Placement & { readonly filters?: readonly F[]; readonly nameGenerator?: string },
  ): BlueprintSpec<'BasedOnItem', F>
  /** Three traits that go well together, recommended for the user. */
  graphLens<F extends FilterSpec = never>(
    options?: Placement & { readonly filters?: readonly F[] },
  ): BlueprintSpec<'GraphLens', F>
  /** Three traits that go well together, by popularity; `$1` in the title is the seed. */
  exploreGraphLens<F extends FilterSpec = never>(
    options?: Placement & { readonly filters?: readonly F[]; readonly nameGenerator?: string },
  ): BlueprintSpec<'ExploreGraphLens', F>
  /** Recommendations from a curated set of titles. */
  content<const Ids extends readonly [string, ...string[]], F extends FilterSpec = never>(
    options: Placement & {
      readonly filters?: readonly F[]
      readonly ids: CheckedIdList<Ids>
      readonly name?: string
    },
  ): BlueprintSpec<'Content', F>
  /** An editorial collection. */
  collection<const Id extends string, F extends FilterSpec = never>(
    options: Placement & {
      readonly filters?: readonly F[]
      readonly id: CheckedId<Id, CollectionId, 'prefixed'>
      readonly name?: string
    },
  ): BlueprintSpec<'Collection', F>
}

/** Blueprint builders, one per silo type. */
export const silo: SiloBuilders = {
  recommendedForYou: (options = {}) => blueprint('RecommendedForYou', options),
  explore: (options = {}) => blueprint('Explore', options),
  basedOnItem: (options = {}) => blueprint('BasedOnItem', options),
  graphLens: (options = {}) => blueprint('GraphLens', options),
  exploreGraphLens: (options = {}) => blueprint('ExploreGraphLens', options),
  content: (options) => blueprint('Content', options),
  collection: (options) => blueprint('Collection', options),
}

/**
 * A silos query: several carousels in one call. Each method returns a new query. `T` is what its `.filter()`
 * lets through, `C` its components, `B` its blueprints (their types, a union): a silo holds `SiloTypes<T, B>`.
 */
export interface SilosQuery<
  T extends ObjectTypeName = BrowsableType,
  C = never,
  B extends BlueprintSpec = BlueprintSpec,
> extends Query<SilosResult<T, C, B>> {
  readonly endpoint: 'silos'
  /** Ids of content the user has positive affinity for (the seed of BasedOnItem and the recommendations). */
  ids<const Id extends string>(...ids: readonly SeedId<Id>[]): SilosQuery<T, C, B>
  /** Global filters; a blueprint's own filters override them (of the same name) for its silo. */
  filter<const F extends readonly FilterSpec[]>(
    ...filters: ValidFilters<C, F>
  ): SilosQuery<Narrowed<T, F[number]>, C, B>
  /**
   * Adds components, checked against what the query's own filters let through (at every door alike); the silo of
   * a blueprint with a returnType of its own gets them where they apply.
   */
  with<const S extends readonly ComponentArg[]>(
    ...components: ValidComponents<T, S, C>
  ): SilosQuery<T, C | SpecOfArg<S[number]>, B>
  /** The number of silos per page. (No `page`: a later page of silos is the response's `pagingInfo.next`.) */
  pageSize(size: number): SilosQuery<T, C, B>
  /** The number of titles per silo. */
  siloPageSize(size: number): SilosQuery<T, C, B>
}

/**
 * An id of `.ids()`, checked as `CheckedId` checks one, each of a union apart (CheckedId on a union would let a
 * malformed id through with well-formed ones). The ids are inferred as a union, not a tuple (as CheckedIds has
 * them, for lookup, whose result follows their order): inferring the tuple back through CheckedIds cost the
 * four-blueprint scenario 51 type instantiations more.
 */
type SeedId<Id extends string> = Id extends string ? CheckedId<Id, AnyId> : never

/**
 * Starts a silos query from blueprints. Its type keeps theirs (`First | More[number]`, two parameters rather
 * than one tuple: 14 type instantiations fewer), whose own returnTypes the result type reads.
 *
 * @example
 * hql.silos(silo.explore({ name: 'Popular', positions: [0] }), silo.basedOnItem({ nameGenerator: 'Because you liked $1' }))
 */
export function silos<First extends BlueprintSpec, More extends readonly BlueprintSpec[]>(
  blueprint: First,
  ...more: More
): SilosQuery<BrowsableType, never, First | More[number]>
export function silos(...blueprints: readonly BlueprintSpec[]): SilosQuery {
  // The list's bounds as the blueprint list rule words them (request/blueprints.ts), then each blueprint: one a
  // helper made (a JavaScript caller's null, plain object or hand-written blueprint is refused with its index).
  const count = blueprints.length
  if (count < 1)
    throw new HqlError('invalid_request', 'expected a list of one or more blueprints, got []', {
      path: ['blueprints'],
    })
  if (count > requestLimits.blueprints)
    throw new HqlError(...tooMany('blueprints', count), { path: ['blueprints'] })
  const given = blueprints.map((spec, index) => {
    if (!made.has(spec)) throw new HqlError('invalid_request', notMade, { path: ['blueprints', index] })
    return spec.blueprint
  })
  // filters is required for silos (SERVICE-SPEC.md): every silos body carries it, `{}` until `.filter()`.
  const body = Object.freeze({ filters: emptyFilters, blueprints: Object.freeze(given) })
  return QueryValue.of('silos', body as never, browsableTypes, IdListRule) as never
}

const notMade = 'expected a blueprint made by silo (silo.explore(), silo.content(…), …)'
