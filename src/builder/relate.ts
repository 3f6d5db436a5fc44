import { FactorListRule, QueryValue, browsableTypes, canonical, checked } from '../model/core'
import type { ObjectTypeName, Query, UserId, MediaId, ContributorId } from '../model/core'
import type { ComponentArg, SpecOfArg } from './component-spec'
import type { BrowsableType, FilterSpec, IdArg } from './filters'
import type { ListResult } from './result'
import type { ValidComponents, ValidFilters } from './argument-checks'
import type { Narrowed } from './explore'

/** The ids a factor may name: a user, a title or a contributor. */
export type FactorId = UserId | MediaId | ContributorId

/** A factor in object form: `{ id, weight: 0.5 }` has half the influence; `boostOnly` re-ranks only. */
export interface FactorInput<Id extends string = string> {
  readonly id: Id
  readonly weight?: number
  readonly boostOnly?: boolean
}

type ValidFactors<F extends readonly unknown[]> = {
  [I in keyof F]: F[I] extends string
    ? IdArg<F[I], FactorId>
    : F[I] extends FactorInput<infer Id>
      ? FactorInput<IdArg<Id, FactorId>>
      : FactorInput<FactorId>
}

/** A relate query: recommendations from weighted factors. Each method returns a new query. */
export interface RelateQuery<T extends ObjectTypeName = BrowsableType, C = never> extends Query<
  ListResult<T, C>
> {
  readonly endpoint: 'relate'
  filter<const F extends readonly FilterSpec[]>(
    ...filters: ValidFilters<C, F>
  ): RelateQuery<Narrowed<T, F[number]>, C>
  with<const S extends readonly ComponentArg[]>(
    ...components: ValidComponents<T, S, C>
  ): RelateQuery<T, C | SpecOfArg<S[number]>>
  page(page: number): RelateQuery<T, C>
  pageSize(size: number): RelateQuery<T, C>
}

/**
 * Starts a relate query from factors: ids, or `{ id, weight?, boostOnly? }`.
 *
 * @example
 * hql.relate('mhmov-gladiator', { id: 'mhric-russell-crowe', weight: 0.5 }).filter(returnType.eq('Movie'))
 */
export function relate<const F extends readonly [unknown, ...unknown[]]>(
  ...factors: ValidFactors<F>
): RelateQuery {
  // An id is the short form of `{ id }`; then each factor by the factor rule, copied (it is the caller's) and
  // frozen, as fromJSON takes a body's.
  const given = (factors as readonly unknown[]).map((factor) =>
    typeof factor === 'string' ? { id: factor } : factor,
  )
  const body = Object.freeze({
    factors: canonical(FactorListRule, checked(FactorListRule, given, ['factors'])),
  })
  return QueryValue.of('relate', body as never, browsableTypes) as never
}
