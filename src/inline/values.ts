// Values of typed inline text: scalars, lists and parameters, each read where a known type of value is
// expected (the parameter type names of the text language: `Int`, `ContributorId`, `TypeName`, …), and
// checked as the run time checks them: an id's prefix, a type name, a parameter's declared type.

import type {
  AnyId,
  CollectionId,
  ContributorId,
  CurrentUserAlias,
  IsWellFormedId,
  IsWellFormedPrefixedId,
  MediaId,
  MovieId,
  ObjectTypeName,
  ReturnTypeName,
  ShowSeriesId,
  SourceId,
  TraitId,
  UserId,
} from '../model/core'
import type { ParamTypeName } from '../text'
import type { Fail, Failed, Shown, Unexpected } from './errors'
import type { Turns } from './normalise'
import type { TooLong } from './errors'

/** A declared parameter: its name, type, whether it is a list and whether it has a default. */
export interface Param {
  readonly name: string
  readonly type: ParamTypeName
  readonly list: boolean
  readonly optional: boolean
}

/**
 * The fragments given to `hqlText` (`F`, by name), riding in the reading's `P` as one more entry, named `...`
 * (which no parameter can be): the types that read a body all take `P` already, and a type argument more costs an
 * instantiation wherever it is passed on (+32 for the quickstart text, which spreads nothing; bench/type-budgets.json).
 * A head's parameters are checked without it (text.ts).
 */
export interface Given<F> extends Param {
  readonly name: '...'
  readonly type: never
  readonly list: never
  readonly optional: never
  readonly fragments: F
}

/** The fragments given, from `P`: never when none are. */
export type GivenOf<P extends Param> = P extends Given<infer F> ? F : never

/** The TypeScript type of a value of each parameter type (as `hql generate` writes them). */
export interface TsTypes {
  String: string
  Int: number
  Float: number
  Boolean: boolean
  TypeName: ReturnTypeName
  Id: AnyId
  MovieId: MovieId
  ShowSeriesId: ShowSeriesId
  MediaId: MediaId
  ContributorId: ContributorId
  UserId: UserId
  FactorId: UserId | MediaId | ContributorId
  SourceId: SourceId
  CollectionId: CollectionId
  TraitId: TraitId
}

/**
 * What a caller passes for a parameter of each type: an id as any `string`, as `hql.lookup` and the filters take
 * an id known only at run time, and the functions `hql generate` writes (src/catalog/generate.ts): an id comes
 * from a URL or a store as a string, and a cast to `MovieId` at each call would only hide the check made when
 * the query is built. Inside, a parameter has its declared type (`TsTypes`), which the result type follows.
 */
export interface CallerTypes extends Omit<TsTypes, `${string}Id`> {
  Id: string
  MovieId: string
  ShowSeriesId: string
  MediaId: string
  ContributorId: string
  UserId: string
  FactorId: string
  SourceId: string
  CollectionId: string
  TraitId: string
}

// The broader types each type may stand in for (src/text/param-types.ts: an Int is a Float, a MovieId a MediaId).
interface Broader {
  String: never
  Int: 'Float'
  Float: never
  Boolean: never
  TypeName: never
  Id: never
  MovieId: 'MediaId' | 'FactorId' | 'Id'
  ShowSeriesId: 'MediaId' | 'FactorId' | 'Id'
  MediaId: 'FactorId' | 'Id'
  ContributorId: 'FactorId' | 'Id'
  UserId: 'FactorId' | 'Id'
  FactorId: 'Id'
  SourceId: 'Id'
  CollectionId: 'Id'
  TraitId: 'Id'
}

// What the run time says it expected of an id in each place (src/model/rules.ts's wording).
interface ExpectedIds {
  ContributorId: 'a Contributor id (mhric…, mhrgc…, mhfic…, mhfgc…)'
  TraitId: 'a Trait id (mhgnr…, mhsgn…, mhmod…, mhsmd…, …)'
  MediaId: 'a media (Movie, ShowSeries, ShowEpisode, …) id (mhmov…, mhsss…, mhssn…, mhsep…, …)'
  FactorId: 'the id of a user, a contributor or media (mhusr…, mhric…, mhmov…, mhsss…, …)'
  SourceId: 'a Source id (mhsrc…)'
  CollectionId: 'a Collection id (mhcol…)'
}

/** A value read: its TypeScript type and the text after it. */
export type Read<Type, Rest extends string> = [Type, Rest]

