// Typed inline text, the whole reading: the text normalised, an optional `query name($p: Type = default)` head,
// then the operation. The result is what `hqlText` returns: the builder's query type, or a function of a typed
// parameter object that returns it; or a `Failed` sentence.

import type { ParamTypeName } from '../text'
import type { Fail, Failed, First, NotLiteral, TooLong, Unexpected } from './errors'
import type { CutMark, Normalise, UnclosedMark } from './normalise'
import type { Done, Operation } from './operations'
import type { CallerTypes, DidYouMean, Param, Scalar, ListValue } from './values'

/** A text read whole: its query type and its declared parameters (never without a head or parameters). */
export interface Typed<Q, P extends Param> {
  readonly query: Q
  readonly params: P
}

/** The reading of a text (`G`: the fragments given, `Given<F>`, or never): `Typed` or `Failed`. */
export type ReadText<S extends string, G extends Param = never> = string extends S
  ? Failed<NotLiteral>
  : {} extends Record<S, 1>
    ? Failed<NotLiteral>
    : Normalise<S> extends infer N extends string
      ? N extends `${string}${CutMark}${string}`
        ? Failed<TooLong>
        : N extends `${string}${UnclosedMark}${string}`
          ? Fail<'a string is not closed (a " is missing)', 'syntax_error'>
          : Definition<N, G>
      : never

// `query name (params)` then the operation; or the operation alone. The fragments given (`G`) ride in the
// operation's `P` (values.ts' `Given`); the parameters are checked without them.
type Definition<N extends string, G extends Param> = N extends `query ${infer Name} ${infer R}`
  ? IsName<Name> extends false
    ? Fail<`expected a query name, found ${Name extends '' ? 'end of text' : `'${Name}'`}`, 'syntax_error'>
    : R extends `( ${infer Inner}`
      ? Params<Inner, never, ''> extends [infer P extends Param, infer Body extends string]
        ? Checked<Operation<Body, P | G>, P, Body>
        : Params<Inner, never, ''>
      : Unheaded<Operation<R, G>>
  : Unheaded<Operation<N, G>>

// The operation of a text without parameters, read: no parameter to check is used (not `Checked<O, never, …>`,
// which costs the quickstart text 17 instantiations more: bench/type-budgets.json).
type Unheaded<O> = O extends Done<infer Q> ? Typed<Q, never> : O

// The operation read, and every declared parameter used in it.
type Checked<O, P extends Param, Body extends string> =
  O extends Done<infer Q>
    ? Unused<P, Body> extends infer Name extends string
      ? [Name] extends [never]
        ? Typed<Q, P>
        : Fail<`parameter $${Name} is never used`, 'unused_parameter'>
      : never
    : O

// The first declared parameter whose `$name` the body never names (distributed: a union of the unused).
type Unused<P extends Param, Body extends string> = P extends Param
  ? Body extends `${string}$${P['name']} ${string}`
    ? never
    : P['name']
  : never

// Parameters up to `)`: `$name: Type` or `$name: [Type]`, with an optional literal default.
type Params<S extends string, P extends Param, C extends string> = S extends `) ${infer Rest}`
  ? [P, Rest]
  : S extends `$${infer Name} : ${infer R}`
    ? [Extract<P, { readonly name: Name }>] extends [never]
      ? ParamType<R> extends [
          infer T extends ParamTypeName,
          infer List extends boolean,
          infer R2 extends string,
        ]
        ? Default<R2, T, List> extends [infer Optional extends boolean, infer R3 extends string]
          ? Next<
              R3,
              P | { readonly name: Name; readonly type: T; readonly list: List; readonly optional: Optional },
              C
            >
          : Default<R2, T, List>
        : ParamType<R>
      : Fail<`parameter $${Name} is declared twice`, 'duplicate_parameter'>
    : Unexpected<First<S>, `a parameter ($name: Type) or ')'`>

type Next<S extends string, P extends Param, C extends string> = S extends `, ${infer R}`
  ? Params<R, P, `${C}.`>
  : S extends `) ${infer Rest}`
    ? [P, Rest]
    : Unexpected<First<S>, `',' or ')'`>

type ParamType<S extends string> = S extends `[ ${infer T} ] ${infer Rest}`
  ? T extends ParamTypeName
    ? [T, true, Rest]
    : UnknownType<T>
  : S extends `${infer T} ${infer Rest}`
    ? T extends ParamTypeName
      ? [T, false, Rest]
      : UnknownType<T>
    : Unexpected<'', 'a parameter type'>

