import type { ContributorNode, GraphNode, MediaNode } from '../graph/entities'
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
  for (const node of others) node.popularity = 0
  for (const c of contributors) {
    let sum = 0
    for (const credit of c.credits) sum += credit.media.popularity
    c.popularity = sum / 1000
  }
  for (const node of [...media, ...others, ...social.collections, ...social.users])
    node.popularity += node.social.likers.length + node.social.followers.length
}
