import type { Query, ResultOf } from '../model'
import { canonical, sortedJson, type RequestLike } from './canonical'

/** One canned answer: for the request `key` (canonical JSON), answer `status` with `body`. */
export interface HqlFixture {
  readonly endpoint: string
  /** The canonical request this fixture answers, as sorted JSON. */
  readonly key: string
  readonly status: number
  readonly body: unknown
}

/**
 * A canned 200 answer for one request: the query's first page, or any page when given a `pagingInfo.next`
 * request. The response is typed by the query's result type, so a fixture cannot drift from what the query
 * asks for without a type error.
 *
 * @example
 * fixture(hql.lookup('mhmov-gladiator'), { content: [{ object: gladiator, context: {} }], pagingInfo })
 */
export function fixture<R extends RequestLike>(
  request: R,
  response: R extends Query ? ResultOf<R> : unknown,
): HqlFixture {
  return errorFixture(request, 200, response)
}

/**
 * A canned answer with any status, for the failures a real service can give (`503`, `429`, `404`…).
 *
 * @example
 * errorFixture(q, 503, { error: 'unavailable', message: 'try again', status: 503 })
 */
export function errorFixture(request: RequestLike, status: number, body?: unknown): HqlFixture {
  if (!Number.isInteger(status) || status < 200 || status > 599)
    throw new RangeError(`expected an HTTP status from 200 to 599, got ${status}`)
  const { endpoint, body: request_ } = canonical(request)
  return { endpoint, key: sortedJson({ endpoint, body: request_ }), status, body }
}
