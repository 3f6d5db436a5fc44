import { HqlError } from '../model/errors'
import { QueryValue } from '../model/query/value'
import { graphPath } from '../model/wire'
import type { EndpointName, Query } from '../model/core'
// From the defining file, not through model/core.ts: the declaration build (rollup-plugin-dts) puts bodies.ts and core.ts in
// different chunks, and a re-export through core.ts would make those chunks import each other.
import type { RequestBodies, RequestBody } from '../model/request/bodies'

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
 * Takes queries made by hql (the builder, `fromJSON`, `parseQuery`), which are valid by construction; a
 * plain object is refused rather than validated here, so that compiling never needs the request schemas
 * (and a browser bundle that only builds queries carries none). Use `fromJSON` for JSON.
 *
 * @example
 * compile(hql.lookup('mhmov-gladiator').with(primaryImage))
 * // { endpoint: '/graph/lookup', method: 'POST', body: { ids: ['mhmov-gladiator'], components: [{ name: 'primaryImage' }] } }
 */
export function compile<Q extends Query>(query: Q): CompiledRequest<RequestBodies[Q['endpoint']]> {
  if (!(query instanceof QueryValue))
    throw new HqlError(
      'not_a_query',
      'compile takes a query made by hql (the builder, fromJSON or parseQuery): for JSON, use fromJSON',
    )
  return { endpoint: graphPath(query.endpoint), method: 'POST', body: query.body as never }
}
