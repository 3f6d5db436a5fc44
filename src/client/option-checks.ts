import type { JsonPath } from '../model/errors'
import { ClientConfigError } from './errors'

// The checks of the options of createClient, the grants and each call, shared so that every option says
// what it expects in the same words (and the browser bundle carries each check once).

const whole = 'a whole number of at least 0'
const expected = {
  positive: 'a positive number',
  atLeast0: 'a number of at least 0',
  whole,
  limit: `${whole}, or Infinity`,
}

/**
 * A number option, `fallback` when absent: above 0 (`positive`), at least 0 (`atLeast0`), a whole number of at
 * least 0 (`whole`: a count, such as retries), or that or Infinity (`limit`: a limit the caller may
 * turn off; only maxPages, maxItems and maxResponseBytes). Without a fallback the option is required.
 */
export function numberOption(
  value: unknown,
  fallback: number | undefined,
  path: JsonPath,
  kind: keyof typeof expected,
): number {
  if (value === undefined && fallback !== undefined) return fallback
  if (
    typeof value !== 'number' ||
    !(kind === 'positive' ? value > 0 : value >= 0) ||
    ((kind === 'whole' || kind === 'limit') &&
      !Number.isInteger(value) &&
      (kind === 'whole' || value !== Infinity))
  )
    throw new ClientConfigError(
      `expected ${expected[kind]}${fallback === undefined ? ' (required)' : ''}`,
      path,
    )
  return value
}

/** An http(s) URL; `example` shows what one looks like. */
export function httpUrl(value: unknown, path: JsonPath, example: string): URL {
  let url: URL | undefined
  try {
    url = typeof value === 'string' ? new URL(value) : undefined
  } catch {
    url = undefined
  }
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:')
    throw new ClientConfigError(`expected an http(s) URL such as ${example}`, path)
  // Paths are appended to baseUrl and authUrl: a query, fragment or credentials would end up mid-URL.
  if (url.search + url.hash + url.username + url.password !== '')
    throw new ClientConfigError('expected no query, fragment or credentials in the URL', path)
  return url
}

/** A string option that must not be empty. */
export function requireNonEmpty(value: unknown, path: JsonPath): void {
  if (typeof value !== 'string' || value === '')
    throw new ClientConfigError('expected a non-empty string', path)
}
