// The four operations of typed inline text, clause by clause in the grammar's order (grammar/hql.ebnf), each
// yielding the builder's own query type: `ExploreQuery<T, C>`, `RelateQuery<T, C>`, `LookupQuery<T, C, Extra>`
// and `SilosQuery<T, C, B>`, with `T` narrowed as the builder narrows it, `C` the requested components' specs and `B`
// the blueprints (their own returnTypes).

import type { MappedSourceId, ObjectTypeName } from '../model'
import type {
  BrowsableType,
  BlueprintSpec,
  ExploreQuery,
  LookupQuery,
  RelateQuery,
  SilosQuery,
  TypesOfIds,
  UnknownIdItem,
} from '../builder'
import type { Fail, Failed, First, TooLong, Unexpected } from './errors'
import type { Turns } from './normalise'
import type { ListValue, Param, Scalar, TypeNameArg } from './values'
import type { Where } from './where'
import type { With } from './components'
import type { Blueprints, Factors, OrderBy, Paging, SilosPaging } from './clauses'

/** An operation read whole: the query type. */
export interface Done<Q> {
  readonly query: Q
}

/** The operation at the start of `S` (after any query head), with parameters `P`. */
export type Operation<S extends string, P extends Param> = S extends `explore ${infer R}`
  ? Explore<R, P>
  : S extends `relate ${infer R}`
    ? Relate<R, P>
    : S extends `lookup ${infer R}`
      ? Lookup<R, P>
      : S extends `silos ${infer R}`
        ? Silos<R, P>
        : Unexpected<First<S>, `'query', 'explore', 'relate', 'silos' or 'lookup'`>

type ClauseWord = 'where' | 'order' | 'with' | 'page'

// An optional type name after `explore` or `relate`: [the type or never, the rest].
type NamedType<S extends string, Stop extends string> = S extends `${infer W} ${infer Rest}`
  ? W extends Stop
    ? [never, S]
    : TypeNameArg<W, Rest>
  : [never, S]

// The types a query returns: its named type, else its returnType filter's, else the endpoint's default.
type Narrow<Named, Types, Names, Default> = [Named] extends [never]
  ? 'returnType' extends Names
    ? Types
    : Default
  : Named

// Named type and a returnType filter both: the filter is set twice, as at run time.
type Twice = Fail<
  `filter 'returnType' is set twice; combine the values with 'in', 'contains all' or parentheses and 'or'`,
  'duplicate_filter'
>

// The end of an operation: nothing may follow its last clause; another query is parseQuery's ambiguous_query.
type End<Rest extends string, Q, Expected extends string> = Rest extends ''
  ? Done<Q>
  : Rest extends `${'query' | 'explore' | 'relate' | 'lookup' | 'silos'} ${string}`
    ? AnotherQuery
    : Unexpected<First<Rest>, `${Expected}the end of the query`>

type AnotherQuery = Fail<
  'the text holds more than one query; hqlText reads one (write each in a hqlText of its own)',
  'ambiguous_query'
>

type Explore<S extends string, P extends Param> =
  NamedType<S, ClauseWord> extends [infer Named, infer R1 extends string]
    ? Where<R1, P> extends [infer Types, infer Names, infer R2 extends string]
      ? [Named] extends [never]
        ? ExploreRest<Narrow<Named, Types, Names, BrowsableType>, R1, R2, P>
        : 'returnType' extends Names
          ? Twice
          : ExploreRest<Named, R1, R2, P>
      : Where<R1, P>
    : NamedType<S, ClauseWord>

type ExploreRest<T, R1 extends string, R2 extends string, P extends Param> = [T] extends [
  infer T extends ObjectTypeName,
]
  ? OrderBy<R2, P> extends infer R3 extends string
    ? With<R3, T, P> extends [infer C, infer R4 extends string]
      ? Paging<R4, P> extends infer R5 extends string
        ? End<
            R5,
            ExploreQuery<T, C>,
            R5 extends R4
              ? R4 extends R3
                ? R3 extends R2
                  ? R2 extends R1
                    ? `'where', 'order by', 'with', 'page' or `
                    : `'and', 'order by', 'with', 'page' or `
                  : `'with', 'page' or `
                : `'page' or `
              : ''
          >
        : Paging<R4, P>
      : With<R3, T, P>
    : OrderBy<R2, P>
  : never

