// Issue 28: the reference catalog reads as real data. The films' cast and director lists are split from free
// text, so the service reads them through src/service/catalog/credits.ts; these are its rules, then what they
// give over the shipped catalog (built as the service builds it, index and all).
import { describe, expect, it } from 'vitest'
import { creditedName, directorsInLead, directorsOf } from '../../../src/service/catalog/credits'
import { personKey } from '../../../src/service/catalog/names'
import { defaultCatalogDir, readCatalogDir } from '../../../src/service/catalog/load'
import { graphFor } from '../../../src/service/graph/shared-graph'

describe('the rules for a cast or director entry', () => {
  it.each([
    ['a name is kept as it is, trimmed', ' Tom Hanks', 'Tom Hanks'],
    ['a nickname in quotes is part of the name', '"Weird Al" Yankovic', '"Weird Al" Yankovic'],
    ['a name that reads like a role is still a name', 'Kim Director', 'Kim Director'],
    ['a parenthesised note is cut from the name', 'Brad Lewis (co-director)', 'Brad Lewis'],
    ['a misspelt note too', 'Matt Harris (screenpaly)', 'Matt Harris'],
    ['a parenthesised middle name too', 'Eliot (Coco) Sumner', 'Eliot Sumner'],
    ['an entry that is only a note names nobody', '(voice of)', undefined],
    ['a country note', '(UK)', undefined],
    ['a source note', '(book)', undefined],
    ['an "as" note', "(as Charles 'Chip' Esten)", undefined],
    ['a note split open', "Charles 'Chip' Esten)", undefined],
    ['a count of people', '5 directors', undefined],
    ['a count in words', 'Four Directors', undefined],
  ])('%s: %j', (_, entry, name) => {
    expect(creditedName(entry)).toBe(name)
  })

  it.each(['and', '&', '.', 'voices of', 'Voices of', '(voices)'])(
    'a connector or a bare role names nobody: %j',
    (entry) => {
      const name = creditedName(entry)
      expect(name === undefined ? undefined : personKey(name)).toBeUndefined()
    },
  )
})

describe("the directors a film's Wikipedia lead names, where its list entry has none", () => {
  it.each([
    ['Flap is a 1970 film directed by Carol Reed and starring Anthony Quinn.', ['Carol Reed']],
    ['A 1976 film directed and produced by Bruce Geller and written by G. T.', ['Bruce Geller']],
    ['It was directed, written, and co-produced by Martin McDonagh and', ['Martin McDonagh']],
    ['A 1971 western film directed by E.W. Swackhamer and starring Bill Cosby.', ['E.W. Swackhamer']],
    ['A 2015 film directed by J.\u00a0J. Abrams. The sequel to…', ['J. J. Abrams']],
    ['A 2016 film directed by Anthony and Joe Russo from a screenplay', ['Anthony Russo', 'Joe Russo']],
    ['A film directed by Lasse Hallström and Joe Johnston, from', ['Lasse Hallström', 'Joe Johnston']],
    [
      'directed by Johane Matte, Francisco Ruiz Velasco, and Andrew Schmidt.',
      ['Johane Matte', 'Francisco Ruiz Velasco', 'Andrew Schmidt'],
    ],
    ['directed by Guillermo del Toro.', ['Guillermo del Toro']],
    ['A 1972 Western filmdirected by Steve Ihnat and written by', ['Steve Ihnat']],
    ['A 2018 film directed by John Stevenson. Based on the novel', ['John Stevenson']],
    [
      'A 2017 film directed, co-produced by, and starring Kenneth Branagh as Hercule Poirot',
      ['Kenneth Branagh'],
    ],
    ['A 2016 film written, directed, produced by and starring Ben Affleck. Based on', ['Ben Affleck']],
    ['The directorial debut of Rupert Sanders, it was written by Evan Daugherty', ['Rupert Sanders']],
    // A description before the name is passed over; a director named in passing, without "directed by".
    ['Written and directed by series co-developer and former writer Tim Hill, who', ['Tim Hill']],
    ["It is intended to match director Zack Snyder's original vision", ['Zack Snyder']],
    [
      'skits directed by five different directors: Joe Dante, Carl Gottlieb, and Robert K. Weiss.',
      ['Joe Dante', 'Carl Gottlieb', 'Robert K. Weiss'],
    ],
    [
      'film co-written and co-directed by Allison Anders, and Quentin Tarantino, loosely',
      ['Allison Anders', 'Quentin Tarantino'],
    ],
    ['A 2005 direct-to-video animated film.', []],
  ])('%j', (lead, directors) => {
    expect(directorsInLead(lead)).toEqual(directors)
  })

  it("a film's list entry comes first; the lead only where the entry has no director", () => {
    const lead = 'A film directed by Carol Reed.'
    const film = { id: 'wp:x', title: 'X', year: 1970, genres: [], cast: [], extract: lead }
    expect(directorsOf({ ...film, directors: ['Mike Nichols'] })).toEqual(['Mike Nichols'])
    expect(directorsOf({ ...film, directors: [] })).toEqual(['Carol Reed'])
    expect(directorsOf({ ...film, directors: null })).toEqual(['Carol Reed'])
    // An entry that names nobody ("5 directors") is no entry.
    expect(directorsOf({ ...film, directors: ['5 directors'] })).toEqual(['Carol Reed'])
  })
})

describe('the shipped catalog, built', () => {
  const raw = readCatalogDir(defaultCatalogDir())
  const { graph } = graphFor(undefined, [])

  it('has no contributor whose name is a fragment of a credit', () => {
    const fragments = graph.contributors
      .map((c) => c.name)
      .filter((name) => /[()]|^\d|^(?:and|&|\.|voices?(?: of)?)$/i.test(name) || creditedName(name) !== name)
    expect(fragments).toEqual([])
    // The examples, by name.
    const names = new Set(graph.contributors.map((c) => c.name))
    for (const fragment of ['(book)', '(UK)', '(voice of)', '5 directors', "(as Charles 'Chip' Esten)"])
      expect(names.has(fragment)).toBe(false)
    expect(names.has('Brad Lewis')).toBe(true)
  })

  it('gives every film whose source names a director a Director credit', () => {
    const byKey = new Map(graph.media.map((m) => [m.key, m]))
    const named = raw.movies.filter((movie) => directorsOf(movie).some((d) => creditedName(d) !== undefined))
    const without = named.filter(
      (movie) => !byKey.get(movie.id)?.credits.some((c) => c.contribution === 'Director'),
    )
    expect(without.map((movie) => movie.title)).toEqual([])
    // 1,934 films have a director column; the leads name most of the other 451.
    expect(named.length).toBeGreaterThan(2300)
  })

  it('leaves without a director only the films whose source never says who directed them', () => {
    const byKey = new Map(graph.media.map((m) => [m.key, m]))
    const undirected = raw.movies.filter(
      (movie) => !byKey.get(movie.id)?.credits.some((c) => c.contribution === 'Director'),
    )
    // Their leads speak of no director ("direct-to-video" is a kind of release, not a person).
    const speaking = undirected.filter((movie) =>
      /\bdirect(?:ed|or|orial)\b/i.test((movie.extract ?? '').replace(/direct-to-video/g, '')),
    )
    expect(speaking.map((movie) => movie.title)).toEqual([])
    expect(undirected.length).toBeLessThan(25)
  })
})
