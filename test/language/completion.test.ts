// Completion at every position issue 13 lists, inside incomplete queries (`|` marks the cursor).
import { describe, expect, it } from 'vitest'
import { complete, idIndex } from '../../src/language'

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
    expect(labelsAt('|')).toEqual(['query', 'explore', 'relate', 'lookup', 'silos'])
    expect(labelsAt('query popular |')).toEqual(['explore', 'relate', 'lookup', 'silos'])
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

  it('offers blueprint types after silo', () => {
    expect(labelsAt('silos for ["mhmov-gladiator"] silo Ba|')).toEqual(['BasedOnItem'])
    expect(labelsAt('silos for ["mhmov-gladiator"] silo |')).toEqual(
      expect.arrayContaining(['size', 'Explore', 'Content']),
    )
  })
})
