import { byMhid } from '../graph/entities'
import type { ContributorNode, GraphNode, MediaNode, TraitNode } from '../graph/entities'
import { isMedia } from '../graph/entities'
import type { GraphIndex } from '../graph/graph-index'
import type { ObjectTypeName } from '../../model/ids'
import { sortFirst } from './sort-first'
import { topPositions } from './top-positions'
import { sortCost, type Meter } from './work'

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
 * each like counting 1/likes so a user's total influence matches one title's. Returns the steps it took (a
 * user walks everything they like), for the work budget.
 */
function featuresOf(node: GraphNode, into: Map<Feature, number>, scale: number): number {
  let steps = 1
  const add = (feature: Feature, weight: number): void => {
    into.set(feature, (into.get(feature) ?? 0) + weight * scale)
    steps++
  }
  if (isMedia(node)) {
    for (const credit of node.credits) add(credit.contributor, credit.contribution === 'Director' ? 1.5 : 1)
    for (const trait of node.traits) add(trait, 1)
  } else if (node.type === 'Contributor') {
    add(node, 3)
    const genres = new Map<TraitNode, number>()
    for (const credit of node.credits) {
      for (const t of credit.media.traits) genres.set(t, (genres.get(t) ?? 0) + 1)
      steps += credit.media.traits.length
    }
    for (const [trait, count] of genres) add(trait, count / Math.max(1, node.credits.length))
  } else if (node.type === 'User') {
    const liked = node.likes.filter((n) => isMedia(n) || n.type === 'Contributor')
    const followed = node.follows.filter((n) => n.type === 'Contributor')
    const share = 1 / Math.max(1, liked.length + followed.length)
    for (const n of [...liked, ...followed])
      steps += featuresOf(n, into, scale * share * (n.type === 'Contributor' ? 0.5 : 1))
  }
  return steps
}

/** Rarity of a feature: inverse document frequency over the titles, so a shared director outweighs "Drama". */
function rarity(feature: Feature, titles: number): number {
  const frequency = feature.type === 'Trait' ? feature.media.length : feature.credits.length
  return Math.log((titles + 1) / (frequency + 1))
}

/**
 * Titles' scores, by position in graph.media: `sums[i]` for each `i` of `reached`, in the order the titles
 * were first reached, and 0 elsewhere (every gain is positive). Where a Map of scores was made and read for
 * every reached title (~2,400 of a relate's), these are one typed array and a list of positions.
 */
export interface TitleScores {
  readonly sums: Float64Array
  readonly reached: readonly number[]
  /** How many titles were reached. */
  readonly size: number
}

/**
 * Scores of titles by graph proximity to the seeds' features. `meter` is charged, per seed, one unit per
 * score added (the walk over the titles of each feature is what costs).
 */
function scoreTitles(graph: GraphIndex, seeds: readonly Seed[], meter: Meter): TitleScores {
  // The additions happen in the same order as they did into a map of scores, so every sum is the same number
  // to the last bit.
  const sums = new Float64Array(graph.media.length)
  const reached: number[] = []
  for (const seed of seeds) {
    if (seed.weight === 0) continue
    const features = new Map<Feature, number>()
    let added = featuresOf(seed.node, features, seed.weight)
    for (const [feature, weight] of features) {
      const gain = weight * rarity(feature, graph.media.length)
      if (gain <= 0) continue
      const ordinals = graph.titlesOf(feature)
      for (let k = 0; k < ordinals.length; k++) {
        const i = ordinals[k] as number
        // Every gain is positive, so a sum of 0 is a title not reached yet.
        if (sums[i] === 0) reached.push(i)
        sums[i] = (sums[i] as number) + gain
      }
      added += ordinals.length
    }
    meter(added)
  }
  return { sums, reached, size: reached.length }
}

export interface Ranked {
  readonly node: GraphNode
  readonly score: number
}

/** Seeds scored once, to rank candidates of several lists (the silos of one request share their seeds). */
export interface ScoredSeeds {
  /** Scores from the factors that are not boost-only: the titles they reach are the candidates. */
  readonly base: TitleScores
  /** Scores from the boost-only factors, added to the candidates'. */
  readonly boosts: TitleScores
  /** Whether any factor is not boost-only (else every title is a candidate). */
  readonly generating: boolean
  /** The factors themselves, and what a user factor already likes: never recommended. */
  readonly excluded: ReadonlySet<GraphNode>
}

/** Scores seeds for {@link rankScored}; `meter` pays for the walk. */
export function scoreSeeds(graph: GraphIndex, seeds: readonly Seed[], meter: Meter): ScoredSeeds {
  const generating = seeds.filter((s) => !s.boostOnly)
  const base = scoreTitles(graph, generating, meter)
  const boosts = scoreTitles(
    graph,
    seeds.filter((s) => s.boostOnly),
    meter,
  )
  const excluded = new Set<GraphNode>()
  for (const seed of seeds) {
    excluded.add(seed.node)
    if (seed.node.type === 'User') for (const liked of seed.node.likes) excluded.add(liked)
  }
  return { base, boosts, generating: generating.length > 0, excluded }
}

/** The best of a ranking, in order, and how many it ranked: what a page needs. */
export interface RankedHead {
  /** At least the first `needed` of the ranking (all of it when fewer), in order; what follows is unordered. */
  readonly head: Ranked[]
  /** How many candidates were accepted (the whole ranking's length). */
  readonly total: number
}

