import * as c from '../../check/kit'
import type { Checker } from '../../check/kit'
import { pagedOf } from '../envelopes'

// Lists read one way. The documents answer the same question two ways: SERVICE-NOTES.md says a list component
// answers `{ content, pagingInfo }`, SERVICE-SPEC.md's tables say "array" (a collection's items, images and
// collections; a source's allSubscriptions) and "possibly an empty array" (keyContributors in a lookup). The
// check accepts either for every list component, and a plain array reaches the user as the page it stands for:
// `{ content, pagingInfo: { next: null } }`, the one shape the result types give a list.

/** A list sent as a plain array, as the page it stands for: sent whole, it has no next page. */
export const asPage = (content: readonly unknown[]) => ({ content, pagingInfo: { next: null } })

/**
 * A list of `item`s, as a plain array or as `{ content, pagingInfo }`.
 *
 * @example
 * listOrArray(c.string).safeParse(['a']).success // true
 * listOrArray(c.string).safeParse({ content: ['a'], pagingInfo: { next: null } }).success // true
 */
export function listOrArray(item: Checker<unknown>): Checker<unknown> {
  const array = c.array(item)
  const page = pagedOf(item)
  return c.custom((value, path, issues) => (Array.isArray(value) ? array : page).check(value, path, issues))
}
