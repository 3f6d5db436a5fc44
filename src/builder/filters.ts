import {
  CollectionsOperatorRule,
  ContributorsOfOperatorRule,
  ContributorsOperatorRule,
  ReturnTypeOperatorRule,
  SourcesOperatorRule,
  TraitsOperatorRule,
  checked,
  madeFilter,
  mustBeMade,
  MadeFilter,
} from '../model/core'
import type {
  CheckedId,
  CollectionId,
  ContributorId,
  CurrentUserAlias,
  FilterName,
  MediaId,
  ReturnTypeName,
  Operator,
  SourceId,
  TraitId,
  WrongIdType,
  Rule,
} from '../model/core'

declare const filterTypes: unique symbol

/**
 * One filter: its name and operator. For `returnType`, the phantom `Types` carries the object types it lets
 * through, which narrows the query's result type.
 */
export interface FilterSpec<Name extends FilterName = FilterName, Types = unknown> {
  readonly filter: Name
  readonly operator: Operator<string>
  readonly [filterTypes]?: Types
}

/**
 * Types a query returns when no returnType filter narrows them: the types returnType can ask for, and the media
 * kinds without a name of their own (OtherMedia), which any media listing may hold.
 */
export type BrowsableType = ReturnTypeName | 'OtherMedia'

/**
 * A string literal id must have the prefix `Id` and be well formed (`mhric-brad-pitt`, not `mhric`); a string
 * only known at run time is checked at run time.
 */
export type IdArg<V extends string, Id extends string> = CheckedId<V, Id, 'prefixed'>

type IdArgs<V extends readonly string[], Id extends string> = { [I in keyof V]: IdArg<V[I], Id> }

/** The operators of an id-valued filter. */
export interface IdFilter<Name extends FilterName, Id extends string> {
  // `eq` and `ne` check their id through CheckedId itself, not the IdArg alias: the alias cost the quickstart and
  // the four-blueprint scenario (one such call each) 8 type instantiations more (bench/types.bench.ts).
  /** Items related to this id. */
  eq<const V extends string>(id: CheckedId<V, Id, 'prefixed'>): FilterSpec<Name>
  /** Items not related to this id. */
  ne<const V extends string>(id: CheckedId<V, Id, 'prefixed'>): FilterSpec<Name>
  /** Items related to any of these ids. */
  in<const V extends readonly string[]>(...ids: IdArgs<V, Id>): FilterSpec<Name>
  /** Items related to all of these ids. */
  all<const V extends readonly string[]>(...ids: IdArgs<V, Id>): FilterSpec<Name>
  /** Items that satisfy any of these filters (on the same name), e.g. `traits.or(traits.all(a, b), traits.all(c, d))`. */
  or(...filters: readonly FilterSpec<Name>[]): FilterSpec<Name>
}

/**
 * What a type name `returnType` does not take is refused with: a sentence for Image and Subscription, which are
 * reached only through the objects that own them (as at run time, `unknown_type`), and for a name that is no type
 * of the graph. A name known only at run time (`string`), or still being written (`''`, `'Mo'`: the start of a
 * name), gets the names that are taken, which is what the editor completes after `returnType.eq('`.
 */
export type NotAReturnType<T extends string> = string extends T
  ? ReturnTypeName
  : T extends 'Image' | 'Subscription'
    ? `'${T}' cannot be retrieved on its own (ask for it as a component of what owns it)`
    : [Extract<ReturnTypeName, `${T}${string}`>] extends [never]
      ? `'${T}' is not a type returnType can ask for`
      : ReturnTypeName

// A type name as it is, or the message saying why it is refused.
type ReturnTypeArg<T extends string> = T extends ReturnTypeName ? T : NotAReturnType<T>

// Each name of a tuple, checked as ReturnTypeArg: the tuple itself when every name is taken. The check sits
// behind `infer` so that TypeScript infers `T` from the bare `T` alone (as CheckedIds does).
type ReturnTypeArgs<T extends readonly string[]> = T extends readonly ReturnTypeName[]
  ? T
  : T extends infer Each extends readonly string[]
    ? { [I in keyof Each]: ReturnTypeArg<Each[I]> }
    : never

/**
 * A media id: `IdArg` of a MediaId, but the current-user alias, which starts as an Album Series (OtherMedia) id
 * does and which `describeId` reads whole as the user, is the wrong type. Apart from `IdArg`, which every id
 * filter uses: the alias test there cost the quickstart 30 type instantiations more (bench/types.bench.ts).
 */
export type MediaIdArg<V extends string> = V extends CurrentUserAlias ? WrongIdType<V> : IdArg<V, MediaId>

