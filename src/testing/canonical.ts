import { compile, fromJSON } from '../compile'
import {
  endpointAtPath,
  endpointNames,
  isEndpointName,
  maxSortedJsonDepth,
  sortedJson as sortedKeyJson,
} from '../model'
import type { EndpointName, Query, RequestBody } from '../model'
import { expected, isRecord } from './arguments'

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
 * class. Throws the `HqlError` of a request that does not validate, and a TypeError naming `name` (the
 * argument, `request` or `query`) for anything that is no request.
 */
export function canonical(
  request: RequestLike,
  name = 'request',
): { endpoint: EndpointName; body: RequestBody } {
  if (!isRecord(request)) throw expected(`${name} to be a query or { endpoint, body }`, request)
  const endpoint = typeof request.endpoint === 'string' ? endpointName(request.endpoint) : undefined
  if (endpoint === undefined)
    throw expected(`${name}.endpoint to be a graph endpoint (${endpointNames.join(', ')})`, request.endpoint)
  return { endpoint, body: compile(fromJSON(endpoint, request.body)).body }
}

/** JSON with object keys sorted at every level: one text for equal requests, whatever their key order. */
export function sortedJson(value: unknown): string {
  return sortedKeyJson(
    value,
    () => new TypeError(`expected a request nested at most ${maxSortedJsonDepth} levels deep`),
  )
}
