import type { Social } from '../graph/entities'

/**
 * The one list every empty social edge list is: most nodes have no likers, followers or containing
 * collections (~35,000 of the graph's ~92,000 arrays were these, empty), so they share a frozen empty array and
 * get their own array on the first edge ({@link withEdge}).
 */
export const NO_EDGES: readonly never[] = Object.freeze([])

/** A node's social links before synthesis fills them: every node of the catalog starts from one of these. */
export const emptySocial = (): Social => ({
  likers: NO_EDGES,
  followers: NO_EDGES,
  collectedIn: NO_EDGES,
  mentions: 0,
})

/** `list` with `item` appended: a new array in place of the shared empty one, else `list` itself, grown. */
export function withEdge<T>(list: readonly T[], item: T): readonly T[] {
  if (list === NO_EDGES) return [item]
  ;(list as T[]).push(item)
  return list
}