/**
 * Recommendations by graph proximity. Candidates are the titles (and, when asked for, contributors) that share
 * a feature with a factor that is not boost-only; boost-only factors add to those candidates' scores and
 * bring none of their own. With boost-only factors alone, every title is a candidate. A factor's weight
 * scales its contribution linearly (0.5 is half the influence). The factors themselves, and what a user
 * factor already likes, are never returned. Ties fall to popularity, then mhid: the order is deterministic.
 * Seeds are scored first ({@link scoreSeeds}), so lists that share seeds score them once. `meter` pays for
 * the work (see ./work.ts). `within`, when the seeds are all boost-only and
 * only titles are asked for, names the only titles `accept` can take: the same answer, without scoring every
 * title of the graph to throw most away. `accept` undefined takes every node of `types`. `needed` is how many of the best the caller reads in order (a
 * page's end).
 */
export function rankHead(
  graph: GraphIndex,
  scored: ScoredSeeds,
  accept: ((node: GraphNode) => boolean) | undefined,
  types: ReadonlySet<ObjectTypeName>,
  meter: Meter,
  within?: Iterable<GraphNode>,
  needed: number = Number.POSITIVE_INFINITY,
): RankedHead {
  const { base, boosts } = scored
  // The candidates as positions in graph.media, in the order a map of their scores was walked before (the
  // titles reached; every title; or the titles of `within`, once each), and their scores: base plus boosts,
  // or the base's own sums where there are no boosts (x + 0 is x).
  let candidates: readonly number[]
  // Seasons and episodes of `within` have no position, nor a score: counted, never ranked (the callers that
  // pass `within`, silos' lenses and collections, rank films and series).
  let episodic = 0
  if (scored.generating) candidates = base.reached
  else if (within !== undefined && !types.has('Contributor')) {
    const seen = new Set<number>()
    const others = new Set<GraphNode>()
    for (const node of within)
      if (isMedia(node)) {
        const i = graph.ordinalOf(node)
        if (i !== undefined) seen.add(i)
        else others.add(node)
      }
    candidates = [...seen]
    episodic = others.size
  } else candidates = Array.from(graph.media, (_, i) => i)
  let scores = base.sums
  if (!scored.generating || boosts.size > 0) {
    scores = new Float64Array(graph.media.length)
    for (const i of candidates) scores[i] = (base.sums[i] as number) + (boosts.sums[i] as number)
  }
  if (types.has('Contributor'))
    return rankWithPeople(graph, scored, accept, types, meter, candidates, scores, needed)

  // Titles only: the accepted ones are kept as positions, and only the page's best become `Ranked`s.
  // The excluded titles as marks by position: a typed-array read per candidate, not a set look-up.
  const titles = graph.media
  const excluded = new Uint8Array(titles.length)
  for (const node of scored.excluded)
    if (isMedia(node)) {
      const i = graph.ordinalOf(node)
      if (i !== undefined) excluded[i] = 1
    }
  // Films and series both asked for (the default): no type to test.
  const everyTitle = types.has('Movie') && types.has('ShowSeries')
  const kept = new Int32Array(candidates.length)
  let total = 0
  let considered = 0
  for (let k = 0; k < candidates.length; k++) {
    const i = candidates[k] as number
    const title = titles[i] as MediaNode
    if (!everyTitle && !types.has(title.type)) continue
    considered++
    if (excluded[i] === 0 && (accept === undefined || accept(title))) kept[total++] = i
  }
  meter(candidates.length + episodic + considered)
  meter(sortCost(total))
  const best = topPositions(kept, total, needed, scores, graph.tieRanks())
  const head: Ranked[] = []
  for (const i of best) head.push({ node: titles[i] as MediaNode, score: scores[i] as number })
  return { head, total }
}

/**
 * {@link rankHead} when contributors are asked for too: a contributor is as close as the titles they worked
 * on, together, and contributors and titles are ranked in one list of `Ranked`s.
 */
function rankWithPeople(
  graph: GraphIndex,
  scored: ScoredSeeds,
  accept: ((node: GraphNode) => boolean) | undefined,
  types: ReadonlySet<ObjectTypeName>,
  meter: Meter,
  candidates: readonly number[],
  scores: Float64Array,
  needed: number,
): RankedHead {
  // Candidates are counted (for the meter) and tested in one pass; only those kept become `Ranked`s.
  const { excluded } = scored
  const out: Ranked[] = []
  let considered = 0
  const consider = (node: GraphNode, score: number): void => {
    considered++
    if (!excluded.has(node) && (accept === undefined || accept(node))) out.push({ node, score })
  }
  const titles = graph.media
  for (const i of candidates) {
    const title = titles[i] as MediaNode
    if (types.has(title.type)) consider(title, scores[i] as number)
  }
  let walked = candidates.length
  const people = new Map<ContributorNode, number>()
  for (const i of candidates) {
    const title = titles[i] as MediaNode
    const score = scores[i] as number
    for (const credit of title.credits)
      people.set(credit.contributor, (people.get(credit.contributor) ?? 0) + score)
    walked += title.credits.length
  }
  for (const [person, score] of people) consider(person, score)
  meter(walked + considered)
  meter(sortCost(out.length))
  const head = sortFirst(
    out,
    needed,
    (a, b) => b.score - a.score || b.node.popularity - a.node.popularity || byMhid(a.node, b.node),
  )
  return { head, total: out.length }
}

/** {@link rankHead}, the whole ranking in order (silos read every item). */
export function rankScored(
  graph: GraphIndex,
  scored: ScoredSeeds,
  accept: (node: GraphNode) => boolean,
  types: ReadonlySet<ObjectTypeName>,
  meter: Meter,
  within?: Iterable<GraphNode>,
): Ranked[] {
  return rankHead(graph, scored, accept, types, meter, within).head
}
