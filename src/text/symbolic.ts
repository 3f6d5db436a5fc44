import type { EndpointName } from '../model/core'
import type { QueryDefinitionNode } from './ast'
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
 */
export function symbolicBody(definition: QueryDefinitionNode): {
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
  const { endpoint, body } = new Lowering(params, args).lower(definition.operation)
  return { endpoint, body }
}

function defaultOf(
  node: NonNullable<QueryDefinitionNode['params'][number]['defaultValue']>,
  type: string,
): unknown {
  if (node.kind === 'List') return node.items.map((item) => defaultOf(item, type))
  if (node.kind === 'Variable') return undefined
  return literal(node, type === 'Boolean' ? 'Boolean' : undefined)
}
