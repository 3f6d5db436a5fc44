import { describe, expect, it } from 'vitest'
import { HqlError } from 'hql'
import { HqlSyntaxError, HqlTextError, parseQuery } from '../../src/text'

function errorOf(text: string, options: Parameters<typeof parseQuery>[1] = {}): HqlTextError {
  try {
    parseQuery(text, options)
  } catch (error) {
    expect(error).toBeInstanceOf(HqlTextError)
    expect(error).toBeInstanceOf(HqlError)
    return error as HqlTextError
  }
  throw new Error(`expected ${JSON.stringify(text)} to fail`)
}

describe('syntax errors', () => {
  it('name the line, the column, what was expected and what was found', () => {
    const error = errorOf('explore Movie\n  order releaseDate desc', { source: 'movies.hql' })
    expect(error).toBeInstanceOf(HqlSyntaxError)
    expect(error).toMatchObject({
      code: 'syntax_error',
      line: 2,
      column: 9,
      expected: "'by'",
      found: "'releaseDate'",
    })
    expect(error.message).toBe("movies.hql:2:9: expected 'by', found 'releaseDate'")
  })

  it("after a query, name the clauses that may still come and the likely one, not only a query's first words", () => {
    // Issue 31: `orderby` for `order by` read "expected 'query', 'explore', 'relate', 'silos' or 'lookup'".
    expect(
      errorOf('explore Movie\n  where traits = "mhgnr-western"\n  orderby releaseDate desc').message,
    ).toBe(
      "<query>:3:3: expected 'and', 'order by', 'with', 'page' or a new query, found 'orderby'; did you mean 'order by'?",
    )
    expect(errorOf('silos silo Explore sillo Content').message).toBe(
      "<query>:1:20: expected 'silo', 'with', 'page', 'silo size' or a new query, found 'sillo'; did you mean 'silo'?",
    )
    expect(errorOf('explore Movie page 2 size 3 foo').message).toBe(
      "<query>:1:29: expected a new query, found 'foo'",
    )
    // Only a word that fits nowhere: a second query after the first is no error of the first.
    expect(() => parseQuery('query a explore Movie query b lookup "mhmov-x"', { query: 'b' })).not.toThrow()
  })

  it('print a code frame with a caret under the column', () => {
    const error = errorOf(
      'explore Movie\n  where traits = "mhgnr-a" or traits = "mhgnr-b"\n  with primaryImage',
    )
    expect(error.frame).toBe(
      [
        '1 | explore Movie',
        '2 |   where traits = "mhgnr-a" or traits = "mhgnr-b"',
        '  |                            ^',
        '3 |   with primaryImage',
      ].join('\n'),
    )
  })

  it('frame a long line by a window around the caret, the same columns of the lines either side', () => {
    const long = `  where traits = "${'x'.repeat(200_000)}" ~`
    const error = errorOf(`explore Movie\n${long}\n  with primaryImage`)
    expect(error.column).toBe(long.length)
    expect(error.frame.length).toBeLessThan(400)
    const [above, at, caret, below] = error.frame.split('\n')
    expect(at).toBe(`2 | …${'x'.repeat(58)}" ~`)
    expect(caret).toBe(`  | ${' '.repeat(at!.length - 5)}^`)
    // The lines either side end before the window starts: they are shown from their start, for context.
    expect([above, below]).toEqual(['1 | explore Movie', '3 |   with primaryImage'])
    // A long line with the caret near its start is cut at its end only.
    const early = errorOf(`explore ~ ${'x'.repeat(500)}`)
    expect(early.frame.split('\n')).toEqual([`1 | explore ~ ${'x'.repeat(110)}…`, `  |         ^`])
  })

  it.each([
    ['explore "unterminated', 1, 9, 'unterminated string'],
    ['explore where traits = "bad \\q escape"', 1, 24, 'unknown escape \\q'],
    ['explore page 01', 1, 14, 'cannot start with 0'],
    ['explore page 2x', 1, 14, 'after a number'],
    ['explore where traits ~ "a"', 1, 22, "unexpected character '~'"],
    ['lookup', 1, 7, 'found end of input'],
    ['relate Movie "mhmov-a"', 1, 14, "expected 'to'"],
    ['silos where traits = "mhgnr-a"', 1, 31, 'expected a blueprint'],
    ['explore with keyContributors { primaryImage', 1, 44, "expected ',' or '}'"],
    ['query q($a ContributorId) explore', 1, 12, "expected ':'"],
    ['explore where (traits = "mhgnr-a" and traits = "mhgnr-b")', 1, 35, "expected 'or' or ')'"],
    [`explore with ${'images { '.repeat(70)}`, 1, 14 + 9 * 64 + 7, 'levels of nesting'],
  ])('%j fails at %i:%i', (text, line, column, words) => {
    const error = errorOf(text)
    expect(error).toBeInstanceOf(HqlSyntaxError)
    expect([error.line, error.column]).toEqual([line, column])
    expect(error.message).toContain(words)
  })
})

