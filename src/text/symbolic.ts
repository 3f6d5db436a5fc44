import type { EndpointName } from '../model/core'
import type { FragmentDefinitionNode, QueryDefinitionNode } from './ast'
import type { Fragments } from './fragments'
import { Lowering } from './lower'
import { literal } from './lower'

/** Where a scalar parameter stands in a symbolic body; `fallback` is its default, when it has one. */
export interface ParamSlot {
  readonly $param: string
  readonly list: false
  readonly fallback?: unknown
}
/** Where a list parameter's items are spliced into a list of a symbolic body. */
export interface ParamSpread {
  readonly $param: string
  readonly list: true
  readonly fallback?: unknown
}

export function isParamSlot(value: unknown): value is ParamSlot | ParamSpread {
  return (
    value !== null && typeof value === 'object' && typeof (value as { $param?: unknown }).$param === 'string'
  )
}

/**
 * The request body of a definition with each parameter left in place as a slot (a list parameter as a
 * one-item list holding a spread), for code generators. Call it on a definition `resolveDefinition` accepts.
 * A spread of one of `fragments` stays in its list as `{ $fragment: name }` (`isFragmentSlot`).
 */
export function symbolicBody(
  definition: QueryDefinitionNode,
  fragments?: Fragments,
): {
  endpoint: EndpointName
  body: Record<string, unknown>
} {
  const params = new Map(definition.params.map((param) => [param.variable.name, param]))
  const args = new Map<string, unknown>()
  for (const [name, param] of params) {
    const fallback =
      param.defaultValue === undefined ? undefined : defaultOf(param.defaultValue, param.type.name.value)
    const slot = { $param: name, list: param.type.list, ...(fallback === undefined ? {} : { fallback }) }
    args.set(name, param.type.list ? [slot] : slot)
  }
  const lowering = new Lowering(params, args, { ...(fragments && { fragments }), keepSpreads: true })
  const { endpoint, body } = lowering.lower(definition.operation)
  return { endpoint, body }
}

/** Where a fragment is spread in a symbolic body's list of components. */
export interface FragmentSlot {
  readonly $fragment: string
}

export function isFragmentSlot(value: unknown): value is FragmentSlot {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { $fragment?: unknown }).$fragment === 'string'
  )
}

/**
 * A fragment's components as a symbolic body holds them (its own spreads as slots), for code generators. Call
 * it on a fragment `checkFragments` accepts.
 */
export function symbolicComponents(
  fragment: FragmentDefinitionNode,
  fragments: Fragments,
): readonly Record<string, unknown>[] {
  const lowering = new Lowering(new Map(), new Map(), { fragments, keepSpreads: true })
  return lowering.componentItems(fragment.components, [], fragment) as Record<string, unknown>[]
}

function defaultOf(
  node: NonNullable<QueryDefinitionNode['params'][number]['defaultValue']>,
  type: string,
): unknown {
  if (node.kind === 'List') return node.items.map((item) => defaultOf(item, type))
  if (node.kind === 'Variable') return undefined
  return literal(node, type === 'Boolean' ? 'Boolean' : undefined)
}
