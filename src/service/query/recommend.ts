import { byMhid } from '../graph/entities'
import type { ContributorNode, GraphNode, MediaNode, TraitNode } from '../graph/entities'
import { isMedia } from '../graph/entities'
import type { GraphIndex } from '../graph/graph-index'
import type { ObjectTypeName } from '../../model/ids'

/** A resolved factor of relate (or a seed of a silo). */
export interface Seed {
  readonly node: GraphNode
  readonly weight: number
  readonly boostOnly: boolean
}

type Feature = ContributorNode | TraitNode

/**
 * What a node says about taste, as weighted features: a title's contributors and genres; a contributor is
 * their own feature (and, weakly, the genres they work in); a user is the sum of what they like and follow,
 * each like counting 1/likes so a user's total influence matches one title's.
 */
function featuresOf(node: GraphNode, into: Map<Feature, number>, scale: number): void {
  const add = (feature: Feature, weight: number): void => {
    into.set(feature, (into.get(feature) ?? 0) + weight * scale)
  }
  if (isMedia(node)) {
    for (const credit of node.credits) add(credit.contributor, credit.contribution === 'Director' ? 1.5 : 1)
    for (const trait of node.traits) add(trait, 1)
  } else if (node.type === 'Contributor') {
    add(node, 3)
    const genres = new Map<TraitNode, number>()
    for (const credit of node.credits)
      for (const t of credit.media.traits) genres.set(t, (genres.get(t) ?? 0) + 1)
    for (const [trait, count] of genres) add(trait, count / Math.max(1, node.credits.length))
  } else if (node.type === 'User') {
    const liked = node.likes.filter((n) => isMedia(n) || n.type === 'Contributor')
    const followed = node.follows.filter((n) => n.type === 'Contributor')
    const share = 1 / Math.max(1, liked.length + followed.length)
    for (const n of [...liked, ...followed])
      featuresOf(n, into, scale * share * (n.type === 'Contributor' ? 0.5 : 1))
  }
}

/** Rarity of a feature: inverse document frequency over the titles, so a shared director outweighs "Drama". */
function rarity(feature: Feature, titles: number): number {
  const frequency = feature.type === 'Trait' ? feature.media.length : feature.credits.length
  return Math.log((titles + 1) / (frequency + 1))
}

/** Scores of titles by graph proximity to the seeds' features. */
function scoreTitles(graph: GraphIndex, seeds: readonly Seed[]): Map<MediaNode, number> {
  const scores = new Map<MediaNode, number>()
  for (const seed of seeds) {
    if (seed.weight === 0) continue
    const features = new Map<Feature, number>()
    featuresOf(seed.node, features, seed.weight)
    for (const [feature, weight] of features) {
      const gain = weight * rarity(feature, graph.media.length)
      if (gain <= 0) continue
      const titles = feature.type === 'Trait' ? feature.media : feature.credits.map((c) => c.media)
      for (const title of titles) scores.set(title, (scores.get(title) ?? 0) + gain)
    }
  }
  return scores
}

export interface Ranked {
  readonly node: GraphNode
  readonly score: number
}

/**
 * Recommendations by graph proximity. Candidates are the titles (and, when asked for, contributors) that share
 * a feature with a factor that is not boost-only; boost-only factors add to those candidates' scores and
 * bring none of their own. With boost-only factors alone, every title is a candidate. A factor's weight
 * scales its contribution linearly (0.5 is half the influence). The factors themselves, and what a user
 * factor already likes, are never returned. Ties fall to popularity, then mhid: the order is deterministic.
 */
export function recommend(
  graph: GraphIndex,
  seeds: readonly Seed[],
  accept: (node: GraphNode) => boolean,
  types: ReadonlySet<ObjectTypeName>,
): Ranked[] {
  const generating = seeds.filter((s) => !s.boostOnly)
  const base = scoreTitles(graph, generating)
  const boosts = scoreTitles(
    graph,
    seeds.filter((s) => s.boostOnly),
  )
  const excluded = new Set<GraphNode>()
  for (const seed of seeds) {
    excluded.add(seed.node)
    if (seed.node.type === 'User') for (const liked of seed.node.likes) excluded.add(liked)
  }
  const titleScores = new Map<MediaNode, number>()
  const candidates: Iterable<MediaNode> = generating.length > 0 ? base.keys() : graph.media
  for (const title of candidates) titleScores.set(title, (base.get(title) ?? 0) + (boosts.get(title) ?? 0))

  const ranked: Ranked[] = []
  for (const [title, score] of titleScores) if (types.has(title.type)) ranked.push({ node: title, score })
  if (types.has('Contributor')) {
    // A contributor is as close as the titles they worked on, together.
    const people = new Map<ContributorNode, number>()
    for (const [title, score] of titleScores)
      for (const credit of title.credits)
        people.set(credit.contributor, (people.get(credit.contributor) ?? 0) + score)
    for (const [person, score] of people) ranked.push({ node: person, score })
  }
  const out = ranked.filter((r) => !excluded.has(r.node) && accept(r.node))
  out.sort((a, b) => b.score - a.score || b.node.popularity - a.node.popularity || byMhid(a.node, b.node))
  return out
}
