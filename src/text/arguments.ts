import { HqlError, type JsonPath } from '../model/errors'
import { shownValue } from '../model/shown'
import { unreadOption } from '../model/suggest'
import { describeValue } from './param-types'

/**
 * A JavaScript caller's argument that the types refuse: `invalid_argument` at its path (an option's name), as
 * every other mistake gets a typed error, not a TypeError from deep inside.
 *
 * @example
 * expectArgument(typeof text === 'string', text, 'parseDocument expects its text as a string')
 */
export function expectArgument(ok: boolean, value: unknown, expected: string, path: JsonPath = []): void {
  if (!ok) throw new HqlError('invalid_argument', `${expected}, got ${describeValue(value)}`, { path })
}

/**
 * A JavaScript caller's options: an object whose every key is one the function reads (`known`), since an option
 * nobody reads (a misspelt `paramz`) would be dropped unnoticed. `invalid_argument` at the key's path, naming the
 * options the function takes.
 *
 * @example
 * expectOptions({ paramz: {} }, ['query', 'params'], 'parseQuery') // HqlError at $.paramz
 */
export function expectOptions(options: unknown, known: readonly string[], of: string): void {
  expectArgument(
    typeof options === 'object' && options !== null,
    options,
    `${of} expects its options as an object`,
  )
  const unread = unreadOption(options as object, known)
  if (unread)
    throw new HqlError(
      'invalid_argument',
      `${of} takes no option ${shownValue(unread[0])}; it takes ${known.join(', ')}${unread[1]}`,
      { path: [unread[0]] },
    )
}
