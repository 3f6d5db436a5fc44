// Completion at every position issue 13 lists, inside incomplete queries (`|` marks the cursor).
import { describe, expect, it } from 'vitest'
import { complete, idIndex } from '../../src/language'
import { parseDocument } from '../../src/text'

const ids = idIndex([
  { id: 'mhric-brad-pitt', name: 'Brad Pitt', type: 'Contributor' },
  { id: 'mhmov-gladiator', name: 'Gladiator', type: 'Movie' },
  { id: 'mhgnr-drama', name: 'Drama', type: 'Trait' },
])

function labelsAt(marked: string): string[] {
  const offset = marked.indexOf('|')
  return complete(marked.replace('|', ''), offset, ids).map((item) => item.label)
}

describe('completion knows the position', () => {
  it('offers query and the operations in an empty file, and after a query name', () => {
    expect(labelsAt('|')).toEqual(['query', 'explore', 'relate', 'silos', 'lookup', 'fragment'])
    expect(labelsAt('query popular |')).toEqual(['explore', 'relate', 'silos', 'lookup'])
    expect(labelsAt('query popular ex|')).toEqual(['explore'])
  })

  it('offers parameter types after a parameter and its colon', () => {
    expect(labelsAt('query a($who: Con|')).toEqual(['ContributorId'])
  })

  it('offers type names and the next clauses after explore', () => {
    const labels = labelsAt('explore |')
    expect(labels).toEqual(
      expect.arrayContaining(['Movie', 'Contributor', 'where', 'order by', 'with', 'page']),
    )
    expect(labels).not.toContain('Image')
    expect(labelsAt('explore Movie w|')).toEqual(['where', 'with'])
  })

  it('offers filter names after where, and, or (', () => {
    expect(labelsAt('explore Movie where |')).toEqual([
      'returnType',
      'contributors',
      'contributorsOf',
      'sources',
      'traits',
      'collections',
      'none',
    ])
    expect(labelsAt('explore Movie where traits = "mhgnr-drama" and so|')).toEqual(['sources'])
    expect(labelsAt('explore Movie where (tr|')).toEqual(['traits'])
  })

  it('offers the operators after a filter name, and type names after returnType =', () => {
    expect(labelsAt('explore Movie where traits |')).toEqual(['=', '!=', 'in', 'contains all'])
    expect(labelsAt('explore where returnType = Sh|')).toEqual(['ShowSeries', 'ShowSeason', 'ShowEpisode'])
  })

  it('offers ids of the filter’s type by prefix and by name, as JSON strings', () => {
    const byName = complete('explore Movie where contributors = "brad', 40, ids)
    expect(byName.map((item) => [item.label, item.insertText, item.detail])).toEqual([
      ['mhric-brad-pitt', '"mhric-brad-pitt"', 'Brad Pitt (Contributor)'],
    ])
    expect(byName[0]).toMatchObject({ start: 35, end: 40 })
    expect(labelsAt('explore Movie where traits in ["mh|"]')).toEqual(['mhgnr-drama'])
    expect(labelsAt('lookup "mhm|')).toEqual(['mhmov-gladiator'])
  })

  it('offers the query’s $params where a value goes', () => {
    const text = 'query a($who: ContributorId, $n: Int) explore Movie where contributors = |'
    expect(labelsAt(text)).toEqual(['$who', '$n'])
    expect(labelsAt('query a($who: ContributorId) explore Movie where contributors = $w|')).toEqual(['$who'])
  })

  it('offers sort keys after order by, and asc/desc after a key', () => {
    expect(labelsAt('explore Movie order |')).toEqual(['by'])
    expect(labelsAt('explore Movie order by |')).toEqual(
      expect.arrayContaining(['name', 'releaseDate', 'popularity', 'random', 'idsOrder', 'none']),
    )
    expect(labelsAt('explore Movie order by name, pop|')).toEqual(['popularity'])
    expect(labelsAt('explore Movie order by popularity d|')).toEqual(['desc'])
  })

  it('offers the components that apply to the types in scope, nested too', () => {
    const movie = labelsAt('explore Movie with |')
    expect(movie).toContain('keyContributors')
    expect(movie).not.toContain('contributions')
    const contributor = labelsAt('explore Movie with keyContributors size 5 { |')
    expect(contributor).toContain('contributions')
    expect(contributor).not.toContain('keyContributors')
    expect(labelsAt('explore Movie with primaryImage, keyContributors { primaryImage }, so|')).toEqual([
      'sources',
      'socialMetrics',
    ])
    expect(labelsAt('explore where returnType = Source with all|')).toEqual([
      'allSubscriptions',
      'allMediums',
    ])
  })

  it('offers blueprint types after silo, and size only once a blueprint is written', () => {
    expect(labelsAt('silos for ["mhmov-gladiator"] silo Ba|')).toEqual(['BasedOnItem'])
    const first = labelsAt('silos for ["mhmov-gladiator"] silo |')
    expect(first).toEqual(expect.arrayContaining(['Explore', 'Content']))
    expect(first).not.toContain('size')
    expect(labelsAt('silos silo Explore silo |')).toEqual(expect.arrayContaining(['size', 'Explore']))
  })
})

