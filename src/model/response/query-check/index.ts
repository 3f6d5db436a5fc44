import * as c from '../../check/kit'
import type { Checker } from '../../check/kit'
import type { Query } from '../../query/query'
import type { EndpointName } from '../../wire'
import { responseSchemas } from '../schemas'
import { anyContext, arrayOf, fields, objectOf, pagedList, pagingInfo, pair, type Node } from './nodes'
import { readPromise, type ResponsePromise } from './promise'

export { readPromise, needsUser } from './promise'
export type { ResponsePromise, RequestedComponent } from './promise'

// The per-query response check: what the client's 'strict' mode checks a page against. It is built from the
// query (its endpoint and body), once, and cached: by the query object for queries, by the promise's
// canonical text for bodies from the wire (every page of a list shares one).

/** The checker of a promise read from a body: the envelope of its endpoint around the items it promises. */
function checkerOf(promise: ResponsePromise): Checker<unknown> {
  const object = objectOf(promise.types, promise.components)
  const item = pair(object, anyContext)
  const root: Node =
    promise.endpoint === 'silos'
      ? fields([
          ['silos', arrayOf(fields([['title', string], ...pagedFields(item)]))],
          ['pagingInfo', pagingInfo],
        ])
      : pagedList(promise.emptyItems ? orEmpty(item) : item)
  return c.custom((value, path, issues) => root(value, [...path], issues))
}

const pagedFields = (item: Node): [string, Node][] => [
  ['content', arrayOf(item)],
  ['pagingInfo', pagingInfo],
]

const string: Node = (value, at, issues) => {
  if (typeof value !== 'string') issues.push({ path: [...at], message: 'expected a string' })
}

/** Lookup's `{}` at the position of an unknown mapped source id, or an item. */
const orEmpty =
  (item: Node): Node =>
  (value, at, issues) => {
    if (!(c.isObject(value) && Object.keys(value).length === 0)) item(value, at, issues)
  }

/**
 * The checker of the response a body promises, built now (uncached). A body this reader does not recognise
 * (from the wire, in a shape no door writes) gets the endpoint's generic check.
 */
export function buildResponseCheck(endpoint: EndpointName, body: unknown): Checker<unknown> {
  const promise = readPromise(endpoint, body)
  return promise === undefined ? responseSchemas[endpoint] : checkerOf(promise)
}

const byQuery = new WeakMap<object, Checker<unknown>>()

/** The checker of what `query` promises, built on first use and kept as long as the query. */
export function responseCheckOf(query: Query): Checker<unknown> {
  let checker = byQuery.get(query)
  if (checker === undefined) {
    checker = responseCheckOfBody(query.endpoint, query.body)
    byQuery.set(query, checker)
  }
  return checker
}

/** Bodies' checkers kept at once: enough for the lists an app pages through side by side. */
export const maxCachedBodyChecks = 64
const byText = new Map<string, Checker<unknown>>()

/**
 * The checker of what a body promises (a `next` body from the wire, a request without its query). Bodies
 * that promise the same (pages of one list) share one, found by the promise's canonical text; the least
 * recently used is dropped past `maxCachedBodyChecks`.
 */
export function responseCheckOfBody(endpoint: EndpointName, body: unknown): Checker<unknown> {
  const promise = readPromise(endpoint, body)
  if (promise === undefined) return responseSchemas[endpoint]
  const key = JSON.stringify(promise)
  let checker = byText.get(key)
  if (checker === undefined) {
    checker = checkerOf(promise)
    if (byText.size >= maxCachedBodyChecks) byText.delete(byText.keys().next().value!)
  } else byText.delete(key)
  byText.set(key, checker)
  return checker
}
