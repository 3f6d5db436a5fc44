import { clipped, quoted } from '../model'
import { unreadOption } from '../model/suggest'
import { isObject } from '../model/check/kit'

// The helpers' one way to refuse a bad argument: a TypeError (a RangeError for a number out of range) that says
// `expected <argument> to be …, got <what came>`, naming the argument by the path a caller wrote it at
// (`options.fixtures[2]`). What came is shown short and never by calling into it: a string quoted and clipped,
// an object by its kind (a symbol, or an object whose toString is null, cannot make a message throw).

/** What a message shows of a value that came in place of an argument. */
export const got = (value: unknown): string =>
  Array.isArray(value) ? 'an array' : typeof value === 'symbol' ? 'a symbol' : quoted(value)

/** A TypeError in the helpers' style: `expected ${what}, got ${got(value)}`. */
export const expected = (what: string, value: unknown): TypeError =>
  new TypeError(`expected ${what}, got ${got(value)}`)

/** Whether `value` is an object that options may be read from (an array or a function is not): the model's. */
export { isObject as isRecord }

/**
 * `value` as the options object `name` (undefined is none given, `{}`), after refusing anything that is no
 * object and any key not in `keys`, with the closest known key when one is near: a misspelt option would
 * otherwise be left out without a word.
 *
 * @example
 * optionsOf({ form: 'catalog' }, 'options', ['from', 'items']) // TypeError: … got 'form'; did you mean 'from'?
 */
export function optionsOf(
  value: unknown,
  name: string,
  keys: readonly string[],
): Readonly<Record<string, unknown>> {
  if (value === undefined) return {}
  if (!isObject(value)) throw expected(`${name} to be an object`, value)
  const unread = unreadOption(value, keys)
  if (unread)
    throw new TypeError(
      `expected ${name} to hold only ${keys.join(', ')}, got ${clipped(unread[0])}${unread[1]}`,
    )
  return value
}
