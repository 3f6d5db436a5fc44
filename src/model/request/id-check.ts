// Apart from ids.ts, whose exports the model's entry re-exports: this is no part of the API. Beside the rule, not
// inside `isIdOfType` (which the builder and text reach too): that sits in the browser bundle, where this fast
// path measured +40 B against a budget with none to spare, while the request schemas (fromJSON, text) are not.
import { currentUserAlias, prefixTypes } from '../ids'
import type { ObjectTypeName } from '../ids'
import { isIdOfType } from '../rules'

/**
 * `isIdOfType`, answering the common case (an altId of printable ASCII) without `describeId`'s description
 * object and regular expression, which were ≈3% of `compile(parseQuery(query))` in a CPU profile. It answers
 * `true` only where `describeId` finds an altId of that type (no whitespace is printable ASCII), and asks
 * `isIdOfType` itself otherwise. The current-user alias looks like an altId of `mhals` (OtherMedia) but is read
 * whole, as the user, so it is left to `isIdOfType`.
 */
export function idIsOfType(id: string, types: readonly ObjectTypeName[]): boolean {
  if (
    typeof id === 'string' &&
    id.charCodeAt(5) === 45 /* - */ &&
    id.length > 6 &&
    id !== currentUserAlias &&
    printableAscii(id)
  ) {
    const type = prefixTypes.get(id.slice(0, 5))
    if (type !== undefined && types.includes(type)) return true
  }
  return isIdOfType(id, types)
}

function printableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c <= 32 || c >= 127) return false
  }
  return true
}
