import type {
  ComponentCatalogue,
  ComponentName,
  ComponentObjectTypes,
  ComponentsByType,
  ConditionalComponent,
  MediaTypeName,
  EmptyContext,
  MediumType,
  Name,
  ObjectTypeName,
  PagingInfo,
  SocialMetrics,
  SubscriptionMetadata,
  UserSocial,
} from '../model/core'
import type { ComponentSpec } from './component-spec'
import type { PlainContexts, TypedObjects } from './objects'
import type { BlueprintSpec, SiloTypes } from './silos'

// Result inference: from the object types a query returns and the components it asks for, the exact shape of
// the response: the catalogue's shapes and contexts, with what each component returns and where it applies
// read from the written-out tables (ComponentObjectTypes, ComponentsByType, ConditionalComponent; objects.ts for
// the default fields), which test/builder/types-agree.test-d.ts holds to the catalogue.

interface PrimitiveValues {
  Name: Name
  SocialMetrics: SocialMetrics
  UserSocial: UserSocial
  MediumTypes: readonly MediumType[]
  SubscriptionMetadata: SubscriptionMetadata
}

type Entry<N extends ComponentName> = ComponentCatalogue[N]

type ContextOf<N extends ComponentName> =
  Entry<N> extends { context: infer C extends keyof PlainContexts } ? PlainContexts[C] : EmptyContext

type OfTypes<N extends ComponentName> = ComponentObjectTypes[N]

/**
 * `X` as one object type. The intersection with `{}` drops the alias a type was written with, so an editor's
 * hover on a result lists its fields, with their types at every depth, rather than the helpers that computed
 * them (`Pair<…>`, `Shaped<…>`): test/builder/editor.test.ts.
 */
type Flat<X> = { [K in keyof X]: X[K] } & {}

// Pair and PagedList (src/model/response/envelopes.ts), written out for the same reason.
type PairOf<N extends ComponentName, Nested> = {
  readonly object: Shaped<OfTypes<N>, Nested>
  readonly context: ContextOf<N>
} & {}
type ListOf<Item> = { readonly content: readonly Item[]; readonly pagingInfo: PagingInfo } & {}

/**
 * What one requested component adds to an object. A list comes as a page whether the service sent it as one or
 * as a plain array (`array` in the catalogue, or any list): the strict check hands a plain array on as
 * `{ content, pagingInfo: { next: null } }` (src/model/response/query-check/lists.ts).
 */
export type ComponentValue<N extends ComponentName, Nested> = Entry<N>['shape'] extends 'pair'
  ? PairOf<N, Nested>
  : Entry<N>['shape'] extends 'list' | 'array'
    ? ListOf<PairOf<N, Nested>>
    : Entry<N> extends { value: infer V extends keyof PrimitiveValues }
      ? PrimitiveValues[V]
      : never

/** An object of type `T` as results give it: its default fields, with `mhid` typed by prefix. */
export type TypedObject<T extends ObjectTypeName> = TypedObjects[T]

/**
 * The names of the fields the requested components `C` add to an object of type `T` (distributed over `C`): a
 * component's name where it applies, unless it is one of T's default fields (an image's thumbnail rendition, a
 * subscription's metadata), which is already there as it is. `T` is one type here (Shaped distributes first).
 *
 * Whether it applies is read from the written-out `ComponentsByType` (reading the catalogue's `appliesTo` tuples
 * cost about 40 instantiations more). The tests are wrapped (`[N] extends [...]`) so that they do not
 * distribute: the checker works out the constraint of this type once per program (for the mapped types below),
 * and a distributive test made that evaluate every object type against every component, about 4,000 type
 * instantiations. With the fields mapped over their names (below), the quickstart's result type went from 8,191
 * to 2,942 (bench/types.bench.ts).
 */
type AddedNames<T extends ObjectTypeName, C> =
  C extends ComponentSpec<infer N extends ComponentName, unknown>
    ? [N] extends [ComponentsByType[T]]
      ? [N] extends [keyof TypedObjects[T]]
        ? never
        : N
      : never
    : never