type Relate<S extends string, P extends Param> =
  NamedType<S, 'to'> extends [infer Named, infer R1 extends string]
    ? R1 extends `to ${infer R}`
      ? Factors<R, P, ''> extends infer R2 extends string
        ? Where<R2, P> extends [infer Types, infer Names, infer R3 extends string]
          ? [Named] extends [never]
            ? RelateRest<Narrow<Named, Types, Names, BrowsableType>, R2, R3, P>
            : 'returnType' extends Names
              ? Twice
              : RelateRest<Named, R2, R3, P>
          : Where<R2, P>
        : Factors<R, P, ''>
      : Unexpected<First<R1>, `'to'`>
    : NamedType<S, 'to'>

type RelateRest<T, R2 extends string, R3 extends string, P extends Param> = [T] extends [
  infer T extends ObjectTypeName,
]
  ? With<R3, T, P> extends [infer C, infer R4 extends string]
    ? Paging<R4, P> extends infer R5 extends string
      ? End<
          R5,
          RelateQuery<T, C>,
          R5 extends R4
            ? R4 extends R3
              ? R3 extends R2
                ? `',', 'where', 'with', 'page' or `
                : `'and', 'with', 'page' or `
              : `'page' or `
            : ''
        >
      : Paging<R4, P>
    : With<R3, T, P>
  : never

// Lookup's ids: strings or parameters (a list parameter is spliced), their union.
type Ids<S extends string, P extends Param, Acc, C extends string> = C extends Turns
  ? Failed<TooLong>
  : (S extends `$${string}` ? ListValue<S, 'Id', P> : Scalar<S, 'Id', P>) extends [
        infer Id,
        infer Rest extends string,
      ]
    ? Rest extends `, ${infer Next}`
      ? Ids<Next, P, Acc | Id, `${C}.`>
      : [Acc | Id, Rest]
    : S extends `$${string}`
      ? ListValue<S, 'Id', P>
      : S extends `"${string}`
        ? Scalar<S, 'Id', P>
        : Unexpected<First<S>, 'an id or a parameter'>

// Mapped source ids (and ids only known at run time) may be unknown to the service: lookup's `Extra`.
type MaybeUnknown<Id> = [Extract<Id, MappedSourceId>] extends [never]
  ? string extends Id
    ? UnknownIdItem
    : never
  : UnknownIdItem

type Lookup<S extends string, P extends Param> =
  Ids<S, P, never, ''> extends [infer Id extends string, infer R1 extends string]
    ? TypesOfIds<Id> extends infer T extends ObjectTypeName
      ? With<R1, T, P> extends [infer C, infer R2 extends string]
        ? Paging<R2, P> extends infer R3 extends string
          ? End<
              R3,
              LookupQuery<T, C, MaybeUnknown<Id>>,
              R3 extends R2 ? (R2 extends R1 ? `',', 'with', 'page' or ` : `'page' or `) : ''
            >
          : Paging<R2, P>
        : With<R1, T, P>
      : never
    : Ids<S, P, never, ''>

type Silos<S extends string, P extends Param> = (
  S extends `for ${infer R}` ? ListValue<R, 'Id', P> : [unknown, S]
) extends [unknown, infer R1 extends string]
  ? Where<R1, P> extends [infer Types, infer Names, infer R2 extends string]
    ? Blueprints<R2, P, ''> extends [infer B extends BlueprintSpec, infer R3 extends string]
      ? SilosRest<Narrow<never, Types, Names, BrowsableType>, B, R3, P>
      : Blueprints<R2, P, ''>
    : Where<R1, P>
  : S extends `for ${infer R}`
    ? ListValue<R, 'Id', P>
    : never

type SilosRest<T, B extends BlueprintSpec, R3 extends string, P extends Param> = [T] extends [
  infer T extends ObjectTypeName,
]
  ? With<R3, T, P> extends [infer C, infer R4 extends string]
    ? SilosPaging<R4, P> extends infer R5 extends string
      ? End<
          R5,
          SilosQuery<T, C, B>,
          R5 extends R4
            ? R4 extends R3
              ? `'silo', 'with', 'page size', 'silo size' or `
              : `'page size', 'silo size' or `
            : ''
        >
      : SilosPaging<R4, P>
    : With<R3, T, P>
  : never
