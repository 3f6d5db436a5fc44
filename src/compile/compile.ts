import type { EndpointName, Query } from '../builder'
import type { RequestBodies, RequestBody } from '../model'
import { asQueryValue } from './from-json'

/** A request ready to send: `POST` the JSON `body` to `endpoint` (a path below the service's base URL). */
export interface CompiledRequest<Body extends RequestBody = RequestBody> {
  readonly endpoint: `/graph/${EndpointName}`
  readonly method: 'POST'
  readonly body: Body
}

/**
 * Compiles a query to the request the service expects. Deterministic: the same query gives the same JSON,
 * with keys in canonical order, so the output can be snapshotted.
 *
 * @example
 * compile(hql.lookup('mhmov-gladiator').with(primaryImage))
 * // { endpoint: '/graph/lookup', method: 'POST', body: { ids: ['mhmov-gladiator'], components: [{ name: 'primaryImage' }] } }
 */
export function compile<Q extends Query>(query: Q): CompiledRequest<RequestBodies[Q['endpoint']]> {
  const value = asQueryValue(query)
  return { endpoint: `/graph/${value.endpoint}`, method: 'POST', body: value.body as never }
}