/** The nested components requested with component `N` among `C`. */
type NestedOf<C, N extends ComponentName> = C extends ComponentSpec<N, infer Nested> ? Nested : never

// The fields are mapped over their names, not over the specs with an `as` clause: the checker relates a remapped
// key type to the mapped type's parameter (to tell filtering from remapping), a relation of the generic key type
// that evaluated every component against every object type, about 3,900 type instantiations.
// The components promised only conditionally (`isConditional`, components.ts): `needsUser` (userSocial is what
// the token's user did, so a client-credentials token gets objects without it) and `mayBeAbsent` (a title in no
// group has no primaryGroup). Their fields are optional in the result type, as the response checks allow.
type ConditionalSpec = ComponentSpec<ConditionalComponent, unknown>

/** The fields the requested components `C` add to an object of type `T`, all present. */
type Fields<T extends ObjectTypeName, C> = {
  readonly [N in AddedNames<T, C>]: ComponentValue<N, NestedOf<C, N>>
}

/** The same fields, optional: for the components whose presence depends on the access token. */
type OptionalFields<T extends ObjectTypeName, C> = {
  readonly [N in AddedNames<T, C>]?: ComponentValue<N, NestedOf<C, N>>
}

/** The fields the requested components `C` add to an object of type `T`; a conditional one is optional. */
type ComponentFields<T extends ObjectTypeName, C> = [Conditional<C>] extends [never]
  ? Fields<T, C>
  : Fields<T, Exclude<C, ConditionalSpec>> & OptionalFields<T, Conditional<C>>

// `Extract<C, ConditionalSpec>`, written out: the library's alias cost each result type a few instantiations more.
type Conditional<C> = C extends ConditionalSpec ? C : never

/**
 * The eight media types take the same components (test/builder/types-agree.test-d.ts holds the catalogue to it),
 * so the fields a query adds to them are computed once, for Movie, and shared: a union result costs one media
 * member, not eight.
 */
type FieldsOf<T extends ObjectTypeName> = T extends MediaTypeName ? 'Movie' : T

/** An object of type `T` (distributed over a union of types) with the components `C`. */
export type Shaped<T extends ObjectTypeName, C> = T extends ObjectTypeName
  ? [C] extends [never]
    ? TypedObjects[T]
    : Flat<TypedObjects[T] & ComponentFields<FieldsOf<T>, C>>
  : never

/** The context of a top-level item: shaped by the query, so open. */
export type ItemContext = { readonly [key: string]: unknown }

/** A top-level item of a query that returns `T` with components `C`. */
export type Item<T extends ObjectTypeName, C> = {
  readonly object: Shaped<T, C>
  readonly context: { readonly [key: string]: unknown }
} & {}

/** The response of explore, relate and lookup. */
// (Through `infer`: the query types name this type with their own parameters, and a hover on a result showed
// `ListResult<…>` until it resolves to a type without an alias.)
export type ListResult<T extends ObjectTypeName, C, Extra = never> = {
  readonly content: readonly (Item<T, C> | Extra)[]
  readonly pagingInfo: PagingInfo
} & {}

/**
 * The response of silos: items of the types `T` (the query's) with the components `C`, except in the silo of a
 * blueprint (of `B`, a union) with a returnType of its own, which holds that blueprint's types (`SiloTypes`,
 * silos.ts). The silos are one list, so the items' type is the union over the blueprints. Written out, not through
 * an alias taking the item type: an alias's arguments are worked out wherever the query type is (at every method
 * of a silos query: 79 type instantiations more in the four-blueprint scenario), this where the result is read.
 */
export type SilosResult<T extends ObjectTypeName, C, B extends BlueprintSpec = BlueprintSpec> = {
  readonly silos: readonly ({
    readonly title: string
    readonly content: readonly Item<SiloTypes<T, B>, C>[]
    readonly pagingInfo: PagingInfo
  } & {})[]
  readonly pagingInfo: PagingInfo
} & {}
