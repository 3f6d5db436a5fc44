import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { firstOf } from '../../src/service/catalog/collections'
import { derivePeople } from '../../src/service/catalog/catalog-index'
import { contributorsOf } from '../../src/service/catalog/contributors'
import { mhidOf, slugOf } from '../../src/service/catalog/ids'
import { randomFrom } from '../../src/service/catalog/prng'
import type { RawCatalog } from '../../src/service/catalog/raw'
import type { ContributorNode } from '../../src/service/graph/entities'
import { byMhid } from '../../src/service/graph/entities'
import { graphFor } from '../../src/service/graph/shared-graph'

// The third start-up round (docs/performance.md, "Reference service"): each shortcut held to its plain form.
// The service's answers are compared byte for byte elsewhere.
describe('catalog start-up shortcuts match their plain forms', () => {
  it("mhids from the digest as a 'binary' string are those from its bytes", () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
    const plain = (type: string, key: string, prefix: string): string => {
      const bytes = createHash('sha512').update(`${type}|${key}`).digest()
      return prefix + Array.from(bytes.subarray(0, 39), (b) => alphabet[b % 62]).join('')
    }
    for (const key of ['tom-hanks', 'wp:Gladiator_(2000_film)', 'zoë', ''])
      expect(mhidOf('Contributor', key, 'mhrgc')).toBe(plain('Contributor', key, 'mhrgc'))
    expect(mhidOf('Movie', 'tvmaze:82')).toBe(plain('Movie', 'tvmaze:82', 'mhmov'))
  })

  it('people are found by every spelling, once per person, with every use counted', () => {
    const movie = (cast: string[], directors?: string[]): unknown => ({ cast, directors })
    const raw = {
      movies: [
        movie(['Tom Hanks', ' Tom Hanks', '&', 'René Auberjonois'], ['Ron Howard']),
        movie(['Rene Auberjonois', 'Tom Hanks'], ['Tom Hanks']),
      ],
      series: [],
    } as unknown as RawCatalog
    const rows = derivePeople(raw)
    const { persons, contributors } = contributorsOf(rows)
    const { spellings } = rows
    const person = (name: string) => persons[spellings.get(name) ?? -1]
    expect(contributors.map((c) => c.name)).toEqual(['René Auberjonois', 'Ron Howard', 'Tom Hanks'])
    expect(spellings.has('&')).toBe(false)
    expect(person(' Tom Hanks')).toBe(person('Tom Hanks'))
    expect(person('René Auberjonois')).toBe(person('Rene Auberjonois'))
    expect(person('Tom Hanks')?.credits).toBe(4)
    expect(person('Rene Auberjonois')?.credits).toBe(2)
    for (const [name, at] of spellings)
      expect(slugOf(name.trim())).toBe(slugOf(persons[at]?.contributor.name ?? ''))
    // Each film's credits as places, each person once per list in billing order: " Tom Hanks" is Tom Hanks again.
    expect(rows.credits).toEqual([
      [[1], [2, 0]],
      [[2], [0, 2]],
    ])
  })

  it('the mapped-id index is made on the first look-up and finds every offer by its source id', () => {
    // Users of their own: a graph no other test has looked anything up in.
    const { graph } = graphFor(undefined, [{ username: 'mapped-ids', name: 'Mapped', password: 'x' }])
    expect(Reflect.get(graph, 'mapped')).toBeUndefined()
    const offers = graph.sources.flatMap((s) => s.offers.map((o) => ({ source: s.msiName, o })))
    expect(offers.length).toBeGreaterThan(5000)
    for (const { source, o } of offers) {
      expect(graph.byMappedId(source.toUpperCase(), o.media.type, o.sourceId)).toBe(o.media)
      expect(graph.byMappedId(source, undefined, o.sourceId)?.type).toMatch(/^(Movie|ShowSeries)$/)
    }
    expect(Reflect.get(graph, 'mapped')).toBeInstanceOf(Map)
  })

  it("a decade's stars kept in one pass are the first of sorting them all", () => {
    for (let seed = 0; seed < 40; seed++) {
      const random = randomFrom(`stars|${seed}`)
      const credits = new Map<ContributorNode, number>()
      // Few distinct counts, so ties fall to the mhid; sizes around and below the twelve kept.
      for (let i = random.int(0, 40); i > 0; i--)
        credits.set({ mhid: `mhric${random.int(0, 1e6)}` } as ContributorNode, random.int(1, 4))
      const sorted = [...credits]
        .sort(([a, x], [b, y]) => y - x || byMhid(a, b))
        .slice(0, 12)
        .map(([c]) => c)
      expect(firstOf(credits, 12)).toEqual(sorted)
    }
  })
})
