import { clipped, quoted } from '../model'
import { unreadOption } from '../model/suggest'
import { isObject } from '../model/check/kit'

// The service's one way to refuse a bad option, named by the path a caller wrote it at
// (`options.limits.maxPageSize`): a TypeError for an object that is none or holds a key nobody reads, a
// RangeError for a value out of range. A misspelt option would otherwise do nothing without a word (a test suite
// believing it lowered a limit it did not). What came is shown short and never by calling into it: a string
// quoted and clipped, an object by its kind. Which key nobody reads is the model's one rule (`unreadOption`), as
// for every door's options; the wording is the service's.

/** Every key of `T`, listed once: the compiler refuses a list that misses one or names one `T` has not. */
export const keysOf = <T>(all: { readonly [K in keyof Required<T>]: true }): readonly string[] =>
  Object.keys(all)

/**
 * `value` as the options object at `path` (undefined is none given, `{}`), after refusing anything that is no
 * object and any key not in `keys`, with the closest known key when one is near.
 *
 * @example
 * optionsOf({ prot: 8080 }, 'options', ['port', 'host']) // TypeError: options.prot is not an option (…); did you mean 'port'?
 */
export function optionsOf(
  value: unknown,
  path: string,
  keys: readonly string[],
): Readonly<Record<string, unknown>> {
  if (value === undefined) return {}
  if (!isObject(value)) throw new TypeError(`${path} must be an object, got ${shownKind(value)}`)
  const unread = unreadOption(value, keys)
  if (unread)
    throw new TypeError(
      `${path}.${clipped(unread[0], String)} is not an option (${path} takes only ${keys.join(', ')})${unread[1]}`,
    )
  return value
}

/**
 * `value` if it is a whole number from `least` (1 unless told) to `most` (none unless told), else a RangeError
 * naming `path`.
 *
 * @example
 * wholeNumber(0, 'options.rateLimit.windowSeconds') // RangeError: … must be a positive whole number, got 0
 */
export function wholeNumber(
  value: unknown,
  path: string,
  { least = 1, most }: { readonly least?: number; readonly most?: number } = {},
): number {
  if (
    Number.isSafeInteger(value) &&
    (value as number) >= least &&
    (most === undefined || (value as number) <= most)
  )
    return value as number
  const range =
    most !== undefined
      ? `a whole number from ${least} to ${most}`
      : least === 1
        ? 'a positive whole number'
        : `a whole number of ${least} or more`
  throw new RangeError(`${path} must be ${range}, got ${shownKind(value)}`)
}

/**
 * `value` if it is of `type` (or undefined, when `optional`), else a TypeError naming `path`. Only the kind of a
 * value is shown: a client secret or a password may be real.
 *
 * @example
 * ofType(1234, 'options.users[0].password', 'string') // TypeError: … must be a string, got a number
 */
export function ofType(
  value: unknown,
  path: string,
  type: 'string' | 'boolean' | 'function',
  optional = false,
): void {
  if (typeof value === type || (optional && value === undefined)) return
  throw new TypeError(`${path} must be a ${type}, got ${kindOf(value)}`)
}

/** A value's kind alone (`a number`, `an object`, `null`), for messages that must not show the value. */
export const kindOf = (value: unknown): string =>
  value === null || value === undefined
    ? String(value)
    : Array.isArray(value)
      ? 'an array'
      : `${typeof value === 'object' ? 'an' : 'a'} ${typeof value}`

/** What a message shows of a value that came in place of an option: a number or string itself, else its kind. */
export const shownKind = (value: unknown): string =>
  Array.isArray(value) ? 'an array' : typeof value === 'function' ? 'a function' : quoted(value)
