import { HqlError, type JsonPath } from '../model/errors'
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