type UnknownType<T extends string> = Fail<
  `unknown parameter type '${T}'${DidYouMean<T, ParamTypeName>}; types: String, Int, Float, Boolean, TypeName, Id, MovieId, ShowSeriesId, MediaId, ContributorId, UserId, FactorId, SourceId, CollectionId, TraitId`,
  'unknown_type'
>

// `= literal`: [whether there is a default, the rest]. A parameter is no literal.
type Default<S extends string, T extends ParamTypeName, List extends boolean> = S extends `= ${infer V}`
  ? V extends `$${string}`
    ? Fail<"a parameter's default is a literal value, not a parameter", 'invalid_default'>
    : (List extends true ? ListValue<V, T, never> : Scalar<V, T, never>) extends [
          unknown,
          infer Rest extends string,
        ]
      ? [true, Rest]
      : List extends true
        ? ListValue<V, T, never>
        : Scalar<V, T, never>
  : [false, S]

// A name: a letter or `_`, then letters, digits or `_` (read character by character: only the query's name).
type IsName<S extends string> = S extends `${infer C}${infer Rest}`
  ? C extends Letter
    ? IsNameRest<Rest>
    : false
  : false
type IsNameRest<S extends string> = S extends `${infer C}${infer Rest}`
  ? C extends Letter | Digit
    ? IsNameRest<Rest>
    : false
  : true
type Letter =
  | 'a'
  | 'b'
  | 'c'
  | 'd'
  | 'e'
  | 'f'
  | 'g'
  | 'h'
  | 'i'
  | 'j'
  | 'k'
  | 'l'
  | 'm'
  | 'n'
  | 'o'
  | 'p'
  | 'q'
  | 'r'
  | 's'
  | 't'
  | 'u'
  | 'v'
  | 'w'
  | 'x'
  | 'y'
  | 'z'
  | 'A'
  | 'B'
  | 'C'
  | 'D'
  | 'E'
  | 'F'
  | 'G'
  | 'H'
  | 'I'
  | 'J'
  | 'K'
  | 'L'
  | 'M'
  | 'N'
  | 'O'
  | 'P'
  | 'Q'
  | 'R'
  | 'S'
  | 'T'
  | 'U'
  | 'V'
  | 'W'
  | 'X'
  | 'Y'
  | 'Z'
  | '_'
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'

/** The parameter object of a text with parameters: a default makes its field optional. */
export type ParamsObject<P extends Param> = {
  readonly [E in P as E['optional'] extends true ? never : E['name']]: ValueOf<E>
} & { readonly [E in P as E['optional'] extends true ? E['name'] : never]?: ValueOf<E> } extends infer O
  ? { [K in keyof O]: O[K] }
  : never

type ValueOf<E extends Param> = E['list'] extends true
  ? readonly [CallerTypes[E['type']], ...CallerTypes[E['type']][]]
  : CallerTypes[E['type']]

/** What `hqlText` returns for a text: the query, or a function of its parameters; never for a refused text. */
export type TextQuery<S extends string> =
  ReadText<S> extends Typed<infer Q, infer P>
    ? [P] extends [never]
      ? Q
      : true extends P['optional']
        ? false extends P['optional']
          ? (params: ParamsObject<P>) => Q
          : (params?: ParamsObject<P>) => Q
        : (params: ParamsObject<P>) => Q
    : never

/**
 * `TextQuery` of a text given fragments (`G`: `Given<F>`). Apart from it, not `TextQuery<S, G>`: a type argument
 * more costs every text, fragments or not, instantiations (+6 for the quickstart text, bench/type-budgets.json).
 * Its body is `TextQuery`'s written again on purpose: both as one alias of the reading's result cost the quickstart
 * text +12 instantiations, over its budget (measured in session 15).
 */
export type GivenTextQuery<S extends string, G extends Param> =
  ReadText<S, G> extends Typed<infer Q, infer P>
    ? [P] extends [never]
      ? Q
      : true extends P['optional']
        ? false extends P['optional']
          ? (params: ParamsObject<P>) => Q
          : (params?: ParamsObject<P>) => Q
        : (params: ParamsObject<P>) => Q
    : never

/** `hqlText`'s argument: the text itself, or the sentence saying why it is refused. */
export type TextArg<S extends string> = ReadText<S> extends Failed<infer Message> ? Message : S

/** `TextArg` of a text given fragments (`G`: `Given<F>`), apart for the reason `GivenTextQuery` is. */
export type GivenTextArg<S extends string, G extends Param> =
  ReadText<S, G> extends Failed<infer Message> ? Message : S
