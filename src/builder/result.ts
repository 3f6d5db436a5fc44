import type {
  ComponentCatalogue,
  ComponentName,
  ContributorContext,
  EmptyContext,
  MediumType,
  Name,
  ObjectTypeName,
  ObjectTypes,
  PagedList,
  PagingInfo,
  Pair,
  Silo,
  SocialMetrics,
  SourceContext,
  SubscriptionMetadata,
  UserSocial,
} from '../model/core'
import type { ComponentSpec } from './component-spec'

// Result inference: from the object types a query returns and the components it asks for, the exact shape of
// the response. Everything is read from the component catalogue's type.

interface PrimitiveValues {
  Name: Name
  SocialMetrics: SocialMetrics
  UserSocial: UserSocial
  MediumTypes: readonly MediumType[]
  SubscriptionMetadata: SubscriptionMetadata
}

interface Contexts {
  ContributorContext: ContributorContext
  SourceContext: SourceContext
}

type Entry<N extends ComponentName> = ComponentCatalogue[N]

type ContextOf<N extends ComponentName> =
  Entry<N> extends { context: infer C extends keyof Contexts } ? Contexts[C] : EmptyContext

type OfTypes<N extends ComponentName> =
  Entry<N> extends { of: readonly (infer T extends ObjectTypeName)[] } ? T : never

type PairOf<N extends ComponentName, Nested> = Pair<Shaped<OfTypes<N>, Nested>, ContextOf<N>>

/** What one requested component adds to an object. */
export type ComponentValue<N extends ComponentName, Nested> = Entry<N>['shape'] extends 'pair'
  ? PairOf<N, Nested>
  : Entry<N>['shape'] extends 'list'
    ? PagedList<PairOf<N, Nested>>
    : Entry<N>['shape'] extends 'array'
      ? readonly PairOf<N, Nested>[]
      : Entry<N> extends { value: infer V extends keyof PrimitiveValues }
        ? PrimitiveValues[V]
        : never

type AppliesTo<N extends ComponentName> = Entry<N>['appliesTo'][number]

/** The fields the requested components `C` add to an object of type `T`. */
type ComponentFields<T extends ObjectTypeName, C> = {
  readonly [
    S in C as S extends ComponentSpec<infer N, unknown> ? (T extends AppliesTo<N> ? N : never) : never
  ]: S extends ComponentSpec<infer N, infer Nested> ? ComponentValue<N, Nested> : never
}

/** An object of type `T` (distributed over a union of types) with the components `C`. */
export type Shaped<T extends ObjectTypeName, C> = T extends ObjectTypeName
  ? [C] extends [never]
    ? ObjectTypes[T]
    : ObjectTypes[T] & ComponentFields<T, C>
  : never

/** The context of a top-level item: shaped by the query, so open. */
export type ItemContext = { readonly [key: string]: unknown }

/** A top-level item of a query that returns `T` with components `C`. */
export type Item<T extends ObjectTypeName, C> = Pair<Shaped<T, C>, ItemContext>

/** The response of explore, relate and lookup. */
export type ListResult<T extends ObjectTypeName, C, Extra = never> = PagedList<Item<T, C> | Extra>

/** The response of silos. */
export interface SilosResult<T extends ObjectTypeName, C> {
  readonly silos: readonly Silo<Item<T, C>>[]
  readonly pagingInfo: PagingInfo
}

/**
 * A readable type error: when a component does not apply to the query's types, the parameter's type becomes
 * this message, and the editor shows it.
 */
export type ComponentMismatch<N extends string, T extends string> = `component '${N}' does not apply to ${T}`

/** Each component of `S`, or the mismatch message where it applies to none of `T`. */
export type ValidComponents<T extends ObjectTypeName, S extends readonly unknown[]> = {
  [I in keyof S]: S[I] extends ComponentSpec<infer N, unknown>
    ? [Extract<T, AppliesTo<N>>] extends [never]
      ? ComponentMismatch<N, T>
      : S[I]
    : S[I]
}
