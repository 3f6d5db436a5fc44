// `with` of typed inline text: components, their page size and page, and the components nested in them.
// Each becomes the builder's `ComponentSpec<Name, Nested>`, so the result type is the builder's own; each is
// checked as `.with()` and the nesting calls check it (it applies to one of the types, it is not requested twice
// at its level, it nests no deeper than `maxComponentDepth`), and as the run time does (a page size only on a
// list, nested components only on a component that returns objects).

import type {
  ComponentCatalogue,
  ComponentName,
  ComponentObjectTypes,
  ComponentsByType,
  ObjectTypeName,
} from '../model'
import type { ComponentSpec, FragmentPart } from '../builder'
import type { Fail, Failed, First, TooLong, Unexpected } from './errors'
import type { Turns } from './normalise'
import type { InRange } from './numbers'
import type { DidYouMean, GivenOf, Join, Ordered, Param, Scalar, ShownTypes } from './values'

/**
 * The fragments `hqlText` is given, by name: the builder's `fragment()` values, which `...name` spreads. (Their
 * parts against the widest part: a relation of interfaces by their variance, cheap; not the widest `Fragment`.)
 */
export type FragmentsArg = {
  readonly [name: string]: readonly FragmentPart<ObjectTypeName, ComponentName, unknown>[]
}

/**
 * An optional `with`: `with none`, or components (`...name` spreads the fragment given as `name`, `P`'s `Given`).
 * Yields the union of their specs and the rest.
 */
export type With<S extends string, T extends ObjectTypeName, P extends Param> = S extends `with ${infer R}`
  ? R extends `none ${infer Rest}`
    ? [never, Rest]
    : Components<R, T, P, '.', never, never, ''>
  : [never, S]

// The components of one level (`D`: a dot per level, from one), up to the first token that continues no list.
// A spread's components are checked against those of the level as `.with()`'s are: one not asked for twice.
type Components<
  S extends string,
  T extends ObjectTypeName,
  P extends Param,
  D extends string,
  Specs,
  Names,
  C extends string,
> = C extends Turns
  ? Failed<TooLong>
  : Component<S, T, P, D> extends [infer Spec, infer N extends string, infer Rest extends string]
    ? [N] extends [Names]
      ? Twice<N>
      : Rest extends `, ${infer Next}`
        ? Components<Next, T, P, D, Specs | Spec, Names | N, `${C}.`>
        : [Specs | Spec, Rest]
    : Component<S, T, P, D> extends [infer Spec, infer N extends string, infer Rest extends string, 'spread']
      ? [Extract<N, Names>] extends [never]
        ? Rest extends `, ${infer Next}`
          ? Components<Next, T, P, D, Specs | Spec, Names | N, `${C}.`>
          : [Specs | Spec, Rest]
        : Twice<Extract<N, Names>>
      : Component<S, T, P, D>

type Twice<N extends string> = Fail<
  `component '${N}' is requested twice at this level`,
  'duplicate_component'
>

// One component: [its spec, its name, the rest]; or a spread: [its parts, their names, the rest, 'spread'].
type Component<
  S extends string,
  T extends ObjectTypeName,
  P extends Param,
  D extends string,
> = S extends `${infer N} ${infer R}`
  ? N extends ComponentName
    ? N extends ComponentsByType[T]
      ? Paged<N, R, P> extends infer Rest extends string
        ? Rest extends `{ ${infer Inner}`
          ? Nested<N, Inner, P, D>
          : [ComponentSpec<N, never>, N, Rest]
        : Paged<N, R, P>
      : Fail<
          `component '${N}' does not apply to ${ShownTypes<T>}; it applies to ${Join<ComponentCatalogue[N]['appliesTo']>}`,
          'component_not_applicable'
        >
    : N extends `...${infer Name}`
      ? Name extends ''
        ? Spread<First<R>, R extends `${string} ${infer After}` ? After : '', T, GivenOf<P>, D>
        : Spread<Name, R, T, GivenOf<P>, D>
      : N extends '(' | ')' | ',' | '[' | ']' | '{' | '}' | '=' | '!=' | ':'
        ? Unexpected<N, 'a component name'>
        : Fail<`unknown component '${N}'${DidYouMean<N, ComponentName>}`, 'unknown_component'>
  : Unexpected<'', 'a component name'>

