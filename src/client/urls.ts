import { endpointAtPath, endpointPaths, graphPath } from '../model/core'
import { PagingRefusedError } from './errors'
import { httpUrl } from './option-checks'
import type { EndpointName } from './types'

/** Where the graph endpoints live: an origin and a base path without a trailing slash (often ''). */
export interface GraphBase {
  readonly origin: string
  readonly basePath: string
}

/** Reads `baseUrl`: an http(s) URL, optionally with a base path (`https://host/api`), no query or fragment. */
export function parseBaseUrl(baseUrl: unknown): GraphBase {
  const url = httpUrl(baseUrl, ['baseUrl'], 'https://graph.example.com')
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') }
}

/** The URL of a graph path: origin + base path + path. */
export function graphUrl(base: GraphBase, path: string): string {
  return `${base.origin}${base.basePath}${path}`
}

/**
 * The canonical graph path a `next.endpoint` names, or a `PagingRefusedError`. Accepted: `/graph/<name>` and,
 * because relate's responses say `/relate`, the bare `/<name>`, where `<name>` is the endpoint being paged.
 * Anything else (an absolute URL, `//host`, another endpoint, dot segments) is refused, so the token only
 * ever goes to `baseUrl`. The refused value is quoted in the message, scrubbed of known secrets.
 */
export function pagedEndpointPath(
  endpoint: string,
  paging: EndpointName,
  scrub: (text: string) => string = (text) => text,
): string {
  const refuse = refusal(endpoint, `paths of ${graphPath(paging)}`, scrub)
  if (!isPlainPath(endpoint)) throw refuse('is not a path on the configured origin')
  if (!endpointPaths(paging).includes(endpoint)) throw refuse(`does not page the ${paging} endpoint`)
  return graphPath(paging)
}

/**
 * The graph endpoint a list's `next.endpoint` names, with its canonical path, or a `PagingRefusedError`. A
 * list from a response may continue at any graph endpoint (a list component's continuation is a lookup), so
 * any of their paths is accepted, `/relate` included, and nothing else: the token only goes to baseUrl's
 * graph endpoints.
 */
export function graphEndpointAt(
  endpoint: string,
  scrub: (text: string) => string = (text) => text,
): { readonly name: EndpointName; readonly path: string } {
  const refuse = refusal(endpoint, 'the graph endpoint paths', scrub)
  if (!isPlainPath(endpoint)) throw refuse('is not a path on the configured origin')
  const name = endpointAtPath(endpoint)
  if (name === undefined) throw refuse('is not a graph endpoint')
  return { name, path: graphPath(name) }
}

/** A path on the configured origin: no scheme or host (`//`), no escapes, query or fragment. */
const isPlainPath = (endpoint: string): boolean =>
  endpoint.startsWith('/') && !endpoint.startsWith('//') && !/[\\?#%]/.test(endpoint)

/** The error for a refused `next.endpoint`, quoting it scrubbed of known secrets. */
const refusal =
  (endpoint: string, followed: string, scrub: (text: string) => string) =>
  (why: string): PagingRefusedError =>
    // Scrubbed before it is cut short: half a token is no longer a known value, and would slip through.
    new PagingRefusedError(
      `${JSON.stringify(scrub(endpoint).slice(0, 120))} ${why}; the client only follows ${followed} on baseUrl`,
      ['pagingInfo', 'next', 'endpoint'],
    )
