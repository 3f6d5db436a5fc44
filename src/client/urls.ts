import { ClientConfigError } from './errors'
import { httpUrl } from './option-checks'

/** Where the service lives: an origin and a base path without a trailing slash (often ''). */
export interface GraphBase {
  readonly origin: string
  readonly basePath: string
}

/** Reads `baseUrl`: an http(s) URL, optionally with a base path (`https://host/api`), no query or fragment. */
export function parseBaseUrl(baseUrl: unknown): GraphBase {
  const url = httpUrl(baseUrl, ['baseUrl'], 'https://graph.example.com')
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') }
}

/**
 * The URL of `path` below `baseUrl`, or a ClientConfigError: the token goes only to the configured origin and
 * base path. `path` starts with `/` (not `//`, not `\`); once resolved (dot segments, `%2e%2e`), it must still
 * be on the origin, below the base path, with no fragment.
 */
export function urlOnBase(base: GraphBase, path: unknown): string {
  // A plain path (names of letters, digits, `-` and `_`: every graph endpoint) is what URL would make of it:
  // no parse per request.
  if (typeof path === 'string' && /^(?:\/[\w-]+)+$/.test(path)) return `${base.origin}${base.basePath}${path}`
  const url =
    typeof path === 'string' && /^\/(?![/\\])[^#\\]*$/.test(path)
      ? onBase(base, `${base.origin}${base.basePath}${path}`)
      : undefined
  if (url === undefined)
    throw new ClientConfigError(`expected a path on baseUrl (${base.origin}${base.basePath}/…)`, ['endpoint'])
  return url
}

/** An absolute URL resolved (dot segments, `%2e%2e`), if it is on the origin, below the base path, without fragment. */
export function onBase(base: GraphBase, href: string): string | undefined {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return undefined
  }
  return url.origin === base.origin && url.pathname.startsWith(`${base.basePath}/`) && url.hash === ''
    ? url.href
    : undefined
}
