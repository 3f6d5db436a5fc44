// Diagnostics, hover, formatting and symbols of the language service core, against what `hql check` says.
import { describe, expect, it } from 'vitest'
import { checkCatalog, catalogFile } from '../../src/catalog'
import { diagnose, documentSymbols, formatDocument, hover, idIndex, noIds } from '../../src/language'

const broken = [
  'query a explore Movie with bogus',
  'query b explore Movie where traits = "mhmov-x"',
  'query a explore Movie',
  'query c explore Movie with',
].join('\n')

describe('the language service core', () => {
  it('reports every problem at once, with the codes and messages of hql check', () => {
    const diagnostics = diagnose(broken, 'x.hql')
    const check = checkCatalog({ files: [catalogFile('x.hql', 'x.hql', broken)] })
    expect(diagnostics.map((d) => [d.code, d.message, d.start])).toEqual(
      check.errors.map((e) => [e.code, e.reason, e.offset]),
    )
    expect(diagnostics.map((d) => d.code)).toEqual([
      'unknown_component',
      'wrong_id_prefix',
      'duplicate_query',
      'syntax_error',
    ])
    expect(broken.slice(diagnostics[0]!.start, diagnostics[0]!.end)).toBe('bogus')
  })

  it('hovers a component with what it adds, an id with its name, a query with its result type', () => {
    const text =
      'query a explore Movie where contributors = "mhric-brad-pitt" with keyContributors { primaryImage }'
    const ids = idIndex([{ id: 'mhric-brad-pitt', name: 'Brad Pitt', type: 'Contributor' }])
    expect(hover(text, text.indexOf('keyContributors') + 2, ids)?.markdown).toMatch(
      /^\*\*keyContributors\*\* \(list\): the most important contributors.*Applies to Movie/s,
    )
    expect(hover(text, text.indexOf('mhric') + 2, ids)?.markdown).toBe(
      '`mhric-brad-pitt`: **Brad Pitt** (Contributor)',
    )
    expect(hover(text, text.indexOf('mhric') + 2, noIds)?.markdown).toBe(
      '`mhric-brad-pitt`: a Contributor id',
    )
    expect(hover(text, 2, ids)?.markdown).toBe(
      "```ts\nPagedList<Pair<TypedObject<'Movie'> & { keyContributors: PagedList<Pair<TypedObject<'Contributor'> & { primaryImage: Pair<TypedObject<'Image'>, EmptyContext> }, ContributorContext>> }, ItemContext>>\n```",
    )
  })

  it('hovers a query being written with the result type of what is known of it (issue 31)', () => {
    // Unknown components (a typo, a name half typed) are left out; the known ones at every depth stay.
    const text = 'query a explore Movie with primaryImg, keyContributors { primaryImage, secondaryImg }, key'
    const expected =
      "```ts\nPagedList<Pair<TypedObject<'Movie'> & { keyContributors: PagedList<Pair<TypedObject<'Contributor'> & { primaryImage: Pair<TypedObject<'Image'>, EmptyContext> }, ContributorContext>> }, ItemContext>>\n```"
    for (const word of ['Movie', 'explore', 'primaryImg', 'key'])
      expect(hover(text, text.lastIndexOf(word) + 1, noIds)?.markdown, word).toBe(expected)
    // A query that fails for another reason still has no result type to show.
    expect(hover('query a explore Movie with ownedCollections', 20, noIds)).toBeUndefined()
  })

  it('formats with the canonical printer, and not text with syntax errors', () => {
    expect(formatDocument('query  a explore Movie   order by popularity desc')).toBe(
      'query a\nexplore Movie\n  order by popularity desc\n',
    )
    expect(formatDocument('query a explore Movie with')).toBeUndefined()
  })

  it('keeps the next query when one is left unfinished before it (with, where, order by, a value)', () => {
    for (const unfinished of ['with', 'with primaryImage,', 'where', 'where traits =', 'order by']) {
      const text = `query x explore Movie ${unfinished}\nquery y explore Movie with bogus\nquery z lookup "mhmov-x"`
      const diagnostics = diagnose(text, 'x.hql')
      expect(
        diagnostics.map((d) => [d.code, text.slice(d.start, d.end)]),
        unfinished,
      ).toEqual([
        ['syntax_error', 'query'],
        ['unknown_component', 'bogus'],
      ])
      expect(diagnostics[0]!.start, unfinished).toBe(text.indexOf('\n') + 1)
      expect(
        documentSymbols(text).map((s) => s.name),
        unfinished,
      ).toEqual(['y', 'z'])
    }
  })

  it('lists the queries of a catalog as symbols (those the parser recovered)', () => {
    expect(documentSymbols(broken).map((s) => [s.name, s.detail])).toEqual([
      ['a', 'explore'],
      ['b', 'explore'],
      ['a', 'explore'],
    ])
  })
})