describe('model errors', () => {
  it.each([
    ['explore Movie\nwhere contributors = "mhsrc-x"', 'wrong_id_prefix', 2, 22],
    ['explore Movie with primaryImg', 'unknown_component', 1, 20],
    ['explore Contributor with keyTraits', 'component_not_applicable', 1, 26],
    ['explore where traitz = "mhgnr-a"', 'unknown_filter', 1, 15],
    ['explore where traits = "mhgnr-a" and traits = "mhgnr-b"', 'duplicate_filter', 1, 38],
    ['explore where (traits = "mhgnr-a" or sources = "mhsrc-b")', 'mixed_or', 1, 38],
    ['explore order by releaseDat', 'unknown_sort', 1, 18],
    ['explore page -1', 'invalid_page', 1, 14],
    ['explore page size 0', 'invalid_page_size', 1, 19],
    ['silos silo Explore at [1] probability 0.5', 'positions_with_probability', 1, 39],
    ['relate to "mhsrc-a"', 'wrong_id_prefix', 1, 11],
  ])('%j reports %s at %i:%i', (text, code, line, column) => {
    expect(errorOf(text)).toMatchObject({ code, line, column })
  })

  it('suggests the name meant', () => {
    expect(errorOf('explore Movie with primaryImg').message).toContain("did you mean 'primaryImage'?")
    expect(errorOf('explore where traitz = "mhgnr-a"').message).toContain("did you mean 'traits'?")
  })
})

describe('parameters', () => {
  const text = `query byContributor($contributor: ContributorId, $size: Int = 20, $genres: [TraitId] = ["mhgnr-drama"])
explore Movie where contributors = $contributor and traits in $genres page size $size`

  it('report a missing value, a value of the wrong type and an unknown name', () => {
    expect(errorOf(text)).toMatchObject({ code: 'missing_parameter', line: 1, column: 7 })
    expect(errorOf(text, { params: { contributor: 'mhmov-x' } })).toMatchObject({ code: 'invalid_parameter' })
    expect(errorOf(text, { params: { contributor: 'mhric-x', sise: 3 } }).message).toContain(
      "did you mean 'size'?",
    )
    expect(errorOf(text, { params: { contributor: 'mhric-x', size: 2.5 } }).message).toContain('whole number')
  })

  it('report undeclared, unused and mistyped parameters where they are written', () => {
    expect(errorOf('explore where traits = $genre')).toMatchObject({ code: 'unknown_parameter', column: 24 })
    expect(errorOf('query q($a: Int) explore', { params: { a: 1 } })).toMatchObject({
      code: 'unused_parameter',
      column: 9,
    })
    const stand = { placeholders: true }
    expect(errorOf('query q($a: SourceId) explore where traits = $a', stand)).toMatchObject({
      code: 'parameter_type',
      column: 46,
    })
    expect(errorOf('query q($a: [TraitId]) explore where traits = $a', stand)).toMatchObject({
      code: 'parameter_type',
    })
    expect(errorOf('query q($a: Strin) explore where traits = $a', stand)).toMatchObject({
      code: 'unknown_type',
      column: 13,
    })
  })

  it('asks for a name when the text holds several queries', () => {
    expect(errorOf('query a explore\nquery b explore')).toMatchObject({ code: 'ambiguous_query', line: 2 })
    expect(errorOf('query a explore', { query: 'c' })).toMatchObject({ code: 'unknown_query' })
  })
})
