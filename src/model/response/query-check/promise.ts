import { isObject } from '../../check/kit'
import { componentCatalogue, isComponentName, isConditional } from '../../components'
import type { ComponentName } from '../../components'
import { describeId } from '../../ids'
import type { ObjectTypeName } from '../../ids'
import type { ComponentRequest } from '../../request/components'
import { ReturnTypeOperatorRule } from '../../request/filters'
import { checked } from '../../request/rule'
import { checkComponentTree, maxComponentDepth } from '../../rules'
import { browsableTypes, typesOfIds, typesOfReturnType } from '../../query/returned-types'
import type { EndpointName } from '../../wire'

// What a query promises about its response, read from its endpoint and body: the types it returns and the
// components requested on them. The body may come from the wire (a `next` body), so it is read defensively,
// with the rules every door checks a query with (the returnType operator's, the component tree's): a body they
// refuse, or that is not a body at all, gives `undefined`, and the caller falls back to the envelope check. Of
// the components it reads what the promise is made of, each one's name and what it nests (a list's page and
// size, which the component rule also checks, shape no response): so the client's program carries no object
// rule, which only the doors that read whole bodies need.

export interface ResponsePromise {
  readonly endpoint: EndpointName
  /** The object types of the top-level items. */
  readonly types: readonly ObjectTypeName[]
  /** As requested; a component's `page` and `pageSize` are not read. */
  readonly components: readonly ComponentRequest[]
  /** Lookup answers `{}` at the position of an unknown mapped source id: allowed when the ids have one. */
  readonly emptyItems: boolean
}

/** The promise of a body, or undefined when the body is not one the doors would accept. */
export function readPromise(endpoint: EndpointName, body: unknown): ResponsePromise | undefined {
  if (!isObject(body)) return undefined
  const { ids, filters, blueprints, components = [] } = body
  try {
    let types: readonly ObjectTypeName[]
    if (endpoint === 'lookup') {
      if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return undefined
      types = typesOfIds(ids)
    } else if (endpoint === 'silos')
      // A blueprint's filters override the query's, filter by filter (SERVICE-SPEC.md; the reference service
      // merges them so): each silo holds what its merged returnType lets through. (Blueprints that are no list
      // throw here: no door writes such a body, which gets the envelope check.)
      types = [
        ...new Set(
          (blueprints as ({ filters?: unknown } | null)[]).flatMap((blueprint) =>
            typesOf({ ...(filters as object), ...(blueprint?.filters as object) }),
          ),
        ),
      ]
    else types = typesOf(filters)
    // Names and nesting, then applicability, depth and pages, as `.with()` and fromJSON check them.
    if (!requested(components, 1)) return undefined
    checkComponentTree(components, types, [])
    const emptyItems =
      endpoint === 'lookup' && (ids as string[]).some((id) => describeId(id).form === 'mappedSourceId')
    return { endpoint, types, components: components as ComponentRequest[], emptyItems }
  } catch {
    return undefined
  }
}

/**
 * What a filters object's returnType (checked by its rule) lets through. Without one the query promises no type:
 * the documents do not say what relate and silos recommend then (the builder types them as any browsable type;
 * other objects pass as they come).
 */
function typesOf(filters: unknown): readonly ObjectTypeName[] {
  const returnType =
    isObject(filters) && Object.hasOwn(filters, 'returnType') ? filters['returnType'] : undefined
  return returnType === undefined
    ? browsableTypes
    : typesOfReturnType(checked(ReturnTypeOperatorRule, returnType, []) as never, browsableTypes)
}

/**
 * Whether `components` is a list of components the promise can read, nested no deeper than a query may: objects
 * naming a component of the catalogue, each with a list of such under `components`, if anything.
 */
function requested(components: unknown, depth: number): components is ComponentRequest[] {
  return (
    Array.isArray(components) &&
    (depth <= maxComponentDepth || components.length == 0) &&
    components.every(
      (component) =>
        isObject(component) &&
        typeof component['name'] == 'string' &&
        isComponentName(component['name']) &&
        (component['components'] === undefined || requested(component['components'], depth + 1)),
    )
  )
}

/**
 * Whether the catalogue promises a component only conditionally (`userSocial` to a user's token,
 * `primaryGroup` where there is a group): then it may be absent (`isConditional`, components.ts).
 */
export function mayBeMissing(name: ComponentName): boolean {
  return isConditional(componentCatalogue[name])
}
