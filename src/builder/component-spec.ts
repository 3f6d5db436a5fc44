import type { ComponentName, ComponentRequest } from '../model/core'

declare const componentType: unique symbol

/**
 * A requested component: its request (name, nested components, page size) and, as a phantom, its name and
 * the nested components' specs, from which the result type is computed.
 */
export interface ComponentSpec<out Name extends ComponentName = ComponentName, out Nested = unknown> {
  readonly [componentType]?: { readonly name: Name; readonly nested: Nested }
  /** The component in the request's object form. */
  readonly request: ComponentRequest
}

/**
 * A component as `.with()` and the nesting calls take it: its value (`primaryImage`) or its name
 * (`'primaryImage'`), which the editor completes with the components that apply.
 */
export type ComponentArg = ComponentSpec | ComponentName

/** The spec an argument stands for: a name is its component with nothing nested (distributed over a union). */
export type SpecOfArg<A> = A extends ComponentName ? ComponentSpec<A, never> : A
