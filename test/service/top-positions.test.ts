// Relate ranks only as far as the page it shows (src/service/query/top-positions.ts, rankHead in
// recommend.ts): on generated inputs, the selected head is a full sort's head, entry for entry, and a ranking
// cut at `needed` agrees with the whole ranking on its first `needed` entries and on the total.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { byMhid, type GraphNode } from '../../src/service/graph/entities'
import { graphFor } from '../../src/service/graph/shared-graph'
import { rankHead, scoreSeeds, type Seed } from '../../src/service/query/recommend'
import { topPositions } from '../../src/service/query/top-positions'

const { graph } = graphFor(undefined, [{ username: 'demo', password: 'top-positions', name: 'Demo User' }])

describe('topPositions', () => {
  it('gives a full sort’s first k positions, in order, ties included', () => {
    fc.assert(
      fc.property(
        // Scores from a few values, so that many tie and the tie order decides.
        fc.array(fc.constantFrom(0.5, 1, 1.5, 2, 1e-9, 3.25), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 0, max: 320 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        (values, k, seed) => {
          const size = values.length
          const scores = Float64Array.from(values)
          // A permutation of ranks, and a subset of positions in a shuffled order (as candidates come).
          let s = seed
          const next = (): number => (s = (s * 1103515245 + 12345) % 2147483648)
          const ties = Int32Array.from({ length: size }, (_, i) => i)
          const kept = Int32Array.from({ length: size }, (_, i) => i)
          for (const list of [ties, kept])
            for (let i = size - 1; i > 0; i--) {
              const j = next() % (i + 1)
              ;[list[i], list[j]] = [list[j] as number, list[i] as number]
            }
          const n = next() % (size + 1)
          const full = [...kept.subarray(0, n)].sort(
            (a, b) =>
              (scores[b] as number) - (scores[a] as number) || (ties[a] as number) - (ties[b] as number),
          )
          expect([...topPositions(kept, n, k, scores, ties)]).toEqual(full.slice(0, k))
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('tieRanks', () => {
  it('ranks the titles by popularity, descending, then mhid', () => {
    const ranks = graph.tieRanks()
    const byRank = [...graph.media].sort((a, b) => b.popularity - a.popularity || byMhid(a, b))
    expect(byRank.map((m) => ranks[graph.ordinalOf(m) as number])).toEqual(byRank.map((_, i) => i))
  })
})

describe('rankHead', () => {
  const titles = graph.media
  const people = graph.contributors.filter((c) => c.credits.length > 1)
  it('cut at `needed` agrees with the whole ranking on its head and its total', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            node: fc.oneof(
              fc.constantFrom(...titles.slice(0, 400)),
              fc.constantFrom(...people.slice(0, 400)),
            ),
            weight: fc.constantFrom(0.25, 0.5, 1, 2),
            boostOnly: fc.boolean(),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.integer({ min: 1, max: 200 }),
        fc.constantFrom('titles', 'movies', 'with people'),
        fc.boolean(),
        (seeds: Seed[], needed, kind, filtered) => {
          const types = new Set(
            kind === 'titles'
              ? (['Movie', 'ShowSeries'] as const)
              : kind === 'movies'
                ? (['Movie'] as const)
                : (['Movie', 'ShowSeries', 'Contributor'] as const),
          )
          // A filter that refuses some titles, so that the total is not the candidates' count.
          // (or none: every node of the types).
          const accept = filtered
            ? (node: GraphNode): boolean => node.mhid.charCodeAt(6) % 5 !== 0
            : undefined
          const free = (): void => {}
          const scored = scoreSeeds(graph, seeds, free)
          const whole = rankHead(graph, scored, accept, types, free)
          const cut = rankHead(graph, scored, accept, types, free, undefined, needed)
          expect(cut.total).toBe(whole.total)
          expect(whole.head).toHaveLength(whole.total)
          const show = (r: { node: GraphNode; score: number }): string => `${r.node.mhid} ${r.score}`
          expect(cut.head.slice(0, needed).map(show)).toEqual(whole.head.slice(0, needed).map(show))
          // The whole ranking is in the documented order: no item after one it should precede (looked for in a
          // loop and asserted once: an expect per pair of ~10,000 was most of this file's time).
          type Ranked = { node: GraphNode; score: number }
          const precedes = (a: Ranked, b: Ranked): boolean =>
            (b.score - a.score || b.node.popularity - a.node.popularity || byMhid(a.node, b.node)) < 0
          const outOfOrder = whole.head.findIndex(
            (b, i) => i > 0 && !precedes(whole.head[i - 1] as Ranked, b),
          )
          expect(outOfOrder === -1 ? [] : whole.head.slice(outOfOrder - 1, outOfOrder + 1).map(show)).toEqual(
            [],
          )
        },
      ),
      { numRuns: 60 },
    )
  })
})
