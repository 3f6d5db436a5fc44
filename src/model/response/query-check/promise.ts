import { isObject } from '../../check/kit'
import { componentCatalogue, isConditional } from '../../components'
import type { ComponentName } from '../../components'
import { describeId } from '../../ids'
import type { ObjectTypeName } from '../../ids'
import type { ComponentRequest } from '../../request/components'
import { ComponentListRule } from '../../request/components'
import { ReturnTypeOperatorRule } from '../../request/filters'
import { checked } from '../../request/rule'
import { checkComponentTree } from '../../rules'
import { browsableTypes, typesOfIds, typesOfReturnType } from '../../query/returned-types'
import type { EndpointName } from '../../wire'

// What a query promises about its response, read from its endpoint and body: the types it returns and the
// components requested on them. The body may come from the wire (a `next` body), so it is read defensively,
// with the rules every door checks a query with (a component tree, a returnType operator): a body they refuse,
// or that is not a body at all, gives `undefined`, and the caller falls back to the envelope check.

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
  const { ids, filters, components = [] } = body
  try {
    let types: readonly ObjectTypeName[]
    if (endpoint === 'lookup') {
      if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return undefined
      types = typesOfIds(ids)
    } else {
      const returnType =
        isObject(filters) && Object.hasOwn(filters, 'returnType') ? filters['returnType'] : undefined
      if (returnType !== undefined) checked(ReturnTypeOperatorRule, returnType, [])
      // Without a returnType the query promises no type: the documents do not say what relate and silos
      // recommend then (the builder types them as any browsable type; other objects pass as they come).
      types =
        returnType !== undefined ? typesOfReturnType(returnType as never, browsableTypes) : browsableTypes
    }
    // The component rule, then names, applicability and depth, as `.with()` and fromJSON check them; either
    // throws on anything else.
    checkComponentTree(checked(ComponentListRule, components, []), types, [])
    const emptyItems =
      endpoint === 'lookup' && (ids as string[]).some((id) => describeId(id).form === 'mappedSourceId')
    return { endpoint, types, components: components as ComponentRequest[], emptyItems }
  } catch {
    return undefined
  }
}

/**
 * Whether the catalogue promises a component only conditionally (`userSocial` to a user's token,
 * `primaryGroup` where there is a group): then it may be absent (`isConditional`, components.ts).
 */
export function mayBeMissing(name: ComponentName): boolean {
  return isConditional(componentCatalogue[name])
}
