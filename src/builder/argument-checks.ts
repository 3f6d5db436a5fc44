import type {
  ComponentCatalogue,
  ComponentName,
  ComponentsByType,
  ObjectTypeName,
  maxComponentDepth,
} from '../model/core'
import type { ComponentSpec } from './component-spec'
import type { FilterSpec } from './filters'

// The rules of src/model/rules.ts that the types can see, checked on the builder's arguments: a mistake that
// throws at run time on a value the types know is a type error too. A refused argument's parameter type
// becomes a message (groqd's habit), which the editor shows where the argument is written.

type AppliesTo<N extends ComponentName> = ComponentCatalogue[N]['appliesTo'][number]
type NameOf<S> = S extends ComponentSpec<infer N, unknown> ? N : never

/**
 * A readable type error: when a component does not apply to the query's types, the parameter's type becomes
 * this message, and the editor shows it.
 */
export type ComponentMismatch<N extends string, T extends string> = `component '${N}' does not apply to ${T}`

/** The message for a component whose nesting goes past `maxComponentDepth`. */
export type ComponentTooDeep<N extends string> =
  `component '${N}' nests deeper than ${typeof maxComponentDepth} levels (components nest at most ${typeof maxComponentDepth} levels deep)`

/** The message for a component requested twice at one level (the response has one field per name). */
export type DuplicateComponent<N extends string> = `component '${N}' is requested twice at this level`

// Whether a spec's components nest past the cap. `Above` holds one element per level above the spec; the spec's
// own components sit at level Above + 2, too deep once Above + 1 reaches the cap.
type TooDeep<S, Above extends unknown[]> =
  S extends ComponentSpec<ComponentName, infer Nested>
    ? [Nested] extends [never]
      ? false
      : [...Above, unknown]['length'] extends typeof maxComponentDepth
        ? true
        : TooDeep<Nested, [...Above, unknown]>
    : false

/**
 * Each component of `S`, or a message where it is refused: it applies to none of the types `T`, or its name is
 * taken already (by one of `Taken`, the components an earlier `.with()` added). A name twice in one call
 * (`.with(primaryImage, primaryImage)`) is refused at run time only: telling repeats apart within a tuple
 * tripled the type-checking cost of every `.with()` (bench/types.bench.ts).
 */
export type ValidComponents<
  T extends ObjectTypeName,
  S extends readonly unknown[],
  Taken = never,
> = S extends readonly []
  ? // No argument yet (the editor's signature help at `.with(`): what may come, not the empty tuple.
    readonly Accepted<NamesFor<T>, NameOf<Taken>>[]
  : S extends readonly Accepted<NamesFor<T>, NameOf<Taken>>[]
    ? S
    : S extends infer Refused extends readonly unknown[]
      ? ValidEach<T, Refused, NameOf<Taken>>
      : never

// What `.with()` takes without a message: a name, or the spec of a name, that applies to one of the types and is
// not taken yet. One union per query type (cached by the alias's arguments), which the argument tuple is simply
// assigned to: walking the tuple element by element (ValidEach), and TypeScript inferring the tuple back through
// that mapped type, cost about 300 instantiations a call (bench/types.bench.ts), so ValidEach is left to the
// arguments it refuses, where it names each mistake. The parameter being the tuple itself in the common case
// also lets TypeScript infer the tuple directly.
type Accepted<Names extends ComponentName, Taken> = [Taken] extends [never]
  ? Names | ComponentSpec<Names, unknown>
  : Exclude<Names, Taken> | ComponentSpec<Exclude<Names, Taken>, unknown>

type ValidEach<T extends ObjectTypeName, S extends readonly unknown[], Taken> = {
  [I in keyof S]: S[I] extends ComponentSpec<infer N, unknown>
    ? [Extract<T, AppliesTo<N>>] extends [never]
      ? ComponentMismatch<N, T>
      : [Extract<N, Taken>] extends [never]
        ? S[I]
        : DuplicateComponent<N>
    : S[I] extends ComponentName
      ? Refusal<T, S[I], Taken, S[I]>
      : ComponentSpec | NamesFor<T>
}

