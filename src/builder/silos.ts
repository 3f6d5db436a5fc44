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
export type BlueprintOptions = Placement & { readonly filters?: readonly FilterSpec[] }

/** A silo blueprint, ready for `hql.silos(...)`. */
export interface BlueprintSpec<out Type extends BlueprintType = BlueprintType> {
  readonly blueprint: BlueprintsByType[Type]
}

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
function blueprint<Type extends BlueprintType>(type: Type, options: unknown): BlueprintSpec<Type> {
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
  recommendedForYou: (
    options: BlueprintOptions & { readonly name?: string } = {},
  ): BlueprintSpec<'RecommendedForYou'> => blueprint('RecommendedForYou', options),
  /** Popular titles; uses no seed data. */
  explore: (options: BlueprintOptions & { readonly name?: string } = {}): BlueprintSpec<'Explore'> =>
    blueprint('Explore', options),
  /** Recommendations based heavily on one item; `$1` in the title is the item's name. */
  basedOnItem: (
    options: BlueprintOptions & { readonly nameGenerator?: string } = {},
  ): BlueprintSpec<'BasedOnItem'> => blueprint('BasedOnItem', options),
  /** Three traits that go well together, recommended for the user. */
  graphLens: (options: BlueprintOptions = {}): BlueprintSpec<'GraphLens'> => blueprint('GraphLens', options),
  /** Three traits that go well together, by popularity; `$1` in the title is the seed. */
  exploreGraphLens: (
    options: BlueprintOptions & { readonly nameGenerator?: string } = {},
  ): BlueprintSpec<'ExploreGraphLens'> => blueprint('ExploreGraphLens', options),
  /** Recommendations from a curated set of titles. */
  content: <const Ids extends readonly [string, ...string[]]>(
    options: BlueprintOptions & { readonly ids: CheckedIdList<Ids>; readonly name?: string },
  ): BlueprintSpec<'Content'> => blueprint('Content', options),
  /** An editorial collection. */
  collection: <const Id extends string>(
    options: BlueprintOptions & {
      readonly id: CheckedId<Id, CollectionId, 'prefixed'>
      readonly name?: string
    },
  ): BlueprintSpec<'Collection'> => blueprint('Collection', options),
}

/** A silos query: several carousels in one call. Each method returns a new query. */
export interface SilosQuery<T extends ObjectTypeName = BrowsableType, C = never> extends Query<
  SilosResult<T, C>
> {
  readonly endpoint: 'silos'
  /** Ids of content the user has positive affinity for (the seed of BasedOnItem and the recommendations). */
  ids<const Ids extends readonly string[]>(...ids: CheckedIds<Ids>): SilosQuery<T, C>
  /** Global filters; blueprint filters override them. */
  filter<const F extends readonly FilterSpec[]>(
    ...filters: ValidFilters<C, F>
  ): SilosQuery<Narrowed<T, F[number]>, C>
  with<const S extends readonly ComponentArg[]>(
    ...components: ValidComponents<T, S, C>
  ): SilosQuery<T, C | SpecOfArg<S[number]>>
  /** The number of silos per page. (No `page`: a later page of silos is the response's `pagingInfo.next`.) */
  pageSize(size: number): SilosQuery<T, C>
  /** The number of titles per silo. */
  siloPageSize(size: number): SilosQuery<T, C>
}

/**
 * Starts a silos query from blueprints.
 *
 * @example
 * hql.silos(silo.explore({ name: 'Popular', positions: [0] }), silo.basedOnItem({ nameGenerator: 'Because you liked $1' }))
 */
export function silos(...blueprints: readonly [BlueprintSpec, ...BlueprintSpec[]]): SilosQuery {
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
