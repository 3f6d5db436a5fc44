import { endpointAtPath, graphPath } from '../model/core'
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
 * because relate's responses say `/relate`, the bare `/<name>`, where `<name>` is the endpoint being paged, or
 * any graph endpoint when `paging` is undefined (a list of a response: a list component continues with a
 * lookup). Anything else (an absolute URL, `//host`, another endpoint, dot segments) is refused, so the token
 * only ever goes to `baseUrl`. The refused value is quoted in the message, scrubbed of known secrets.
 */
export function pagedEndpointPath(
  endpoint: string,
  paging: EndpointName | undefined,
  scrub: (text: string) => string = (text) => text,
): `/graph/${EndpointName}` {
  // Scrubbed before it is cut short: half a token is no longer a known value, and would slip through.
  const refuse = (why: string) =>
    new PagingRefusedError(
      `${JSON.stringify(scrub(endpoint).slice(0, 120))} ${why}; the client only follows paths of ${paging ? graphPath(paging) : 'the graph endpoints'} on baseUrl`,
      ['pagingInfo', 'next', 'endpoint'],
    )
  if (!endpoint.startsWith('/') || endpoint.startsWith('//') || /[\\?#%]/.test(endpoint))
    throw refuse('is not a path on the configured origin')
  const name = endpointAtPath(endpoint)
  if (name === undefined || (paging && name !== paging))
    throw refuse(paging ? `does not page the ${paging} endpoint` : 'is not a graph endpoint')
  return graphPath(name)
}
