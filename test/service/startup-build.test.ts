import { describe, expect, it } from 'vitest'
import { assignAltIds, slugOf } from '../../src/service/catalog/ids'
import { NameSpellings, personKey } from '../../src/service/catalog/names'
import { randomFrom, randomOf } from '../../src/service/catalog/prng'
import { uniformFrom, uniformSample, WeightedPicker } from '../../src/service/catalog/weighted'

// The start-up shortcuts of the catalog build (docs/performance.md, "Reference service") must give the graph
// the plain forms gave: the service's answers are compared byte for byte elsewhere, these pin each shortcut.
describe('catalog build shortcuts', () => {
  const draws = (r: ReturnType<typeof randomFrom>): number[] => Array.from({ length: 5 }, () => r.next())

  it('randomOf draws what randomFrom draws from the parts joined by "|"', () => {
    const cases: [string, string, string?, string?][] = [
      ['carries', 'netflix', 'wp:Gladiator_(2000_film)'],
      ['sourceId', 'itunes', 'tvmaze:82', '3'],
      ['created', 'editorial|genre|Drama'],
      ['mentions', ''],
      ['', '', '', ''],
      ['tastes', 'zoë.ünïcode|x'],
    ]
    for (const [a, b, c, d] of cases) {
      const joined = [a, b, c, d].filter((p) => p !== undefined).join('|')
      expect(draws(randomOf(a, b, c, d))).toEqual(draws(randomFrom(joined)))
    }
  })

  it('NameSpellings counts a repeated first spelling once a second spelling appears', () => {
    const spellings = new NameSpellings()
    // "Rene" three times, then "René" twice: the first, most used, wins although the accented one came later.
    for (const name of ['Rene Auberjonois', ' Rene Auberjonois', 'Rene Auberjonois']) spellings.add('k', name)
    spellings.add('k', 'René Auberjonois')
    spellings.add('k', 'René Auberjonois')
    expect(spellings.displayName('k')).toBe('Rene Auberjonois')
    // One each: the tie goes to more non-ASCII letters.
    const tie = new NameSpellings()
    tie.add('k', 'Rene')
    tie.add('k', 'René')
    expect(tie.displayName('k')).toBe('René')
    // Spelled one way, trimmed; unknown keys show as themselves.
    tie.add('only', '  Tom Hanks ')
    expect(tie.displayName('only')).toBe('Tom Hanks')
    expect(tie.displayName('nobody')).toBe('nobody')
  })

  it('assignAltIds gives unique slugs their plain id before shared slugs take suffixes, in any input order', () => {
    const records = [
      { key: 'b', name: 'Dune', year: 2021 },
      { key: 'x', name: 'Dune 2021' },
      { key: 'a', name: 'Dune', year: 2021 },
      { key: 'c', name: 'Heat', year: 1995 },
    ]
    const expected = new Map([
      ['x', 'mhmov-dune-2021'],
      ['c', 'mhmov-heat'],
      ['a', 'mhmov-dune-2021-2'],
      ['b', 'mhmov-dune-2021-3'],
    ])
    expect(new Map(assignAltIds('Movie', records))).toEqual(expected)
    expect(new Map(assignAltIds('Movie', [...records].reverse()))).toEqual(expected)
  })

  it('uniformSample draws what a picker of weight 1 draws, with and without exclusions', () => {
    for (const n of [1, 2, 3, 7, 300, 2686]) {
      const items = Array.from({ length: n }, (_, i) => `item${i}`)
      for (const k of [0, 1, 4, n]) {
        const seed = `uniform|${n}|${k}`
        const exclude = new Set(items.filter((_, i) => i % 3 === 1))
        expect(uniformFrom(items, k, randomFrom(seed))).toEqual(
          new WeightedPicker(items, () => 1).sample(k, randomFrom(seed)),
        )
        expect(uniformSample(n, (i) => items[i] as string, k, randomFrom(seed), exclude)).toEqual(
          new WeightedPicker(items, () => 1).sample(k, randomFrom(seed), exclude),
        )
      }
    }
  })

  it("a person key is the slug of the trimmed spelling shown (contributors' altIds reuse it)", () => {
    const names = [
      'Tom Hanks',
      '  Tom Hanks ',
      '\u00a0René Auberjonois\t',
      'Simon & Garfunkel',
      "Sinéad O'Connor ",
      'Jean-Claude Van Damme',
      ' Björk',
      'R2-D2 ',
    ]
    for (const name of names) expect(personKey(name)).toBe(slugOf(name.trim()))
  })
})
