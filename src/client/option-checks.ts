import type { JsonPath } from '../model/errors'
import { ClientConfigError } from './errors'

// The checks of the options of createClient, the grants and each call, shared so that every option says
// what it expects in the same words (and the browser bundle carries each check once).

/**
 * What a number option must be: a test, and the words a message says it in. Each kind is a value of its own,
 * so that a bundle carries only the kinds its program checks (the core: `positive` and `wholeOrInfinity`).
 */
export interface NumberKind {
  readonly test: (value: number) => boolean
  readonly expected: string
}

/** Above 0: a time. */
export const positive: NumberKind = { test: (value) => value > 0, expected: 'a positive number' }
/** At least 0: a margin. */
export const atLeast0: NumberKind = { test: (value) => value >= 0, expected: 'a number of at least 0' }
/** A whole number of at least 0: a count, such as retries. */
export const whole: NumberKind = {
  test: (value) => value >= 0 && Number.isInteger(value),
  expected: 'a whole number of at least 0',
}
/** That or Infinity: a limit the caller may turn off (maxPages, maxItems, maxResponseBytes). */
// Written out rather than through `whole`, so that a program that checks only limits carries one kind.
export const wholeOrInfinity: NumberKind = {
  test: (value) => value >= 0 && (Number.isInteger(value) || value === Infinity),
  expected: 'a whole number of at least 0, or Infinity',
}

/** A number option of the given kind, `fallback` when absent. */
export function numberOption(value: unknown, fallback: number, path: JsonPath, kind: NumberKind): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !kind.test(value))
    throw new ClientConfigError(`expected ${kind.expected}`, path)
  return value
}

/** `text` as a URL, or undefined for text that is none (the URL constructor throws). */
export function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

/** An http(s) URL; `example` shows what one looks like. */
export function httpUrl(value: unknown, path: JsonPath, example: string): URL {
  const url = typeof value === 'string' ? parseUrl(value) : undefined
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:')
    throw new ClientConfigError(`expected an http(s) URL such as ${example}`, path)
  // Paths are appended to baseUrl and authUrl: a query, fragment or credentials would end up mid-URL.
  if (url.search + url.hash + url.username + url.password !== '')
    throw new ClientConfigError('expected no query, fragment or credentials in the URL', path)
  return url
}

/**
 * An auth option (at `$.auth.<key>`) that must be a string and not empty. The message never quotes the value: it
 * may be a secret. (Read by its key, so that each caller writes the name once and no path: 14 B of the bundle.)
 */
export function requireNonEmpty(options: object, key: string): void {
  const value = (options as Record<string, unknown>)[key]
  if (typeof value !== 'string' || value === '')
    throw new ClientConfigError('expected a non-empty string', ['auth', key])
}

/**
 * Refuses a key of `options` not in `known`, naming it: an option nobody reads would be dropped unnoticed.
 *
 * @example
 * refuseUnknown({ timeout: 5 }, ['timeoutMs'], 'this call') // ClientConfigError at $.timeout
 */
export function refuseUnknown(
  options: object,
  known: readonly string[],
  of: string,
  at: JsonPath = [],
): void {
  for (const key of Object.keys(options))
    if (!known.includes(key))
      throw new ClientConfigError(`not an option of ${of} (docs/client.md)`, [...at, key])
}