/** A scalar where a value of type `E` is expected: a literal, or a parameter of a type that fits. */
export type Scalar<
  S extends string,
  E extends ParamTypeName,
  P extends Param,
> = S extends `$${infer Name} ${infer Rest}`
  ? Variable<Name, E, P, false, Rest>
  : S extends `"${infer Body}" ${infer Rest}`
    ? Literal<Body, E, Rest>
    : S extends `${infer W} ${infer Rest}`
      ? Word<W, E, Rest>
      : Unexpected<'', ExpectedValue<E>>

/** A list where values of type `E` are expected: `[a, b]` (a list parameter inside is spliced) or a parameter. */
export type ListValue<
  S extends string,
  E extends ParamTypeName,
  P extends Param,
> = S extends `$${infer Name} ${infer Rest}`
  ? Variable<Name, E, P, true, Rest>
  : S extends `[ ${infer Rest}`
    ? Items<Rest, E, P, never, ''>
    : Unexpected<First_<S>, `a list [ … ] or a parameter`>

type First_<S extends string> = S extends `${infer T} ${string}` ? T : ''

// The items of a list, up to its `]`: the union of their types.
type Items<
  S extends string,
  E extends ParamTypeName,
  P extends Param,
  Acc,
  C extends string,
> = C extends Turns
  ? Failed<TooLong>
  : S extends `] ${infer Rest}`
    ? [Acc, Rest]
    : Item<S, E, P> extends [infer Type, infer Rest extends string]
      ? Rest extends `, ${infer Next}`
        ? Items<Next, E, P, Acc | Type, `${C}.`>
        : Rest extends `] ${infer After}`
          ? [Acc | Type, After]
          : Unexpected<First_<Rest>, `',' or ']'`>
      : Item<S, E, P>

type Item<
  S extends string,
  E extends ParamTypeName,
  P extends Param,
> = S extends `$${infer Name} ${infer Rest}` ? Variable<Name, E, P, true, Rest> : Scalar<S, E, P>

/** A parameter used where `E` is expected (`List`: where a list is, so a list parameter fits). */
export type Variable<
  Name extends string,
  E extends ParamTypeName,
  P extends Param,
  List extends boolean,
  Rest extends string,
> =
  Extract<P, { readonly name: Name }> extends infer D extends Param
    ? [D] extends [never]
      ? Fail<`unknown parameter $${Name}; declare it: query name($${Name}: Type)`, 'unknown_parameter'>
      : D['list'] extends true
        ? List extends true
          ? Fits<D, E, Name, List, Rest>
          : Fail<
              `parameter $${Name} is a list ([${D['type']}]); one value is expected here`,
              'parameter_type'
            >
        : Fits<D, E, Name, List, Rest>
    : never

type Fits<
  D extends Param,
  E extends ParamTypeName,
  Name extends string,
  List extends boolean,
  Rest extends string,
> = E extends D['type'] | Broader[D['type']]
  ? [TsTypes[D['type']], Rest]
  : Fail<
      `parameter $${Name} is ${D['list'] extends true ? `[${D['type']}]` : D['type']}; ${List extends true ? `[${E}] or ${E}` : E} is expected here`,
      'parameter_type'
    >

// A string literal: checked where an id or a type name is expected.
type Literal<Body extends string, E extends ParamTypeName, Rest extends string> = E extends keyof ExpectedIds
  ? [PrefixedId<Body, E>] extends [Failed<string>]
    ? PrefixedId<Body, E>
    : [Body, Rest]
  : E extends 'Id'
    ? IsWellFormedId<Body> extends false
      ? Fail<
          `expected an mhid, an altId, or a mapped source id (Source:Type:id), got ${Shown<`"${Body}"`>}`,
          'invalid_id'
        >
      : [Body, Rest]
    : E extends 'TypeName'
      ? TypeNameArg<Body, Rest>
      : [Body, Rest]

// A prefixed id of the type `E` asks for: well formed, and of that type (the current user is no media).
type PrefixedId<Body extends string, E extends keyof ExpectedIds> =
  IsWellFormedPrefixedId<Body> extends false
    ? WrongPrefix<Body, E>
    : Body extends TsTypes[E]
      ? E extends 'MediaId'
        ? Body extends CurrentUserAlias
          ? WrongPrefix<Body, E>
          : Body
        : Body
      : WrongPrefix<Body, E>

type WrongPrefix<Body extends string, E extends keyof ExpectedIds> = Fail<
  `expected ${ExpectedIds[E]}, got ${Shown<`"${Body}"`>}`,
  'wrong_id_prefix'
