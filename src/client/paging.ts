import { isObject as isRecord } from '../model/check/kit'
import { sortedJson } from '../model/core'
import { InvalidResponseError, PagingLoopError, PagingRefusedError } from './errors'
import type { EndpointName, GraphRequest } from './types'
import { pagedEndpointPath } from './urls'

/**
 * The request for the page after `response`, or undefined on the last page. Reads only what paging needs,
 * so it works (and fails with a typed error naming the path) even when validation is off.
 */
export function nextRequest(
  response: unknown,
  paging: EndpointName,
  scrub?: (text: string) => string,
): GraphRequest | undefined {
  const next = nextLink(response)
  return (
    next && { endpoint: pagedEndpointPath(next.endpoint, paging, scrub), method: 'POST', body: next.body }
  )
}

/**
 * The `pagingInfo.next` of a page or a list, checked for what following it needs (POST, a string endpoint, an
 * object body), or undefined at the end. The endpoint is left for the caller to check against what it pages.
 */
export function nextLink(
  list: unknown,
): { readonly endpoint: string; readonly body: Readonly<Record<string, unknown>> } | undefined {
  const pagingInfo = field(list, 'pagingInfo')
  if (pagingInfo === undefined || pagingInfo === null) return undefined
  if (!isRecord(pagingInfo)) throw invalid('expected an object', ['pagingInfo'])
  const next = pagingInfo['next']
  if (next === undefined || next === null) return undefined
  if (!isRecord(next)) throw invalid('expected an object or null', ['pagingInfo', 'next'])
  const { endpoint, method, body } = next
  if (typeof method !== 'string' || method.toUpperCase() !== 'POST')
    throw new PagingRefusedError('only POST is followed: queries are sent as POST bodies', [
      'pagingInfo',
      'next',
      'method',
    ])
  if (typeof endpoint !== 'string') throw invalid('expected a string', ['pagingInfo', 'next', 'endpoint'])
  if (!isRecord(body)) throw invalid('expected an object', ['pagingInfo', 'next', 'body'])
  return { endpoint, body }
}

/** The items of one page: the pairs of `content`, or of each silo tagged with its title. */
export function pageItems(response: unknown, paging: EndpointName): unknown[] {
  if (paging !== 'silos') return arrayAt(field(response, 'content'), ['content'])
  const items: unknown[] = []
  arrayAt(field(response, 'silos'), ['silos']).forEach((silo, index) => {
    const title = field(silo, 'title')
    if (typeof title !== 'string') throw invalid('expected a string', ['silos', index, 'title'])
    for (const pair of arrayAt(field(silo, 'content'), ['silos', index, 'content']))
      items.push(isRecord(pair) ? { silo: title, ...pair } : pair)
  })
  return items
}

/** Whether a page has no items; a page of a shape paging does not know counts as not empty. */
export function isEmptyPage(response: unknown, paging: EndpointName): boolean {
  try {
    return pageItems(response, paging).length === 0
  } catch {
    return false
  }
}

/**
 * Remembers every request of one paging run, so that a `next` that comes back to any of them (the same page
 * again, or a cycle) ends the run with an error instead of an endless loop. The visit function it returns
 * records a request, or throws `PagingLoopError` if it was made before.
 */
export function visitedRequests(): (request: GraphRequest) => void {
  const seen = new Set<string>()
  return (request) => {
    const key = `${request.endpoint} ${canonicalJson(request.body)}`
    if (seen.has(key)) throw new PagingLoopError(`next repeats an earlier request to ${request.endpoint}`)
    seen.add(key)
  }
}

/**
 * JSON with object keys sorted, so that two bodies that differ only in key order compare equal. A body nested
 * deeper than any query (64 levels) is refused: it comes from a server, and walking it could exhaust the stack.
 */
export function canonicalJson(value: unknown): string {
  return sortedJson(value, () => invalid('nests too deep to follow', ['pagingInfo', 'next', 'body']))
}

export function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined
}

export function arrayAt(value: unknown, path: (string | number)[]): unknown[] {
  if (!Array.isArray(value)) throw invalid('expected an array', path)
  return value
}

export function invalid(message: string, path: (string | number)[]): InvalidResponseError {
  return new InvalidResponseError(message, { path })
}
