// The other clauses of typed inline text: `order by`, paging, relate's factors and silos' blueprints. They are
// read so that the text is checked whole, as the parser reads it; only a blueprint's own returnType adds to the
// result type (its silo's items, as the builder's silo helpers carry it).

import type { BlueprintSpec, FilterSpec } from '../builder'
import type { BlueprintType } from '../model'
import type { Fail, Failed, First, TooLong, Unexpected } from './errors'
import type { Turns } from './normalise'
import type { InRange } from './numbers'
import type { DidYouMean, ListValue, Param, Scalar } from './values'
import type { Where } from './where'

type SortKeyName =
  | 'name'
  | 'releaseDate'
  | 'popularity'
  | 'collectionOrder'
  | 'likeOrder'
  | 'followOrder'
  | 'random'
  | 'idsOrder'

/** An optional `order by`: `none`, or sort keys with an optional order. Yields the rest. */
export type OrderBy<S extends string, P extends Param> = S extends `order ${infer R}`
  ? R extends `by ${infer Keys}`
    ? Keys extends `none ${infer Rest}`
      ? Rest
      : SortKeys<Keys, P, ''>
    : Unexpected<First<R>, `'by'`>
  : S

type SortKeys<S extends string, P extends Param, C extends string> = C extends Turns
  ? Failed<TooLong>
  : SortKey<S, P> extends infer Rest extends string
    ? Rest extends `, ${infer Next}`
      ? SortKeys<Next, P, `${C}.`>
      : Rest
    : SortKey<S, P>

type SortKey<S extends string, P extends Param> = S extends `idsOrder ${infer R}`
  ? R extends `[ ] ${string}`
    ? Fail<'expected at least one id', 'invalid_sort'>
    : ListValue<R, 'Id', P> extends [unknown, infer Rest extends string]
      ? Order<Rest>
      : ListValue<R, 'Id', P>
  : S extends `${infer Key} ${infer R}`
    ? Key extends SortKeyName
      ? R extends `[ ${string}` | `$${string}`
        ? Fail<`only idsOrder takes a list of ids, not '${Key}'`, 'invalid_sort'>
        : Order<R>
      : Key extends '(' | ')' | ',' | '[' | ']' | '{' | '}' | '=' | '!=' | ':'
        ? Unexpected<Key, 'a sort key'>
        : Fail<
            `unknown sort key '${Key}'${DidYouMean<Key, SortKeyName>}; sort keys: name, releaseDate, popularity, collectionOrder, likeOrder, followOrder, random, idsOrder`,
            'unknown_sort'
          >
    : Unexpected<'', 'a sort key'>

type Order<S extends string> = S extends `${'asc' | 'desc' | 'ascending' | 'descending'} ${infer Rest}`
  ? Rest
  : S

/** Optional paging: `page n [size m]` or `page size m`, each number in its range. Yields the rest. */
export type Paging<S extends string, P extends Param> = S extends `page size ${infer V}`
  ? // Written out rather than an alias (Sized): the quickstart text's budget has no room for one.
    Scalar<V, 'Int', P> extends [unknown, infer Rest extends string]
    ? V extends Suspect
      ? InRange<V, 'size', Rest>
      : Rest
    : Scalar<V, 'Int', P>
  : S extends `page ${infer V}`
    ? Scalar<V, 'Int', P> extends [unknown, infer Rest extends string]
      ? V extends Suspect
        ? InRange<V, 'page', AfterPage<Rest, P>>
        : AfterPage<Rest, P>
      : Scalar<V, 'Int', P>
    : S

// After `page n`: an optional `size m`.
type AfterPage<S extends string, P extends Param> = S extends `size ${infer W}` ? Sized<W, P> : S

// A page size: a whole number of 1 or more, or a parameter.
type Sized<V extends string, P extends Param> =
  Scalar<V, 'Int', P> extends [unknown, infer Rest extends string]
    ? V extends Suspect
      ? InRange<V, 'size', Rest>
      : Rest
    : Scalar<V, 'Int', P>

// Only a number that starts with `-` or `0`, or with a `.` after it (anywhere in the rest: InRange reads the
// first word), is looked at closely; most are plain (`10`), and cost one test.
type Suspect = `${'-' | '0'}${string}` | `${string}.${string}`

/** Silos' paging: `page n [size m]` or `page size m` (a silos page is the service's next), then `silo size n`. Yields the rest. */
export type SilosPaging<S extends string, P extends Param> =
  Paging<S, P> extends infer Rest extends string
    ? Rest extends `silo size ${infer V}`
      ? InRange<V, 'size', Number_<V, P>>
      : Rest
    : Paging<S, P>

// A whole number or a parameter: the rest after it.
type Number_<S extends string, P extends Param> =
  Scalar<S, 'Int', P> extends [unknown, infer Rest extends string] ? Rest : Scalar<S, 'Int', P>

/** Relate's factors after `to`: ids with an optional weight and boost. Yields the rest. */
export type Factors<S extends string, P extends Param, C extends string> = C extends Turns
  ? Failed<TooLong>
  : Factor<S, P> extends infer Rest extends string
    ? Rest extends `, ${infer Next}`
      ? Factors<Next, P, `${C}.`>
      : Rest
    : Factor<S, P>

