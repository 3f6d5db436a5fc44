import {
  HqlError,
  QueryValue,
  checkIdType,
  checkLimit,
  factorIdTypes,
  browsableTypes,
  shown,
} from '../model/core'
import type { Factor, ObjectTypeName, Query, UserId, MediaId, ContributorId } from '../model/core'
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

function toFactor(input: unknown, index: number): Factor {
  const path = ['factors', index]
  const factor = typeof input === 'string' ? { id: input } : (input as Record<string, unknown> | null)
  if (factor === null || typeof factor !== 'object')
    throw new HqlError('invalid_factor', 'expected an id or { id, weight?, boostOnly? }', { path })
  checkIdType(factor.id, factorIdTypes, [...path, 'id'])
  const { weight, boostOnly } = factor
  if (weight !== undefined && (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0))
    throw new HqlError('invalid_factor', `expected a weight of 0 or more, got ${shown(weight)}`, {
      path: [...path, 'weight'],
    })
  if (boostOnly !== undefined && typeof boostOnly !== 'boolean')
    throw new HqlError('invalid_factor', `expected true or false, got ${shown(boostOnly)}`, {
      path: [...path, 'boostOnly'],
    })
  const out: { id: string; weight?: number; boostOnly?: boolean } = { id: factor.id as string }
  if (weight !== undefined) out.weight = weight
  if (boostOnly !== undefined) out.boostOnly = boostOnly
  return Object.freeze(out) as Factor
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
  checkLimit('factors', factors.length, undefined, 1)
  const body = Object.freeze({ factors: Object.freeze((factors as readonly unknown[]).map(toFactor)) })
  return QueryValue.of('relate', body as never, browsableTypes) as never
}