>

// A name or a number: a type name, true or false, a number, or (where a string or id is expected) the name as a string.
type Word<W extends string, E extends ParamTypeName, Rest extends string> = E extends 'TypeName'
  ? TypeNameArg<W, Rest>
  : E extends 'Int' | 'Float'
    ? W extends `${number}`
      ? [number, Rest]
      : Unexpected<W, ExpectedValue<E>>
    : E extends 'Boolean'
      ? W extends 'true' | 'false'
        ? [boolean, Rest]
        : Unexpected<W, ExpectedValue<E>>
      : W extends '(' | ')' | '[' | ']' | '{' | '}' | ',' | ':' | '=' | '!='
        ? Unexpected<W, ExpectedValue<E>>
        : Literal<W, E, Rest>

type ExpectedValue<E extends ParamTypeName> = E extends 'Int' | 'Float'
  ? 'a number or a parameter'
  : E extends 'Boolean'
    ? 'true, false or a parameter'
    : E extends 'TypeName'
      ? 'a type name or a parameter'
      : 'a value or a parameter'

/** A type name `returnType` (or `explore`, `relate`) can ask for, or the sentence saying why not. */
export type TypeNameArg<W extends string, Rest extends string> = W extends ReturnTypeName
  ? [W, Rest]
  : W extends 'Image' | 'Subscription'
    ? Fail<`${W} cannot be retrieved on its own (ask for it as a component of what owns it)`, 'unknown_type'>
    : Fail<`expected a type name, got ${Shown<W>}${DidYouMean<W, ReturnTypeName>}`, 'unknown_type'>

/**
 * `; did you mean 'x'?` when exactly one of `Names` starts as `W` does (all of it), or is the start of `W`, or
 * shares its first four letters: the type-level stand-in for the run time's edit distance, computed only for
 * a word that is refused.
 */
export type DidYouMean<W extends string, Names extends string> =
  One<Extract<Names, `${W}${string}`>> extends infer Only extends string
    ? `; did you mean '${Only}'?`
    : One<StartOf<W, Names>> extends infer Only extends string
      ? `; did you mean '${Only}'?`
      : W extends `${infer A}${infer B}${infer C}${infer D}${string}`
        ? One<Extract<Names, `${A}${B}${C}${D}${string}`>> extends infer Only extends string
          ? `; did you mean '${Only}'?`
          : ''
        : ''

// The names `W` starts with.
type StartOf<W extends string, Names extends string> = Names extends unknown
  ? W extends `${Names}${string}`
    ? Names
    : never
  : never

// The one member of a union, or false for none or several.
type One<U, All = U> = [U] extends [never]
  ? false
  : U extends unknown
    ? [Exclude<All, U>] extends [never]
      ? U
      : false
    : never

/** The object types in the order the model lists them, for sentences that name a union of types. */
export type ShownTypes<T extends ObjectTypeName> = Join<Ordered<T>>

/** The types of `T` in the model's order, as the run time lists them. */
export type Ordered<T> = [
  ...('Movie' extends T ? ['Movie'] : []),
  ...('ShowSeries' extends T ? ['ShowSeries'] : []),
  ...('ShowSeason' extends T ? ['ShowSeason'] : []),
  ...('ShowEpisode' extends T ? ['ShowEpisode'] : []),
  ...('MusicVideo' extends T ? ['MusicVideo'] : []),
  ...('Special' extends T ? ['Special'] : []),
  ...('Trailer' extends T ? ['Trailer'] : []),
  ...('MHGraphGroup' extends T ? ['MHGraphGroup'] : []),
  ...('OtherMedia' extends T ? ['OtherMedia'] : []),
  ...('Contributor' extends T ? ['Contributor'] : []),
  ...('User' extends T ? ['User'] : []),
  ...('Image' extends T ? ['Image'] : []),
  ...('Trait' extends T ? ['Trait'] : []),
  ...('Source' extends T ? ['Source'] : []),
  ...('Collection' extends T ? ['Collection'] : []),
  ...('Subscription' extends T ? ['Subscription'] : []),
]

/** The words of a tuple joined with `, `. */
export type Join<T extends readonly string[], Acc extends string = ''> = T extends readonly [
  infer H extends string,
  ...infer R extends readonly string[],
]
  ? Join<R, Acc extends '' ? H : `${Acc}, ${H}`>
  : Acc
