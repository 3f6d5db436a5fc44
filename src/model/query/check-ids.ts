import { HqlError } from '../errors'
import type { JsonPath } from '../errors'
import { describeId } from '../ids'
import { checkLimit } from '../limits'
import { shownValue } from '../shown'

/** Throws `invalid_id` unless `id` is an mhid, an altId, the current-user alias or a mapped source id. */
export function checkLookupId(id: unknown, path: JsonPath): void {
  if (typeof id !== 'string' || describeId(id).form === 'unknown')
    throw new HqlError(
      'invalid_id',
      `expected an mhid, an altId, or a mapped source id (Source:Type:id), got ${shownValue(id)}`,
      { path },
    )
}

/** A copy of a list of ids within the request limit, each an id (a sort's or a Content blueprint's ids). */
export function checkedIds(ids: readonly string[], path: JsonPath): string[] {
  checkLimit('ids', ids.length, path)
  ids.forEach((id, index) => checkLookupId(id, [...path, index]))
  return [...ids]
}
