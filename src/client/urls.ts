import { ClientConfigError } from './errors'
import { httpUrl, parseUrl } from './option-checks'

/** Where the service lives: an origin, and the root: the origin and a base path without a trailing slash. */
export interface GraphBase {
  readonly origin: string
  readonly root: string
}

/** Reads `baseUrl`: an http(s) URL, optionally with a base path (`https://host/api`), no query or fragment. */
export function parseBaseUrl(baseUrl: unknown): GraphBase {
  const url = httpUrl(baseUrl, ['baseUrl'], 'https://graph.example.com')
  return { origin: url.origin, root: url.origin + url.pathname.replace(/\/+$/, '') }
}

/**
 * The URL of `path` below `baseUrl`, or a ClientConfigError: the token goes only to the configured origin and
 * base path. `path` starts with `/` (not `//`, not `\`); once resolved (dot segments, `%2e%2e`), it must still
 * be on the origin, below the base path, with no fragment.
 */
export function urlOnBase(base: GraphBase, path: unknown): string {
  const url =
    typeof path === 'string' && /^\/(?![/\\])[^#\\]*$/.test(path) ? onBase(base, base.root + path) : undefined
  if (url === undefined)
    throw new ClientConfigError(`expected a path on baseUrl (${base.root}/…)`, ['endpoint'])
  return url
}

/** An absolute URL resolved (dot segments, `%2e%2e`), if it is on the origin, below the base path, without fragment. */
export function onBase(base: GraphBase, href: string): string | undefined {
  const url = parseUrl(href)
  // Below the root: the origin itself, not only its text (`https://host` is a prefix of `https://host.evil`).
  return url?.origin === base.origin &&
    (url.origin + url.pathname).startsWith(`${base.root}/`) &&
    url.hash === ''
    ? url.href
    : undefined
}
