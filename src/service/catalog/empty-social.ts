import type { Social } from '../graph/entities'

/**
 * The one list every empty social edge list is: most nodes have no likers, followers or containing
 * collections (~35,000 of the graph's ~92,000 arrays were these, empty), so they share a frozen empty array and
 * get their own array on the first edge ({@link withEdge}).
 */
export const NO_EDGES: readonly never[] = Object.freeze([])

/**
 * The social links of every node that has none, frozen: most contributors are never liked, followed or
 * collected, and a mention count is drawn only for liked nodes (it is 0 without likers), so ~8,000 nodes share
 * this one. A node gets its own object on its first edge ({@link ownSocial}); a write to this one throws.
 */
export const NO_SOCIAL: Social = Object.freeze({
  likers: NO_EDGES,
  followers: NO_EDGES,
  collectedIn: NO_EDGES,
  mentions: 0,
})

/** A node's social links before synthesis fills them: every node of the catalog starts from this. */
export const emptySocial = (): Social => NO_SOCIAL

/** The node's own social links, made in place of the shared empty ones the first time an edge is added. */
export function ownSocial(node: { social: Social }): Social {
  if (node.social === NO_SOCIAL)
    node.social = { likers: NO_EDGES, followers: NO_EDGES, collectedIn: NO_EDGES, mentions: 0 }
  return node.social
}

/** `list` with `item` appended: a new array in place of the shared empty one, else `list` itself, grown. */
export function withEdge<T>(list: readonly T[], item: T): readonly T[] {
  if (list === NO_EDGES) return [item]
  ;(list as T[]).push(item)
  return list
}
