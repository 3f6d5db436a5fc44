import type { RequestBody } from '../request/bodies'
import type { EndpointName } from '../wire'

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
