import * as c from '../../check/kit'
import type { Checker } from '../../check/kit'
import type { Query } from '../../query/query'
import type { EndpointName } from '../../wire'
import { envelopeSchemas } from '../envelope-schemas'
import { pagedOf, silosOf } from '../envelopes'
import { pair } from './nodes'
import { readPromise, type ResponsePromise } from './promise'

export { readPromise, mayBeMissing } from './promise'
export type { ResponsePromise } from './promise'

// The per-query response check: what the client's 'strict' mode checks a page against. It is built from the
// query (its endpoint and body), once, and cached: by the query object for queries, by the promise's
// canonical text for bodies from the wire (every page of a list shares one).

/** The checker of a promise: the envelope of its endpoint around the items it promises. */
function checkerOf({ endpoint, types, components, emptyItems }: ResponsePromise): Checker<unknown> {
  const pairs = pair(types, components, undefined, true)
  if (endpoint === 'silos') return silosOf(pairs)
  // Lookup's `{}` stands for an unknown mapped source id.
  const item = emptyItems
    ? c.custom((value, path, issues) => {
        if (!c.isObject(value) || Object.keys(value).length > 0) pairs.check(value, path, issues)
      })
    : pairs
  return pagedOf(item)
}

/**
 * The checker of the response a body promises, built now (uncached). A body the doors would not accept (from
 * the wire, in a shape no door writes) gets the endpoint's envelope check.
 */
export function buildResponseCheck(endpoint: EndpointName, body: unknown): Checker<unknown> {
  const promise = readPromise(endpoint, body)
  return promise ? checkerOf(promise) : envelopeSchemas[endpoint]
}

const byQuery = new WeakMap<object, Checker<unknown>>()

/** The checker of what `query` promises, built on first use and kept as long as the query. */
export function responseCheckOf(query: Query): Checker<unknown> {
  let checker = byQuery.get(query)
  if (!checker) byQuery.set(query, (checker = responseCheckOfBody(query.endpoint, query.body)))
  return checker
}

/** Bodies' checkers kept at once: enough for the lists an app pages through side by side. */
export const maxCachedBodyChecks = 64
const byText = new Map<string, Checker<unknown>>()

/**
 * The checker of what a body promises (a `next` body from the wire, a request without its query). Bodies
 * that promise the same (pages of one list: `page` and `pageSize` aside) share one, found by the promise's
 * canonical text; the least recently used is dropped past `maxCachedBodyChecks`.
 */
export function responseCheckOfBody(endpoint: EndpointName, body: unknown): Checker<unknown> {
  const promise = readPromise(endpoint, body)
  if (!promise) return envelopeSchemas[endpoint]
  const key = JSON.stringify(promise, (name, value: unknown) =>
    name === 'page' || name === 'pageSize' ? undefined : value,
  )
  const checker = byText.get(key) ?? checkerOf(promise)
  byText.delete(key)
  if (byText.size >= maxCachedBodyChecks) byText.delete(byText.keys().next().value!)
  byText.set(key, checker)
  return checker
}
