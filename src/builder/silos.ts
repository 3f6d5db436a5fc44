import {
  HqlError,
  checkArgShape,
  QueryValue,
  checkIdType,
  checkLimit,
  checkLookupId,
  checkFilterInput,
  checkedIds,
  emptyFilters,
  orderFilters,
  browsableTypes,
  shown,
} from '../model/core'
import type {
  Blueprint,
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
  readonly blueprint: Blueprint & { readonly type: Type }
}

function blueprint(type: BlueprintType, options: Record<string, unknown>, params?: Record<string, unknown>) {
  checkArgShape(options, [])
  const { positions, probability, filters } = options as {
    positions?: unknown
    probability?: unknown
    filters?: readonly FilterSpec[]
  }
  if (positions !== undefined && probability !== undefined)
    throw new HqlError(
      'positions_with_probability',
      'positions and probability cannot be combined: choose fixed positions or a probability',
      { path: ['probability'] },
    )
  if (
    positions !== undefined &&
    (!Array.isArray(positions) || !positions.every((p) => Number.isSafeInteger(p) && p >= 0))
  )
    throw new HqlError('invalid_request', 'expected positions as whole numbers of 0 or more', {
      path: ['positions'],
    })
  if (
    probability !== undefined &&
    (typeof probability !== 'number' || !(probability >= 0 && probability <= 1))
  )
    throw new HqlError('invalid_request', `expected a probability from 0 to 1, got ${shown(probability)}`, {
      path: ['probability'],
    })
  const out: Record<string, unknown> = { type }
  if (positions !== undefined) out.positions = Object.freeze([...(positions as number[])])
  if (probability !== undefined) out.probability = probability
  // A list, or nothing: `{ length: 1 }` is refused here, not read as one.
  if (filters !== undefined) checkArgShape(Array.isArray(filters) && filters, ['filters'])
  if (filters !== undefined && filters.length > 0) {
    const record: Record<string, unknown> = {}
    for (const input of filters) {
      checkFilterInput(input)
      const { filter, operator } = input
      record[filter] = operator
    }
    out.filters = orderFilters(record)
  }
  const definedParams =
    params && Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined))
  if (definedParams && Object.keys(definedParams).length > 0) out.params = Object.freeze(definedParams)
  return Object.freeze({ blueprint: Object.freeze(out) }) as never
}

/** Blueprint builders, one per silo type. */
export const silo = {
  /** Classic recommendations from all seed data. */
  recommendedForYou: (
    options: BlueprintOptions & { readonly name?: string } = {},
  ): BlueprintSpec<'RecommendedForYou'> => blueprint('RecommendedForYou', options, { name: options?.name }),
  /** Popular titles; uses no seed data. */
  explore: (options: BlueprintOptions & { readonly name?: string } = {}): BlueprintSpec<'Explore'> =>
    blueprint('Explore', options, { name: options?.name }),
  /** Recommendations based heavily on one item; `$1` in the title is the item's name. */
  basedOnItem: (
    options: BlueprintOptions & { readonly nameGenerator?: string } = {},
  ): BlueprintSpec<'BasedOnItem'> =>
    blueprint('BasedOnItem', options, { nameGenerator: options?.nameGenerator }),
  /** Three traits that go well together, recommended for the user. */
  graphLens: (options: BlueprintOptions = {}): BlueprintSpec<'GraphLens'> => blueprint('GraphLens', options),
  /** Three traits that go well together, by popularity; `$1` in the title is the seed. */
  exploreGraphLens: (
    options: BlueprintOptions & { readonly nameGenerator?: string } = {},
  ): BlueprintSpec<'ExploreGraphLens'> =>
    blueprint('ExploreGraphLens', options, { nameGenerator: options?.nameGenerator }),
  /** Recommendations from a curated set of titles. */
  content: <const Ids extends readonly [string, ...string[]]>(
    options: BlueprintOptions & { readonly ids: CheckedIdList<Ids>; readonly name?: string },
  ): BlueprintSpec<'Content'> => {
    // The same rule as lookup's ids and fromJSON's (AnyIdSchema): the builder accepts exactly what they do.
    checkArgShape(options?.ids, ['params', 'ids'])
    const ids = checkedIds(options.ids as readonly string[], ['params', 'ids'])
    ids.forEach((id, index) => checkLookupId(id, ['params', 'ids', index]))
    return blueprint('Content', options, { name: options.name, ids: Object.freeze(ids) })
  },
  /** An editorial collection. */
  collection: <const Id extends string>(
    options: BlueprintOptions & {
      readonly id: CheckedId<Id, CollectionId, 'prefixed'>
      readonly name?: string
    },
  ): BlueprintSpec<'Collection'> => {
    checkIdType(options?.id, ['Collection'], ['params', 'id'])
    return blueprint('Collection', options, { name: options.name, id: options.id })
  },
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
  checkLimit('blueprints', blueprints.length, undefined, 1)
  // filters is required for silos (SERVICE-SPEC.md): every silos body carries it, `{}` until `.filter()`.
  const body = Object.freeze({
    filters: emptyFilters,
    blueprints: Object.freeze(
      // A JavaScript caller's null or plain object is refused with its index, not read.
      blueprints.map((b, i) => (checkArgShape(b?.blueprint, ['blueprints', i]), b.blueprint)),
    ),
  })
  return QueryValue.of('silos', body as never, browsableTypes) as never
}
