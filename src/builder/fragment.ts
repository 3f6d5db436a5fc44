import {
  HqlError,
  MadeComponent,
  checkComponentTree,
  madeFragments,
  objectTypeNames,
  requestsOf,
  unknownName,
} from '../model/core'
import type { ComponentName, ComponentRequest, ObjectTypeName } from '../model/core'
import type { ComponentArg, ComponentSpec } from './component-spec'
import type { ValidComponents } from './argument-checks'
import type { Shaped } from './result'

// Fragments: a reusable, checked set of components for one object type, spread where components are taken
// (`.with(...movieCard)`, `keyContributors(...personCard)`), as HQL text spreads `...movieCard`. A fragment is the
// components themselves, in a frozen array: spread, they are exactly the arguments written out, so the query
// checks them, types its result and compiles its body as it does those (the same sentence for one that does not
// apply), and `.with()` needs no code or type of its own for fragments: a program that does not import this module
// neither grows nor type-checks any slower (bench/type-scenarios.ts holds both). Its own module, out of the
// builder's index for the same reason.

declare const fragmentOn: unique symbol

/**
 * A component of a fragment: its spec (a name given to `fragment()` becomes its component with nothing nested),
 * marked with the object type the fragment is for, which `FragmentOf` reads. The mark is a phantom: to a query, the
 * component is the spec it extends. (An interface, not the spec intersected with the mark: a query relates an
 * interface to what it takes more cheaply, bench/type-scenarios.ts.)
 */
export interface FragmentPart<
  out T extends ObjectTypeName,
  out Name extends ComponentName,
  out Nested,
> extends ComponentSpec<Name, Nested> {
  readonly [fragmentOn]?: T
}

// A component argument of `fragment()` as its part of the fragment.
type PartOf<T extends ObjectTypeName, A> =
  A extends ComponentSpec<infer N, infer Nested>
    ? FragmentPart<T, N, Nested>
    : A extends ComponentName
      ? FragmentPart<T, A, never>
      : never

/**
 * A fragment: a readonly tuple of its components, to spread where components are taken, each marked with the type
 * the fragment is for, `T`. (A tuple, not an object with the components in it: spread, a tuple's elements keep
 * their places, so each is checked as it would be written out; the mark is on the elements because a tuple
 * intersected with an object spreads as an array of the union of its elements.)
 */
export type Fragment<
  T extends ObjectTypeName = ObjectTypeName,
  S extends readonly ComponentArg[] = readonly ComponentArg[],
> = { readonly [I in keyof S]: PartOf<T, S[I]> }

// The type a fragment is for, read from the marks of its components.
type FragmentType<F extends readonly unknown[]> = F[number] extends {
  readonly [fragmentOn]?: infer T extends ObjectTypeName
}
  ? T
  : never

/**
 * The object a fragment's components give: the default fields of its type and what its components add, as a
 * query's result types them. A card component's props take it; the objects of a query's items that spread the
 * fragment (`result.content[i].object`, nested pairs' `object` too) are assignable to it.
 *
 * @example
 * const movieCard = fragment('Movie', primaryImage, keyContributors(primaryImage))
 * function MovieCard(props: { movie: FragmentOf<typeof movieCard> }) {
 *   return props.movie.primaryImage.object.medium.url
 * }
 */
export type FragmentOf<F extends Fragment> = Shaped<FragmentType<F>, F[number]>

/**
 * The type `value` is a fragment for, or undefined when `fragment()` did not make it. Read from the model's record
 * of the fragments made (`madeFragments`), not from a property a spread or a JSON copy could carry off: HQL text
 * given fragments (`hqlText(text, { movieCard })`) reads the same record.
 *
 * @example
 * fragmentType(fragment('Movie', primaryImage)) // 'Movie'
 */
export function fragmentType(value: unknown): ObjectTypeName | undefined {
  return typeof value == 'object' && value !== null ? madeFragments.get(value) : undefined
}

/**
 * Makes a fragment: a reusable set of components for objects of type `on`, each checked against it when it is
 * made (whether it applies, what nests under it, page sizes), as `.with()` checks them. Spread it where
 * components are taken: `.with(...movieCard)`, or nested, `keyContributors(...personCard)`; the query then asks for
 * exactly those components, and checks them against its own types as it does any other. Type the props of what
 * shows its objects with `FragmentOf<typeof movieCard>`.
 *
 * @example
 * const movieCard = fragment('Movie', primaryImage, keyContributors(primaryImage))
 * const q = hql.explore().filter(returnType.eq('Movie')).with(...movieCard, keyTraits)
 */
export function fragment<T extends ObjectTypeName, const S extends readonly ComponentArg[]>(
  on: T,
  ...components: ValidComponents<T, S>
): Fragment<T, S>
export function fragment(on: string, ...components: readonly unknown[]): unknown {
  if (!(objectTypeNames as readonly string[]).includes(on))
    throw new HqlError('unknown_type', unknownName('type', on, objectTypeNames), { path: ['on'] })
  if (components.length === 0)
    throw new HqlError('invalid_request', `a fragment on ${on} takes at least one component`, {
      path: ['components'],
    })
  const requests = requestsOf(components)
  checkComponentTree(requests, [on as ObjectTypeName], ['components'])
  // The values as given, a name as its component's value (as the type says): spread, they are what `.with()`
  // would have been given, and a query reads the same requests from them.
  const made = components.map((component, index) =>
    typeof component == 'string' ? new MadeComponent(requests[index] as ComponentRequest) : component,
  )
  madeFragments.set(made, on as ObjectTypeName)
  return Object.freeze(made)
}