// The argument `A` (component `N`) as it is, or the message saying why it is refused.
type Refusal<T extends ObjectTypeName, N extends ComponentName, Taken, A> = [
  Extract<T, AppliesTo<N>>,
] extends [never]
  ? ComponentMismatch<N, T>
  : [Extract<N, Taken>] extends [never]
    ? A
    : DuplicateComponent<N>

/**
 * The components nested in a component that returns objects of types `T`: valid as `.with()` has them, and
 * no deeper than the cap allows below a level. Checked at each nesting call, so that every spec the builder
 * makes is within the cap wherever it is used, and `.with()` needs no depth check of its own.
 */
export type ValidNested<T extends ObjectTypeName, S extends readonly unknown[]> = S extends readonly (
  NamesFor<T> | ComponentSpec<NamesFor<T>, NestedWithinCap>
)[]
  ? S
  : S extends infer Refused extends readonly unknown[]
    ? EachNested<T, Refused>
    : never

// What a spec nested at a nesting call may have below it: components `maxComponentDepth - 2` (3) levels deep at
// most (a spec's `Nested` is covariant, so a shallower tree is assignable and a deeper one is not). Written out
// (a recursive alias over tuple lengths cost each program about 40 instantiations); types-agree.test-d.ts holds
// it to `maxComponentDepth`. A nesting call costs one assignment to it where TooDeep walked each argument's tree.
type NestedWithinCap = ComponentSpec<
  ComponentName,
  ComponentSpec<ComponentName, ComponentSpec<ComponentName, never>>
>

// Each argument of a nesting call, or the message saying why it is refused: only for arguments the union above
// refuses (inferring through this mapped type is what a nesting call cost before).
type EachNested<T extends ObjectTypeName, S extends readonly unknown[]> = {
  [I in keyof S]: S[I] extends ComponentSpec<infer N, unknown>
    ? [Extract<T, AppliesTo<N>>] extends [never]
      ? ComponentMismatch<N, T>
      : true extends TooDeep<S[I], [unknown]>
        ? ComponentTooDeep<N>
        : S[I]
    : S[I] extends ComponentName
      ? [Extract<T, AppliesTo<S[I]>>] extends [never]
        ? ComponentMismatch<S[I], T>
        : S[I]
      : ComponentSpec | NamesFor<T>
}

/** The component names that apply to at least one of the types `T`. */
type NamesFor<T extends ObjectTypeName> = ComponentsByType[T]

// The components of `C` that apply to none of the types `Types`.
type Stranded<C, Types extends ObjectTypeName> =
  C extends ComponentSpec<infer N, unknown>
    ? [Extract<Types, AppliesTo<N>>] extends [never]
      ? N
      : never
    : never

/**
 * Each filter of `F`, or a message where a returnType filter narrows the query to types none of which takes a
 * component already added (`C`), as `.with(allSubscriptions).filter(returnType.eq('Movie'))`. (A filter name
 * set twice is refused at run time only: the query's type does not carry the names of its filters, and telling
 * repeats apart within one call's tuple cost more than the check is worth.)
 */
export type ValidFilters<C, F extends readonly unknown[]> = [C] extends [never]
  ? F
  : F extends EachFilter<C, F>
    ? F
    : EachFilter<C, F>

// Each filter, or its message. Behind `infer`, so that TypeScript infers `F` from the bare `F` above only; before
// any component is added (`C` never) nothing can be stranded and the filters are taken as they are.
type EachFilter<C, F extends readonly unknown[]> = F extends infer Each extends readonly unknown[]
  ? {
      [I in keyof Each]: Each[I] extends FilterSpec<'returnType', infer Types extends ObjectTypeName>
        ? [Stranded<C, Types>] extends [never]
          ? Each[I]
          : ComponentMismatch<Stranded<C, Types>, Types>
        : Each[I]
    }
  : never
