import type { Query, ResultOf } from '../model'
import { expected, got, optionsOf } from './arguments'
import { canonical, sortedJson, type RequestLike } from './canonical'
import { checkAnswer } from './promise-check'

/** One canned answer: for the request `key` (canonical JSON), answer `status` with `body`. */
export interface HqlFixture {
  readonly endpoint: string
  /** The canonical request this fixture answers, as sorted JSON. */
  readonly key: string
  readonly status: number
  readonly body: unknown
}

/** Options of {@link fixture}. */
export interface FixtureOptions {
  /**
   * Whether to refuse a response that the client's `strictCheck` would refuse for this request (default true):
   * set false to serve a broken one on purpose, for a test of the client's check.
   */
  readonly check?: boolean
}

const fixtureOptionKeys: readonly (keyof FixtureOptions)[] = ['check']

/**
 * A canned 200 answer for one request: the query's first page, or any page when given a `pagingInfo.next`
 * request. The response is typed by the query's result type, so a fixture cannot drift from what the query
 * asks for without a type error; it is also checked as the client's `strictCheck` checks it (what the request
 * promises, and its depth), also for a plain request, whose response is typed `unknown`: a response that
 * breaks the promise is an `HqlError` `response_breaks_query` naming its path, unless `{ check: false }`.
 *
 * @example
 * fixture(hql.lookup('mhmov-gladiator'), { content: [{ object: gladiator, context: {} }], pagingInfo })
 */
export function fixture<R extends RequestLike>(
  request: R,
  response: R extends Query ? ResultOf<R> : unknown,
  options?: FixtureOptions,
): HqlFixture {
  const { check = true } = optionsOf(options, 'options', fixtureOptionKeys)
  if (typeof check !== 'boolean') throw expected('options.check to be true or false', check)
  return made(request, 200, response, check)
}

/**
 * A canned answer with any status, for the failures a real service can give (`503`, `429`, `404`…). A 204 or
 * 304 sends no body, so one given is refused; a 200 must have one, checked as {@link fixture} checks it.
 *
 * @example
 * errorFixture(q, 503, { error: 'unavailable', message: 'try again', status: 503 })
 */
export function errorFixture(request: RequestLike, status: number, body?: unknown): HqlFixture {
  if (typeof status !== 'number') throw expected('status to be an HTTP status from 200 to 599', status)
  if (!Number.isInteger(status) || status < 200 || status > 599)
    throw new RangeError(`expected status to be an HTTP status from 200 to 599, got ${got(status)}`)
  if ((status === 204 || status === 304) && body !== undefined)
    throw expected(`no body for status ${status}, which sends none`, body)
  if (status === 200 && body === undefined)
    throw expected('a body for status 200 (a 200 is a fixture(request, response))', body)
  return made(request, status, body, true)
}

/** The fixture of a validated request; a 200's body checked against what the request promises. */
function made(request: RequestLike, status: number, body: unknown, check: boolean): HqlFixture {
  const { endpoint, body: request_ } = canonical(request)
  if (status === 200 && check) checkAnswer(endpoint, request_, body)
  return { endpoint, key: sortedJson({ endpoint, body: request_ }), status, body }
}
