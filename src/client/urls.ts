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

const GRAPH_PREFIX = '/graph/'

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
  // Scrubbed before it is cut short: half a token is no longer a known value, and would slip through.
  const refuse = (why: string) =>
    new PagingRefusedError(
      `${JSON.stringify(scrub(endpoint).slice(0, 120))} ${why}; the client only follows paths of ${GRAPH_PREFIX}${paging} on baseUrl`,
      ['pagingInfo', 'next', 'endpoint'],
    )
  if (!endpoint.startsWith('/') || endpoint.startsWith('//') || /[\\?#%]/.test(endpoint))
    throw refuse('is not a path on the configured origin')
  const name = endpoint.startsWith(GRAPH_PREFIX) ? endpoint.slice(GRAPH_PREFIX.length) : endpoint.slice(1)
  if (name !== paging) throw refuse(`does not page the ${paging} endpoint`)
  return `${GRAPH_PREFIX}${name}`
}
