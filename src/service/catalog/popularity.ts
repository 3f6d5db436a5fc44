import type { ContributorNode, Credit, GraphNode, MediaNode } from '../graph/entities'
import type { SocialGraph } from './social'

/**
 * Popularity of everything once the social graph exists. Titles keep the data's signal and add their likes and
 * follows; the rest (contributors, traits, sources, collections, users) has no signal in the data, so it is how
 * much of it is liked, followed or collected, and for contributors how popular their titles are.
 */
export function scorePopularity(
  media: readonly MediaNode[],
  contributors: readonly ContributorNode[],
  others: readonly GraphNode[],
  social: SocialGraph,
): void {
  // Indexed loops and no joined list: this runs once per process, mostly before the engine has optimised it,
  // where an array iterator per contributor (~9,000) and a copy of every node cost more than the sums.
  for (let i = 0; i < others.length; i++) (others[i] as GraphNode).popularity = 0
  for (let i = 0; i < contributors.length; i++) {
    const c = contributors[i] as ContributorNode
    const credits = c.credits
    let sum = 0
    for (let j = 0; j < credits.length; j++) sum += (credits[j] as Credit).media.popularity
    c.popularity = sum / 1000
  }
  for (const nodes of [media, others, social.collections, social.users])
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as GraphNode
      node.popularity += node.social.likers.length + node.social.followers.length
    }
}
