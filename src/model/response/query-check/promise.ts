import { isObject } from '../../check/kit'
import { componentCatalogue, isComponentName } from '../../components'
import type { ComponentEntry, ComponentName } from '../../components'
import { describeId, objectTypeNames } from '../../ids'
import type { ObjectTypeName } from '../../ids'
import type { Operator } from '../../request/filters'
import { browsableTypes, recommendedTypes, typesOfIds, typesOfReturnType } from '../../query/returned-types'
import { isEndpointName } from '../../wire'
import type { EndpointName } from '../../wire'

// What a query promises about its response, read from its endpoint and body: the types it returns and the
// components requested on them. The body may come from the wire (a `next` body), so it is read defensively:
// anything this reader does not recognise gives `undefined`, and the caller falls back to the generic check.

/** A requested component and what is requested on the objects it returns. `page`/`pageSize` do not matter. */
export interface RequestedComponent {
  readonly name: ComponentName
  readonly components: readonly RequestedComponent[]
}

export interface ResponsePromise {
  readonly endpoint: EndpointName
  /** The object types of the top-level items, in catalogue order. */
  readonly types: readonly ObjectTypeName[]
  readonly components: readonly RequestedComponent[]
  /** Lookup answers `{}` at the position of an unknown mapped source id: allowed when the ids have one. */
  readonly emptyItems: boolean
}

/**
 * Past these, a body is not worth a checker of its own (no query the doors build comes near them: components
 * nest at most `maxComponentDepth` levels): the generic check is used instead.
 */
const MAX_DEPTH = 16
const MAX_COMPONENTS = 256
const MAX_OPERATOR_DEPTH = 8

/** The promise of a body, or undefined when the body is not one this reader understands. */
export function readPromise(endpoint: unknown, body: unknown): ResponsePromise | undefined {
  if (!isEndpointName(endpoint) || !isObject(body)) return undefined
  const types = endpoint === 'lookup' ? idTypes(body['ids']) : filterTypes(endpoint, body['filters'])
  if (types === undefined) return undefined
  const budget = { left: MAX_COMPONENTS }
  const components = readComponents(body['components'], 0, budget)
  if (components === undefined) return undefined
  const emptyItems =
    endpoint === 'lookup' &&
    (body['ids'] as readonly string[]).some((id) => describeId(id).form === 'mappedSourceId')
  return { endpoint, types: inCatalogueOrder(types), components, emptyItems }
}

function idTypes(ids: unknown): readonly ObjectTypeName[] | undefined {
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) return undefined
  return typesOfIds(ids as string[])
}

function filterTypes(endpoint: EndpointName, filters: unknown): readonly ObjectTypeName[] | undefined {
  const all = endpoint === 'explore' ? browsableTypes : recommendedTypes
  if (filters === undefined) return all
  if (!isObject(filters)) return undefined
  const returnType = Object.hasOwn(filters, 'returnType') ? filters['returnType'] : undefined
  if (returnType === undefined) return all
  return isTypeOperator(returnType, 0) ? typesOfReturnType(returnType, browsableTypes) : undefined
}

const isTypeName = (value: unknown): value is ObjectTypeName =>
  (objectTypeNames as readonly unknown[]).includes(value)

/** Whether `value` is a returnType operator: exactly one of $eq, $ne, $in, $all, $or over type names. */
function isTypeOperator(value: unknown, depth: number): value is Operator<string> {
  if (!isObject(value) || depth > MAX_OPERATOR_DEPTH) return false
  const keys = Object.keys(value)
  if (keys.length !== 1) return false
  const operand = value[keys[0]!]
  switch (keys[0]) {
    case '$eq':
    case '$ne':
      return isTypeName(operand)
    case '$in':
    case '$all':
      return Array.isArray(operand) && operand.length > 0 && operand.every(isTypeName)
    case '$or':
      return (
        Array.isArray(operand) && operand.length > 0 && operand.every((b) => isTypeOperator(b, depth + 1))
      )
    default:
      return false
  }
}

function readComponents(
  list: unknown,
  depth: number,
  budget: { left: number },
): readonly RequestedComponent[] | undefined {
  if (list === undefined) return []
  if (!Array.isArray(list) || depth >= MAX_DEPTH) return undefined
  const read: RequestedComponent[] = []
  for (const request of list) {
    if (--budget.left < 0 || !isObject(request)) return undefined
    const name = request['name']
    if (typeof name !== 'string' || !isComponentName(name)) return undefined
    const components = readComponents(request['components'], depth + 1, budget)
    if (components === undefined) return undefined
    read.push({ name, components })
  }
  return read
}

const inCatalogueOrder = (types: readonly ObjectTypeName[]): ObjectTypeName[] =>
  objectTypeNames.filter((type) => types.includes(type))

/** Whether the catalogue promises a component only to a user's token (`userSocial`): then it may be absent. */
export function needsUser(name: ComponentName): boolean {
  const entry: ComponentEntry & { readonly needsUser?: boolean } = componentCatalogue[name]
  return entry.needsUser === true || name === 'userSocial'
}
