import type { RequestBody } from '../model/core'

/** The four graph endpoints, by the name used in `hql.<name>()` and `fromJSON(<name>, …)`. */
export type EndpointName = 'explore' | 'relate' | 'silos' | 'lookup'

declare const resultType: unique symbol

/**
 * A query is an immutable value: the endpoint and the request body in model form. `Result` is a phantom type
 * (never present at run time) that carries the response type the query's components imply.
 */
export interface Query<Result = unknown> {
  readonly endpoint: EndpointName
  readonly body: RequestBody
  readonly [resultType]?: Result
}

/** The response type of a query: `ResultOf<typeof q>`. */
export type ResultOf<Q> = Q extends Query<infer Result> ? Result : never
