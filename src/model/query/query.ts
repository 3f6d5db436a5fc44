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

/**
 * The response type of a query: `ResultOf<typeof q>`. The result is mapped over once, in place, so that the
 * type has no alias: a hover on a response value lists its fields (`{ readonly content: …; pagingInfo }`), not
 * the helper the query type named it with (`ListResult<"Movie", …>`), test/builder/editor.test.ts. A query
 * whose result is not known (`Query`, `unknown`) keeps it as it is.
 */
export type ResultOf<Q> =
  Q extends Query<infer Result>
    ? unknown extends Result
      ? Result
      : { [K in keyof Result]: Result[K] }
    : never
