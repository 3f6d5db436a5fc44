import { HqlError } from '../model/errors'
import { QueryValue } from '../model/query/value'
import type { RequestBody } from '../model/request/bodies'
import type { EndpointName } from '../model/wire'
import type { Query } from '../model/query/query'

/** The request a key names: the query's endpoint and its whole body, in canonical key order. */
export interface KeyedRequest {
  readonly endpoint: EndpointName
  readonly body: RequestBody
}

/** A query's cache key: `['hql', { endpoint, body }]`, plain JSON. */
export type HqlQueryKey = readonly ['hql', KeyedRequest]

/**
 * A stable, JSON-serialisable cache key for a query: `['hql', { endpoint, body }]`, the whole request with its
 * body in canonical key order. Equal queries give equal keys, however they were built (call order, builder,
 * `fromJSON`, text); queries that differ anywhere (a filter, a component, a page size) give different keys.
 * TanStack Query, SWR and any cache that hashes keys as JSON can use it as it is; with TanStack Query's partial
 * matching, `['hql']` names every hql query and `['hql', { endpoint: 'explore' }]` every explore.
 *
 * Takes queries made by hql (the builder, `fromJSON`, `parseQuery`), as `compile` does.
 *
 * @example
 * const q = hql.explore().filter(returnType.eq('Movie')).pageSize(5)
 * queryKey(q) // ['hql', { endpoint: 'explore', body: { filters: { returnType: { $eq: 'Movie' } }, pageSize: 5 } }]
 * useSWR(queryKey(q), () => client.run(q))
 */
export function queryKey(query: Query): HqlQueryKey {
  if (!(query instanceof QueryValue))
    throw new HqlError(
      'not_a_query',
      'queryKey takes a query made by hql (the builder, fromJSON or parseQuery): for JSON, use fromJSON',
    )
  return ['hql', query.toJSON()]
}