type Factor<S extends string, P extends Param> =
  FactorId<S, P> extends infer Rest extends string
    ? Weight<Rest, P> extends infer After extends string
      ? Boost<After, P>
      : Weight<Rest, P>
    : FactorId<S, P>

type FactorId<S extends string, P extends Param> = S extends `"${string}` | `$${string}`
  ? Scalar<S, 'FactorId', P> extends [unknown, infer Rest extends string]
    ? Rest
    : Scalar<S, 'FactorId', P>
  : Unexpected<First<S>, 'an id or a parameter'>

type Weight<S extends string, P extends Param> = S extends `weight ${infer V}`
  ? InRange<
      V,
      'weight',
      Scalar<V, 'Float', P> extends [unknown, infer Rest extends string] ? Rest : Scalar<V, 'Float', P>
    >
  : S

// `boost only`, with an optional true, false or parameter.
type Boost<S extends string, P extends Param> = S extends `boost ${infer R}`
  ? R extends `only ${infer B}`
    ? B extends `${'true' | 'false'} ${infer Rest}`
      ? Rest
      : B extends `$${string}`
        ? Scalar<B, 'Boolean', P> extends [unknown, infer Rest extends string]
          ? Rest
          : Scalar<B, 'Boolean', P>
        : B
    : Unexpected<First<R>, `'only'`>
  : S

/**
 * Silos' blueprints: `silo Type (params) at [..] probability p where …`, one or more. Yields `[B, rest]`, `B` the
 * blueprints as the builder's `silo` helpers type them (a union), whose own returnTypes the result reads.
 */
export type Blueprints<S extends string, P extends Param, C extends string, B = never> = C extends Turns
  ? Failed<TooLong>
  : S extends `silo ${infer R}`
    ? R extends `size ${string}`
      ? C extends ''
        ? Unexpected<'size', 'a blueprint type'>
        : [B, S]
      : Blueprint<R, P> extends [infer One, infer Rest extends string]
        ? Blueprints<Rest, P, `${C}.`, B | One>
        : Blueprint<R, P>
    : C extends ''
      ? Unexpected<First<S>, `'silo' and a blueprint`>
      : [B, S]

// One blueprint: [its spec, the rest]. Its `where` gives its own returnType's types, if it names one.
type Blueprint<S extends string, P extends Param> = S extends `${infer Type} ${infer R}`
  ? Type extends BlueprintType
    ? BlueprintParams<R, P> extends infer Rest extends string
      ? Placement<Rest, P> extends infer After extends string
        ? Where<After, P> extends [infer Types, infer Names, infer End extends string]
          ? [BlueprintSpec<Type, 'returnType' extends Names ? FilterSpec<'returnType', Types> : never>, End]
          : Where<After, P>
        : Placement<Rest, P>
      : BlueprintParams<R, P>
    : Fail<
        `expected a blueprint type: RecommendedForYou, Explore, BasedOnItem, GraphLens, ExploreGraphLens, Content, Collection${DidYouMean<Type, BlueprintType>}`,
        'unknown_blueprint'
      >
  : Unexpected<'', 'a blueprint type'>

// The blueprint params whose values have a known type (src/text/lower.ts's blueprintParamTypes).
type BlueprintParams<S extends string, P extends Param> = S extends `( ) ${infer Rest}`
  ? Rest
  : S extends `( ${infer R}`
    ? Params_<R, P, ''>
    : S

type Params_<S extends string, P extends Param, C extends string> = C extends Turns
  ? Failed<TooLong>
  : BlueprintParam<S, P> extends [unknown, infer Rest extends string]
    ? Rest extends `, ${infer Next}`
      ? Params_<Next, P, `${C}.`>
      : Rest extends `) ${infer After}`
        ? After
        : Unexpected<First<Rest>, `',' or ')'`>
    : BlueprintParam<S, P>

// One `key: value` of a blueprint: the value read, or the failure (an alias, so its second use is the first's).
type BlueprintParam<S extends string, P extends Param> = S extends `${'name' | 'nameGenerator'} : ${infer V}`
  ? Scalar<V, 'String', P>
  : S extends `ids : ${infer V}`
    ? ListValue<V, 'Id', P>
    : S extends `id : ${infer V}`
      ? Scalar<V, 'CollectionId', P>
      : S extends `${infer Key} : ${string}`
        ? Fail<`unknown key '${Key}'`, 'unknown_key'>
        : Unexpected<First<S>, 'a blueprint parameter (name, nameGenerator, ids, id)'>

// The builder's sentence for a blueprint given both placements.
type BothPlacements = Fail<
  'positions and probability cannot be combined: choose fixed positions or a probability',
  'positions_with_probability'
>

// `at [positions]` or `probability p`, not both.
type Placement<S extends string, P extends Param> = S extends `at ${infer V}`
  ? ListValue<V, 'Int', P> extends [unknown, infer Rest extends string]
    ? Rest extends `probability ${string}`
      ? BothPlacements
      : Rest
    : ListValue<V, 'Int', P>
  : S extends `probability ${infer V}`
    ? InRange<
        V,
        'probability',
        Scalar<V, 'Float', P> extends [unknown, infer Rest extends string]
          ? Rest extends `at ${string}`
            ? BothPlacements
            : Rest
          : Scalar<V, 'Float', P>
      >
    : S
