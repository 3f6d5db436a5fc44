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
  CheckedIds,
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

/** Options every blueprint takes: placement and blueprint-level filters (which override the global ones). */
export type BlueprintOptions<F extends readonly FilterSpec[] = readonly FilterSpec[]> = Placement & {
  readonly filters?: F
}

declare const ownTypes: unique symbol

/**
 * A silo blueprint, ready for `hql.silos(...)`. `Own` is what its own returnType filter lets through (never
 * without one): a blueprint's filters override the global ones, filter by filter, so its silo holds `Own` whatever
 * the query's `.filter()` narrows the others to.
 */
export interface BlueprintSpec<
  out Type extends BlueprintType = BlueprintType,
  out Own extends ObjectTypeName = ObjectTypeName,
> {
  readonly blueprint: BlueprintsByType[Type]
  readonly [ownTypes]?: Own
}

/** The types a blueprint's own filters `F` let through: never without a returnType among them. */
type OwnTypes<F> = F extends readonly FilterSpec[] ? Narrowed<never, F[number]> : never

/** What the blueprints `B` let through by returnType filters of their own (never where none has one). */
type OwnOf<B extends readonly BlueprintSpec[]> = {
  [K in keyof B]: B[K] extends BlueprintSpec<BlueprintType, infer Own> ? Own : never
}[number]

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

/** Blueprint builders, one per silo type. */
export const silo = {
  /** Classic recommendations from all seed data. */
  recommendedForYou: <const F extends readonly FilterSpec[] = []>(
    options: BlueprintOptions<F> & { readonly name?: string } = {},
  ): BlueprintSpec<'RecommendedForYou', OwnTypes<F>> => blueprint('RecommendedForYou', options),
  /** Popular titles; uses no seed data. */
  explore: <const F extends readonly FilterSpec[] = []>(
    options: BlueprintOptions<F> & { readonly name?: string } = {},
  ): BlueprintSpec<'Explore', OwnTypes<F>> => blueprint('Explore', options),
  /** Recommendations based heavily on one item; `$1` in the title is the item's name. */
  basedOnItem: <const F extends readonly FilterSpec[] = []>(
    options: BlueprintOptions<F> & { readonly nameGenerator?: string } = {},
  ): BlueprintSpec<'BasedOnItem', OwnTypes<F>> => blueprint('BasedOnItem', options),
  /** Three traits that go well together, recommended for the user. */
  graphLens: <const F extends readonly FilterSpec[] = []>(
    options: BlueprintOptions<F> = {},
  ): BlueprintSpec<'GraphLens', OwnTypes<F>> => blueprint('GraphLens', options),
  /** Three traits that go well together, by popularity; `$1` in the title is the seed. */
  exploreGraphLens: <const F extends readonly FilterSpec[] = []>(
    options: BlueprintOptions<F> & { readonly nameGenerator?: string } = {},
  ): BlueprintSpec<'ExploreGraphLens', OwnTypes<F>> => blueprint('ExploreGraphLens', options),
  /** Recommendations from a curated set of titles. */
  content: <const Ids extends readonly [string, ...string[]], const F extends readonly FilterSpec[] = []>(
    options: BlueprintOptions<F> & { readonly ids: CheckedIdList<Ids>; readonly name?: string },
  ): BlueprintSpec<'Content', OwnTypes<F>> => blueprint('Content', options),
  /** An editorial collection. */
  collection: <const Id extends string, const F extends readonly FilterSpec[] = []>(
    options: BlueprintOptions<F> & {
      readonly id: CheckedId<Id, CollectionId, 'prefixed'>
      readonly name?: string
    },
  ): BlueprintSpec<'Collection', OwnTypes<F>> => blueprint('Collection', options),
}

/**
 * A silos query: several carousels in one call. Each method returns a new query. Its silos hold what its
 * `.filter()` lets through (`T`), and what blueprints with a returnType filter of their own let through (`Own`),
 * as a blueprint's filters override the global ones for its silo. (`T` stays in even where every blueprint has its
 * own returnType: a wider type, never a wrong one.)
 */
export interface SilosQuery<
  T extends ObjectTypeName = BrowsableType,
  C = never,
  Own extends ObjectTypeName = never,
> extends Query<SilosResult<T | Own, C>> {
  readonly endpoint: 'silos'
  /** Ids of content the user has positive affinity for (the seed of BasedOnItem and the recommendations). */
  ids<const Ids extends readonly string[]>(...ids: CheckedIds<Ids>): SilosQuery<T, C, Own>
  /** Global filters; a blueprint's own filters override them for its silo. */
  filter<const F extends readonly FilterSpec[]>(
    ...filters: ValidFilters<C, F>
  ): SilosQuery<Narrowed<T, F[number]>, C, Own>
  /**
   * Adds components, checked against what the query's own filters let through (at every door alike); a silo of a
   * blueprint with a returnType of its own gets them where they apply.
   */
  with<const S extends readonly ComponentArg[]>(
    ...components: ValidComponents<T, S, C>
  ): SilosQuery<T, C | SpecOfArg<S[number]>, Own>
  /** The number of silos per page. (No `page`: a later page of silos is the response's `pagingInfo.next`.) */
  pageSize(size: number): SilosQuery<T, C, Own>
  /** The number of titles per silo. */
  siloPageSize(size: number): SilosQuery<T, C, Own>
}

/**
 * Starts a silos query from blueprints.
 *
 * @example
 * hql.silos(silo.explore({ name: 'Popular', positions: [0] }), silo.basedOnItem({ nameGenerator: 'Because you liked $1' }))
 */
export function silos<const B extends readonly [BlueprintSpec, ...BlueprintSpec[]]>(
  ...blueprints: B
): SilosQuery<BrowsableType, never, OwnOf<B>> {
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