type MediaIdArgs<V extends readonly string[]> = { [I in keyof V]: MediaIdArg<V[I]> }

/** The operators of `contributorsOf`: `IdFilter`'s, for media ids (`MediaIdArg`). */
export interface MediaIdFilter<Name extends FilterName> {
  /** Items related to this id. */
  eq<const V extends string>(id: MediaIdArg<V>): FilterSpec<Name>
  /** Items not related to this id. */
  ne<const V extends string>(id: MediaIdArg<V>): FilterSpec<Name>
  /** Items related to any of these ids. */
  in<const V extends readonly string[]>(...ids: MediaIdArgs<V>): FilterSpec<Name>
  /** Items related to all of these ids. */
  all<const V extends readonly string[]>(...ids: MediaIdArgs<V>): FilterSpec<Name>
  /** Items that satisfy any of these filters (on the same name). */
  or(...filters: readonly FilterSpec<Name>[]): FilterSpec<Name>
}

/** The operators of `returnType`, which narrow the result type. */
export interface ReturnTypeFilter {
  // The check is written out in `eq` rather than through ReturnTypeArg: the alias cost each call three type
  // instantiations more (bench/types.bench.ts).
  eq<const T extends string>(
    type: T extends ReturnTypeName ? T : NotAReturnType<T>,
  ): FilterSpec<'returnType', T>
  // A type known only at run time (`ReturnTypeName` itself) excludes nothing the types can see.
  ne<const T extends string>(
    type: ReturnTypeArg<T>,
  ): FilterSpec<'returnType', ReturnTypeName extends T ? BrowsableType : Exclude<BrowsableType, T>>
  in<const T extends readonly string[]>(...types: ReturnTypeArgs<T>): FilterSpec<'returnType', T[number]>
  or<const F extends readonly FilterSpec<'returnType'>[]>(
    ...filters: F
  ): FilterSpec<'returnType', TypesOf<F[number]>>
}

type TypesOf<F> = F extends FilterSpec<'returnType', infer T> ? T : never

// A filter as its helper makes it: the operator checked by the rule of its filter (src/model/request/filters.ts)
// at the path it will have in a body, so that a mistake reads as fromJSON reads it there, and made a `MadeFilter`
// (the query's `.filter()` takes only these: src/model/query/made.ts). Only the operator reaches a query's body.
function spec(filter: FilterName, rule: Rule, operator: Operator<string>): FilterSpec {
  return new MadeFilter(
    filter,
    Object.freeze(checked(rule, operator, ['filters', filter]) as Operator<string>),
  )
}

// The helpers of one filter. Marked pure so that bundlers drop the helpers (and the rules) an app leaves unused.
/* @__NO_SIDE_EFFECTS__ */
function filterField(name: FilterName, rule: Rule) {
  return {
    eq: (value: string) => spec(name, rule, { $eq: value }),
    ne: (value: string) => spec(name, rule, { $ne: value }),
    in: (...values: string[]) => spec(name, rule, { $in: Object.freeze(values) }),
    all: (...values: string[]) => spec(name, rule, { $all: Object.freeze(values) }),
    // Each branch one a filter helper made (a JavaScript caller's hand-written object is refused where it
    // stands); the whole `$or` is checked again by the rule: its length, and branches of another filter.
    or: (...filters: FilterSpec[]) =>
      spec(name, rule, {
        $or: Object.freeze(
          filters.map(
            (f, i) => (
              mustBeMade(MadeFilter.is(f), 'invalid_request', ['filters', name, '$or', i], madeFilter),
              f.operator
            ),
          ),
        ),
      }),
  }
}

/** Filter on the type of the top-level objects: `returnType.eq('Movie')`. Narrows the result type. */
export const returnType = filterField('returnType', ReturnTypeOperatorRule) as unknown as ReturnTypeFilter
/** Filter on traits (genres and the other trait families): `traits.eq('mhgnr-drama')`. */
export const traits = filterField('traits', TraitsOperatorRule) as unknown as IdFilter<'traits', TraitId>
/** Filter on the media a contributor worked on (returns contributors): `contributorsOf.eq('mhmov-gladiator')`. */
export const contributorsOf = filterField(
  'contributorsOf',
  ContributorsOfOperatorRule,
) as unknown as MediaIdFilter<'contributorsOf'>

export const contributorsFilter = filterField(
  'contributors',
  ContributorsOperatorRule,
) as unknown as IdFilter<'contributors', ContributorId>
export const sourcesFilter = filterField('sources', SourcesOperatorRule) as unknown as IdFilter<
  'sources',
  SourceId
>
export const collectionsFilter = filterField('collections', CollectionsOperatorRule) as unknown as IdFilter<
  'collections',
  CollectionId
>