// `...name`: the parts of the fragment given as `name`, which `.with(...name)` would be given, when its type is
// one of the objects' here and its components nest no deeper than the limit from level `D` (the run time's
// fragment_not_applicable, unknown_fragment, too_deep).
type Spread<Name extends string, R extends string, T extends ObjectTypeName, F, D extends string> = [
  F,
] extends [never]
  ? Name extends ''
    ? Unexpected<'', 'a fragment name'>
    : Fail<`unknown fragment '${Name}'; the text defines no fragment and none was given`, 'unknown_fragment'>
  : Name extends keyof F
    ? F[Name][number & keyof F[Name]] extends FragmentPart<
        infer On extends ObjectTypeName,
        infer N extends ComponentName,
        unknown
      >
      ? ObjectTypeName extends On
        ? NotAFragment<Name>
        : [On] extends [T]
          ? D extends '.'
            ? [F[Name][number & keyof F[Name]], N, R, 'spread']
            : true extends NestsTooDeep<F[Name][number & keyof F[Name]], D>
              ? Fail<'components nest at most 5 levels deep', 'too_deep'>
              : [F[Name][number & keyof F[Name]], N, R, 'spread']
          : Fail<
              `fragment '${Name}' is on ${On}; the objects here are ${JoinOr<Ordered<T>>}`,
              'fragment_not_applicable'
            >
      : NotAFragment<Name>
    : Name extends ''
      ? Unexpected<'', 'a fragment name'>
      : Fail<`unknown fragment '${Name}'${DidYouMean<Name, keyof F & string>}`, 'unknown_fragment'>

// Whether parts spread at level `D` (a dot per level, from one) nest past the fifth, as `Nested` refuses written
// components (distributed: true among the results when one part does). Not asked at the top: fragment() held
// the fragment's own nesting to the limit (+66 instantiations for the quickstart's spread, saved).
type NestsTooDeep<Parts, D extends string> =
  Parts extends ComponentSpec<ComponentName, infer Nested>
    ? [Nested] extends [never]
      ? false
      : D extends '.....'
        ? true
        : NestsTooDeep<Nested, `${D}.`>
    : false

// What is given as `name` has no fragment's one type (its parts carry none): an array of components, not what
// fragment() made (or a fragment typed only as `Fragment`).
type NotAFragment<Name extends string> = Fail<
  `'${Name}' is not a fragment: make it with fragment(type, ...components)`,
  'invalid_argument'
>

// Type names as the run time lists the objects of a place: `Movie or ShowSeries`.
type JoinOr<T extends readonly string[], Acc extends string = ''> = T extends readonly [
  infer H extends string,
  ...infer R extends readonly string[],
]
  ? JoinOr<R, Acc extends '' ? H : `${Acc} or ${H}`>
  : Acc

// `size n` and `at page n`, on a list component only: the rest after them.
type Paged<N extends ComponentName, S extends string, P extends Param> = S extends `size ${infer V}`
  ? ComponentCatalogue[N]['shape'] extends 'list'
    ? InRange<
        V,
        'size',
        Scalar<V, 'Int', P> extends [unknown, infer Rest extends string]
          ? AtPage<N, Rest, P>
          : Scalar<V, 'Int', P>
      >
    : Fail<`component '${N}' is not a list: it takes no page size`, 'invalid_page_size'>
  : AtPage<N, S, P>

type AtPage<N extends ComponentName, S extends string, P extends Param> = S extends `at page ${infer V}`
  ? ComponentCatalogue[N]['shape'] extends 'list'
    ? InRange<
        V,
        'page',
        Scalar<V, 'Int', P> extends [unknown, infer Rest extends string] ? Rest : Scalar<V, 'Int', P>
      >
    : Fail<`component '${N}' is not a list: it takes no page`, 'invalid_page'>
  : S

// `{ … }` after component `N`: the components of the objects it returns, one level down.
type Nested<
  N extends ComponentName,
  S extends string,
  P extends Param,
  D extends string,
> = S extends `} ${infer Rest}`
  ? [ComponentSpec<N, never>, N, Rest]
  : [ComponentObjectTypes[N]] extends [never]
    ? Fail<
        `component '${N}' returns a plain value: it takes no nested components`,
        'component_not_applicable'
      >
    : D extends '.....'
      ? Fail<'components nest at most 5 levels deep', 'too_deep'>
      : Components<S, ComponentObjectTypes[N], P, `${D}.`, never, never, ''> extends [
            infer Nested,
            infer Rest extends string,
          ]
        ? Rest extends `} ${infer After}`
          ? [ComponentSpec<N, Nested>, N, After]
          : Unexpected<First<Rest>, `',' or '}'`>
        : Components<S, ComponentObjectTypes[N], P, `${D}.`, never, never, ''>