describe('completion offers only the clauses the parser accepts next', () => {
  it.each([
    ['explore Movie with primaryImage |', ['page']],
    ['explore Movie with keyContributors { primaryImage |', []],
    ['explore Movie page size 3 |', []],
    ['explore Movie page 2 |', ['size']],
    ['explore Movie where traits = "mhgnr-drama" |', ['and', 'order by', 'with', 'page']],
    ['explore Movie where none |', ['order by', 'with', 'page']],
    ['explore Movie order by popularity desc |', ['with', 'page']],
    ['relate Movie |', ['to']],
    ['relate Movie to "mhmov-gladiator" |', ['weight', 'boost only', 'where', 'with', 'page']],
    ['lookup "mhmov-gladiator" with primaryImage |', ['page']],
    ['silos for ["mhmov-gladiator"] |', ['where', 'silo']],
    ['silos silo Explore |', ['silo', 'with', 'page', 'silo size']],
    ['silos silo Explore where traits = "mhgnr-drama" |', ['and', 'silo', 'with', 'page', 'silo size']],
    ['silos silo Explore page 2 size 3 |', ['silo size']],
  ])('after `%s`', (marked, expected) => {
    expect(labelsAt(marked)).toEqual(expected)
  })

  // The smallest text that completes each keyword completion may offer.
  const continuations: Readonly<Record<string, string>> = {
    where: ' none',
    'order by': ' none',
    with: ' none',
    page: ' 1',
    to: ' "mhmov-gladiator"',
    for: ' ["mhmov-gladiator"]',
    silo: ' Explore',
    'silo size': ' 3',
    size: ' 3',
    and: ' traits = "mhgnr-drama"',
    asc: '',
    desc: '',
    weight: ' 2',
    'boost only': '',
  }
  const completeQueries = [
    'explore Movie',
    'explore Movie where traits = "mhgnr-drama"',
    'explore Movie order by popularity',
    'explore Movie with primaryImage',
    'explore Movie with keyContributors size 3',
    'explore Movie page 2',
    'relate Movie to "mhmov-gladiator"',
    'relate Movie to "mhmov-gladiator" weight 2',
    'relate to "mhmov-gladiator" where traits = "mhgnr-drama"',
    'lookup "mhmov-gladiator"',
    'lookup "mhmov-gladiator" page 1',
    'silos silo Explore',
    'silos for ["mhmov-gladiator"] silo Explore with primaryImage',
    'silos silo Explore page 2',
  ]
  it.each(completeQueries)('every keyword offered after `%s` parses with its continuation', (query) => {
    const keywords = complete(`${query} `, query.length + 1, ids).filter((item) => item.kind === 'keyword')
    expect(keywords.length).toBeGreaterThan(0)
    for (const { label } of keywords) {
      const continuation = continuations[label]
      expect(continuation, label).toBeDefined()
      expect(() => parseDocument(`${query} ${label}${continuation}`), `${query} ${label}`).not.toThrow()
    }
  })
})

describe('completion offers the query’s $params wherever a value goes', () => {
  const head = 'query q($n: Int, $ids: [MovieId], $m: MovieId) '
  it.each([
    ['explore page |', ['$n', '$ids', '$m', 'size']],
    ['explore page size |', ['$n', '$ids', '$m']],
    ['explore page 2 size |', ['$n', '$ids', '$m']],
    ['relate Movie to |', ['$n', '$ids', '$m']],
    ['relate Movie to $m weight |', ['$n', '$ids', '$m']],
    ['lookup |', ['$n', '$ids', '$m']],
    ['lookup $m, |', ['$n', '$ids', '$m']],
    ['explore Movie order by idsOrder |', ['$n', '$ids', '$m']],
    ['explore Movie with keyContributors size |', ['$n', '$ids', '$m']],
    ['explore Movie with keyContributors at page |', ['$n', '$ids', '$m']],
    ['silos for |', ['$n', '$ids', '$m']],
    ['silos silo Explore probability |', ['$n', '$ids', '$m']],
    ['silos silo Explore silo size |', ['$n', '$ids', '$m']],
  ])('after `%s`', (marked, expected) => {
    expect(labelsAt(head + marked)).toEqual(expected)
    // and a parameter there parses
    const text = (head + marked).replace('|', '$n').replace(/, \$n$/, ', $m')
    const completed = text.includes('silos') && !text.includes('silo E') ? `${text} silo Explore` : text
    expect(() => parseDocument(completed)).not.toThrow()
  })
})
