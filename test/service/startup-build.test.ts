import { describe, expect, it } from 'vitest'
import { assignAltIds, slugOf } from '../../src/service/catalog/ids'
import { NameSpellings, personKey } from '../../src/service/catalog/names'

// The start-up shortcuts of the catalog build (docs/performance.md, "Reference service") must give the graph
// the plain forms gave: the service's answers are compared byte for byte elsewhere, these pin each shortcut.
describe('catalog build shortcuts', () => {
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
