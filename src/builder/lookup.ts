import { IdListRule, QueryValue, SomeIdsRule, checked, typesOfIds } from '../model/core'
import type { CheckedIds, MappedSourceId, ObjectTypeName, Query, TypeOfId } from '../model/core'
import type { ComponentArg, SpecOfArg } from './component-spec'
import type { BrowsableType } from './filters'
import type { ListResult } from './result'
import type { ValidComponents } from './argument-checks'

/** What lookup answers at the position of a mapped source id it does not know: `{}`. */
export interface UnknownIdItem {
  readonly object?: undefined
  readonly context?: undefined
}

/** The types a set of ids names; an id whose text does not tell may be any browsable type. */
export type TypesOfIds<Id extends string> = Id extends string
  ? [TypeOfId<Id>] extends [never]
    ? BrowsableType
    : TypeOfId<Id>
  : never

/**
 * Mapped source ids (and ids only known at run time) may be unknown to the service. Distributive over the ids,
 * without `Extract`: its alias cost each lookup's type 3 instantiations more (bench/types.bench.ts).
 */
type MaybeUnknown<Id extends string> = Id extends MappedSourceId
  ? UnknownIdItem
  : string extends Id
    ? UnknownIdItem
    : never

/** A lookup query: details for given ids. Each method returns a new query. */
export interface LookupQuery<
  T extends ObjectTypeName = BrowsableType,
  C = never,
  Extra = never,
> extends Query<ListResult<T, C, Extra>> {
  readonly endpoint: 'lookup'
  with<const S extends readonly ComponentArg[]>(
    ...components: ValidComponents<T, S, C>
  ): LookupQuery<T, C | SpecOfArg<S[number]>, Extra>
  page(page: number): LookupQuery<T, C, Extra>
  pageSize(size: number): LookupQuery<T, C, Extra>
}

/**
 * Starts a lookup of ids: mhids, altIds or mapped source ids (`Source:Type:id`). The result type follows
 * the ids' prefixes.
 *
 * @example
 * hql.lookup('mhmov-gladiator', 'iTunes:Movie:569220589').with(primaryImage, keyContributors)
 */
export function lookup<const Ids extends readonly [string, ...string[]]>(
  ...ids: CheckedIds<Ids>
): LookupQuery<TypesOfIds<Ids[number]>, never, MaybeUnknown<Ids[number]>> {
  // The rest array is this call's own: checked as lookup's ids in a body, and frozen as it is.
  const checkedIds = Object.freeze(checked(SomeIdsRule, ids, ['ids']))
  return QueryValue.of(
    'lookup',
    Object.freeze({ ids: checkedIds }) as never,
    typesOfIds(checkedIds),
    IdListRule,
  ) as never
}
