import { byMhid } from './entities'
import type { MediaNode, TraitNode } from './entities'
import type { GraphIndex } from './graph-index'

/** A GraphLens: three traits that go together, and the titles that have all three. */
export interface Lens {
  readonly traits: readonly [TraitNode, TraitNode, TraitNode]
  readonly titles: readonly MediaNode[]
  /** Summed popularity of its titles (ExploreGraphLens sorts by it). */
  readonly popularity: number
}

/** A triple must be shared by this many titles to count as "going well together". */
const MIN_TITLES = 5

const cache = new WeakMap<GraphIndex, readonly Lens[]>()

/** Every trait triple that co-occurs on at least MIN_TITLES titles; computed once per graph. */
export function lensesOf(graph: GraphIndex): readonly Lens[] {
  const cached = cache.get(graph)
  if (cached) return cached
  const byKey = new Map<string, { traits: [TraitNode, TraitNode, TraitNode]; titles: MediaNode[] }>()
  for (const title of graph.media) {
    const traits = [...title.traits].sort((a, b) => byMhid(a, b))
    for (let i = 0; i < traits.length; i++)
      for (let j = i + 1; j < traits.length; j++)
        for (let k = j + 1; k < traits.length; k++) {
          const triple: [TraitNode, TraitNode, TraitNode] = [
            traits[i] as TraitNode,
            traits[j] as TraitNode,
            traits[k] as TraitNode,
          ]
          const key = triple.map((t) => t.mhid).join('|')
          const entry = byKey.get(key)
          if (entry) entry.titles.push(title)
          else byKey.set(key, { traits: triple, titles: [title] })
        }
  }
  const lenses: Lens[] = []
  for (const { traits, titles } of byKey.values()) {
    if (titles.length < MIN_TITLES) continue
    lenses.push({ traits, titles, popularity: titles.reduce((sum, t) => sum + t.popularity, 0) })
  }
  lenses.sort(
    (a, b) =>
      b.popularity - a.popularity ||
      (a.traits.map((t) => t.mhid).join() < b.traits.map((t) => t.mhid).join() ? -1 : 1),
  )
  cache.set(graph, lenses)
  return lenses
}

/** "Action, Adventure & Science Fiction". */
export function lensName(lens: Lens): string {
  const [a, b, c] = [...lens.traits].map((t) => t.name).sort()
  return `${a}, ${b} & ${c}`
}
