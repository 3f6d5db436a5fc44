import { HqlError } from './errors'
import type { JsonPath } from './errors'
import type { HqlErrorCode } from './error-codes'

// The size limits every door enforces on a request before any deep work (schema parsing, component checks,
// the service's graph walks). They bound what one call to fromJSON, one parsed query or one request to the
// reference service can cost, so that no input, however large, reaches a stack overflow or a long stall.
// The service's own limits (`QueryLimits`) may be set lower, never higher: these are checked first.
//
// The service's documentation names no limits (SERVICE-SPEC.md, "Limits": not shown); these numbers are far
// beyond any query in its examples and far below what would cost more than a few milliseconds.

/** The request limits, one per kind of list a body holds; each has its own error code. */
export const requestLimits = {
  /** Ids in a lookup, in silos seeds, in an idsOrder sort, in a Content blueprint (`too_many_ids`). */
  ids: 1000,
  /** Factors of one relate request (`too_many_factors`). */
  factors: 100,
  /** Blueprints of one silos request (`too_many_blueprints`). */
  blueprints: 50,
  /** Values in one operator (`$in`, `$all`, `$or` alternatives) (`too_many_values`). */
  values: 1000,
  /** Components at one level of the component tree (`too_many_components`). */
  componentsPerLevel: 32,
  /** JSON values (objects, arrays and leaves) in the whole body (`too_many_nodes`). */
  nodes: 20_000,
} as const

export type RequestLimitName = keyof typeof requestLimits

/**
 * The longest token or credential a client takes, in characters: no server takes a header longer than 16 KB
 * (Node's limit for all of a request's headers together), and the patterns that keep a secret out of errors
 * grow with it.
 */
export const MAX_SECRET_LENGTH = 16_384

/** How deep a request body may nest: far beyond any real query, far below what would exhaust the stack. */
export const maxJsonDepth = 48

/** The code and message of a list of `count` items over the limit `name` (whose limit is `max`). */
export function tooMany(
  name: RequestLimitName,
  count: number,
  max: number = requestLimits[name],
): [`too_many_${string}` & HqlErrorCode, string] {
  const kind = name === 'componentsPerLevel' ? 'components' : name
  return [`too_many_${kind}` as never, `too many ${kind} (${count}); the limit is ${max}`]
}

/**
 * Throws when a list of `count` items is over the limit `name`: `too_many_<kind>` (`too_many_components` for
 * `componentsPerLevel`), at the list's path. Below `least` items it throws `invalid_request` instead, so an
 * entry point checks both bounds of its list in one call. Every door shares this one (small) helper, and so does
 * the reference service with its own, lower `max`.
 */
export function checkLimit(
  name: RequestLimitName,
  count: number,
  path: JsonPath = [name],
  least = 0,
  max: number = requestLimits[name],
): void {
  if (count < least)
    throw new HqlError('invalid_request', `expected at least one ${name.slice(0, -1)}`, { path })
  if (count > max) {
    const [code, message] = tooMany(name, count, max)
    throw new HqlError(code, message, { path })
  }
}

/** The limit on a list that stands under `key` in a request body (`ids`, `$in`…), if one applies. */
export function listLimitAt(key: string | number): RequestLimitName | undefined {
  switch (key) {
    case 'ids':
    case 'factors':
    case 'blueprints':
      return key
    case '$in':
    case '$all':
    case '$or':
      return 'values'
    case 'components':
      return 'componentsPerLevel'
  }
  return undefined
}

/**
 * How deep a response may nest before it is checked (the client's `strictCheck`, and hql/testing's canned
 * answers, which promise what it accepts): the model's deepest response (components nested
 * `maxComponentDepth` = 5 levels, four JSON levels each, inside the envelope) is about 30 levels; a checker
 * recurses per level and overflows the stack past ~2,000 in Node (fewer in browsers with smaller stacks).
 */
export const MAX_RESPONSE_DEPTH = 256

/**
 * What a header's value may hold as fetch sends it: tabs, printable ASCII and the rest of Latin-1. Anything else
 * (a line break, a control character, a character past U+00FF) is a TypeError inside fetch, which would pass for a
 * network failure and be retried: tokens and headers are held to it where they are given.
 */
export const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/

/**
 * Whether `value` is a token a header can carry: a string, not blank, of HEADER_VALUE's characters once trimmed
 * (fetch trims a header's value: a token read from a file with its newline is sent without it).
 */
export const isHeaderToken = (value: unknown): value is string =>
  typeof value == 'string' && /\S/.test(value) && HEADER_VALUE.test(value.trim())
