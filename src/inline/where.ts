// `where` of typed inline text: conditions joined by `and`, or-groups in parentheses. What it yields for the
// types: the filter names it sets (a name twice is `duplicate_filter`) and the object types a returnType
// filter lets through, which narrow the query's result type as `.filter(returnType.eq(…))` does.

import type { FilterName } from '../model'
import type { BrowsableType } from '../builder'
import type { Fail, Failed, First, TooLong, Unexpected } from './errors'
import type { Turns } from './normalise'
import type { DidYouMean, ListValue, Param, Scalar } from './values'

/** A where clause read: the returnType filter's types (never without one), the filter names, and the rest. */
export type WhereRead<Types, Names, Rest extends string> = [Types, Names, Rest]

// The values each filter compares (src/text/lower.ts's filterValueTypes).
interface FilterValueTypes {
  returnType: 'TypeName'
  contributors: 'ContributorId'
  contributorsOf: 'MediaId'
  sources: 'SourceId'
  traits: 'TraitId'
  collections: 'CollectionId'
}

/** An optional `where`: `where none`, or conditions joined by `and`. */
export type Where<S extends string, P extends Param> = S extends `where ${infer R}`
  ? R extends `none ${infer Rest}`
    ? [never, never, Rest]
    : Conditions<R, P, never, never, ''>
  : [never, never, S]

type Conditions<S extends string, P extends Param, Types, Names, C extends string> = C extends Turns
  ? Failed<TooLong>
  : Condition<S, P, ''> extends [infer Name extends string, infer T, infer Rest extends string]
    ? [Name] extends [Names]
      ? Fail<
          `filter '${Name}' is set twice; combine the values with 'in', 'contains all' or parentheses and 'or'`,
          'duplicate_filter'
        >
      : Rest extends `and ${infer Next}`
        ? Conditions<Next, P, Types | T, Names | Name, `${C}.`>
        : [Types | T, Names | Name, Rest]
    : Condition<S, P, ''>

// One condition: a filter, or `( a or b … )`, all on one filter. `D` counts the or-groups it sits in.
type Condition<S extends string, P extends Param, D extends string> = S extends `( ${infer R}`
  ? D extends '........'
    ? Fail<
        'or-groups nest at most 8 levels deep in typed text; use parseQuery for deeper ones',
        'syntax_error'
      >
    : Branches<R, P, `${D}.`, never, never, ''>
  : Filter<S, P>

type Branches<
  S extends string,
  P extends Param,
  D extends string,
  Name,
  Types,
  C extends string,
> = C extends Turns
  ? Failed<TooLong>
  : Condition<S, P, D> extends [infer N extends string, infer T, infer Rest extends string]
    ? [Name] extends [never]
      ? Branch<N, P, D, N, Types | T, Rest, C>
      : [N] extends [Name]
        ? Branch<N, P, D, N, Types | T, Rest, C>
        : Fail<
            `every branch of an 'or' must filter on '${Name & string}', found '${N}'; use 'and' to combine different filters`,
            'mixed_or'
          >
    : Condition<S, P, D>

type Branch<
  N extends string,
  P extends Param,
  D extends string,
  Name,
  Types,
  Rest extends string,
  C extends string,
> = Rest extends `or ${infer Next}`
  ? Branches<Next, P, D, Name, Types, `${C}.`>
  : Rest extends `) ${infer After}`
    ? [N, Types, After]
    : Unexpected<First<Rest>, `'or' or ')'`>

// `name = v`, `name != v`, `name in [..]`, `name contains all [..]`: [name, returnType's types, rest].
type Filter<S extends string, P extends Param> = S extends `${infer Name} ${infer R}`
  ? Name extends FilterName
    ? R extends `= ${infer V}`
      ? Scalar<V, FilterValueTypes[Name], P> extends [infer T, infer Rest extends string]
        ? [Name, Name extends 'returnType' ? T : never, Rest]
        : Scalar<V, FilterValueTypes[Name], P>
      : R extends `!= ${infer V}`
        ? Scalar<V, FilterValueTypes[Name], P> extends [infer T, infer Rest extends string]
          ? [Name, Name extends 'returnType' ? Exclude<BrowsableType, T> : never, Rest]
          : Scalar<V, FilterValueTypes[Name], P>
        : R extends `in ${infer V}`
          ? V extends `[ ] ${string}`
            ? Fail<'expected at least one value', 'invalid_operator'>
            : ListValue<V, FilterValueTypes[Name], P> extends [infer T, infer Rest extends string]
              ? [Name, Name extends 'returnType' ? T : never, Rest]
              : ListValue<V, FilterValueTypes[Name], P>
          : R extends `contains all ${infer V}`
            ? V extends `[ ] ${string}`
              ? Fail<'expected at least one value', 'invalid_operator'>
              : ListValue<V, FilterValueTypes[Name], P> extends [unknown, infer Rest extends string]
                ? [Name, Name extends 'returnType' ? BrowsableType : never, Rest]
                : ListValue<V, FilterValueTypes[Name], P>
            : Unexpected<First<R>, `'=', '!=', 'in' or 'contains all'`>
    : Name extends '(' | ')' | ',' | '[' | ']' | '{' | '}' | '=' | '!=' | ':'
      ? Unexpected<Name, `a filter name (returnType, contributors, traits...) or '('`>
      : Fail<
          `unknown filter '${Name}'${DidYouMean<Name, FilterName>}; filters: returnType, contributors, contributorsOf, sources, traits, collections`,
          'unknown_filter'
        >
  : Unexpected<'', `a filter name (returnType, contributors, traits...) or '('`>
