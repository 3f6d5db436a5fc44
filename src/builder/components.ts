import {
  PageSizeRule,
  checked,
  componentCatalogue,
  checkComponentName,
  MadeComponent,
  madeNestings,
  requestsOf,
} from '../model/core'
import type { ComponentCatalogue, ComponentName, ComponentObjectTypes, ComponentRequest } from '../model/core'
import type { ComponentArg, ComponentSpec, SpecOfArg } from './component-spec'
import type { ValidNested } from './argument-checks'

// Component values: `primaryImage` is a spec as it is; `keyContributors(primaryImage)` nests; list
// components take `.pageSize(n)`.

type Entry<N extends ComponentName> = ComponentCatalogue[N]
type OfTypes<N extends ComponentName> = ComponentObjectTypes[N]

/** A list component's spec: it can be given a page size. */
export interface ListComponentSpec<Name extends ComponentName, Nested = never> extends ComponentSpec<
  Name,
  Nested
> {
  pageSize(size: number): ListComponentSpec<Name, Nested>
}

type SpecOf<N extends ComponentName, Nested> = Entry<N>['shape'] extends 'list'
  ? ListComponentSpec<N, Nested>
  : ComponentSpec<N, Nested>

/** The call that nests: `keyContributors(primaryImage, 'secondaryImage')`. */
interface Nesting<N extends ComponentName> {
  <const S extends readonly ComponentArg[]>(
    ...nested: ValidNested<OfTypes<N>, S>
  ): SpecOf<N, SpecOfArg<S[number]>>
}

/**
 * A list component that returns objects: it takes its page size before nesting as after, so
 * `keyContributors.pageSize(3)(primaryImage)` is `keyContributors(primaryImage).pageSize(3)`.
 */
export interface NestingList<N extends ComponentName> extends ComponentSpec<N, never>, Nesting<N> {
  pageSize(size: number): NestingList<N>
}

/** A component that returns objects: use it as it is, or call it with the components of those objects. */
export type NestingComponent<N extends ComponentName> = Entry<N>['shape'] extends 'list'
  ? NestingList<N>
  : ComponentSpec<N, never> & Nesting<N>

/**
 * The value exported for a component name: it nests where it returns objects (read from the written-out
 * `ComponentObjectTypes`, cheaper than relating the catalogue's `of` tuple to an array type).
 */
export type Component<N extends ComponentName> = [OfTypes<N>] extends [never]
  ? ComponentSpec<N, never>
  : NestingComponent<N>

/**
 * Builds a component request in canonical key order: name, pageSize, components; frozen. The name and page size
 * are checked by their rules, the nested ones come from component values; whether each applies is `.with()`'s
 * check of the whole tree. The query's `.with()` takes only the values made here (a `Spec`, a `MadeComponent`,
 * or a nesting component, recorded in `madeNestings`: src/model/query/made.ts).
 */
function componentRequest(name: ComponentName, pageSize?: number, components?: readonly ComponentRequest[]) {
  const request: { name: ComponentName; pageSize?: number; components?: readonly ComponentRequest[] } = {
    name,
  }
  if (pageSize) request.pageSize = pageSize // (1 or more, by its rule)
  if (components?.length) request.components = Object.freeze(components)
  return Object.freeze(request)
}

class Spec extends MadeComponent {
  // Only list components have this method in their type: the page size by its rule here, whether the component
  // takes one with the whole tree, by `.with()` (src/model/rules.ts), as for JSON.
  pageSize(size: number): Spec {
    return new Spec(
      componentRequest(this.request.name, checked(PageSizeRule, size, ['pageSize']), this.request.components),
    )
  }
}

// The nesting call of a component, with the page size given before it (if any), which the call keeps.
function nestingComponent(name: ComponentName, pageSize?: number): unknown {
  // The nested components as `.with()` takes them, no more than a level may hold; whether each applies is
  // checked with the whole tree by `.with()`.
  const call = (...nested: ComponentArg[]) => new Spec(componentRequest(name, pageSize, requestsOf(nested)))
  const nesting = Object.assign(call, {
    request: componentRequest(name, pageSize),
    pageSize: (size: number) => nestingComponent(name, checked(PageSizeRule, size, ['pageSize'])),
  })
  madeNestings.add(nesting)
  return nesting
}

/**
 * The component of a name known only at run time (from configuration, say). Throws `unknown_component`, with
 * a suggestion, for a name that is not a component.
 *
 * @example
 * hql.lookup('mhmov-gladiator').with(component('primaryImage'))
 */
export function component<N extends ComponentName>(name: N): Component<N>
export function component(name: string): ComponentSpec
// No side effects for a known name: bundlers drop the constants below that an app does not import.
/* @__NO_SIDE_EFFECTS__ */
export function component(name: string): unknown {
  checkComponentName(name, ['name'])
  return componentCatalogue[name].shape === 'primitive'
    ? new Spec(componentRequest(name))
    : nestingComponent(name)
}

export const primaryName: Component<'primaryName'> = component('primaryName')
export const primaryImage: Component<'primaryImage'> = component('primaryImage')
export const secondaryImage: Component<'secondaryImage'> = component('secondaryImage')
export const images: Component<'images'> = component('images')
export const keyContributors: Component<'keyContributors'> = component('keyContributors')
export const keyTraits: Component<'keyTraits'> = component('keyTraits')
export const keySuitabilities: Component<'keySuitabilities'> = component('keySuitabilities')
export const primaryGroup: Component<'primaryGroup'> = component('primaryGroup')
export const contributions: Component<'contributions'> = component('contributions')
export const followers: Component<'followers'> = component('followers')
export const likers: Component<'likers'> = component('likers')
export const following: Component<'following'> = component('following')
export const liking: Component<'liking'> = component('liking')
export const ownedCollections: Component<'ownedCollections'> = component('ownedCollections')
export const allSubscriptions: Component<'allSubscriptions'> = component('allSubscriptions')
export const allMediums: Component<'allMediums'> = component('allMediums')
export const items: Component<'items'> = component('items')
export const primaryOwner: Component<'primaryOwner'> = component('primaryOwner')
export const socialMetrics: Component<'socialMetrics'> = component('socialMetrics')
export const userSocial: Component<'userSocial'> = component('userSocial')
export const metadata: Component<'metadata'> = component('metadata')
export const thumbnail: Component<'thumbnail'> = component('thumbnail')
// contributors, sources and collections are filters as well: see dual.ts.
