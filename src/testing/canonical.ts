import { compile, fromJSON } from '../compile'
import {
  endpointAtPath,
  endpointNames,
  isEndpointName,
  maxSortedJsonDepth,
  sortedJson as sortedKeyJson,
} from '../model'
import type { EndpointName, Query, RequestBody } from '../model'

/** A request as the testing helpers take it: a query, or what `compile` or `pagingInfo.next` describes. */
export type RequestLike = Query | { readonly endpoint: string; readonly body: unknown }

/** `explore` from `explore`, `/graph/explore` or the bare `/explore` relate's next carries; else undefined. */
export function endpointName(endpoint: string): EndpointName | undefined {
  return isEndpointName(endpoint) ? endpoint : endpointAtPath(endpoint)
}

/**
 * The canonical request of a query or a request: validated and re-emitted by `compile`, so that key order and
 * the older accepted forms make no difference. Goes through `fromJSON` rather than `compile(query)` alone
 * because a query made by another copy of hql (an ESM and a CJS copy in one test run) is not this copy's
 * class. Throws the `HqlError` of a request that does not validate.
 */
export function canonical(request: RequestLike): { endpoint: EndpointName; body: RequestBody } {
  const endpoint = endpointName(request.endpoint)
  if (endpoint === undefined)
    throw new TypeError(`expected a graph endpoint (${endpointNames.join(', ')}), got ${request.endpoint}`)
  return { endpoint, body: compile(fromJSON(endpoint, request.body)).body }
}

/** JSON with object keys sorted at every level: one text for equal requests, whatever their key order. */
export function sortedJson(value: unknown): string {
  return sortedKeyJson(
    value,
    () => new TypeError(`expected a request nested at most ${maxSortedJsonDepth} levels deep`),
  )
}
