import { describe, expect, it } from 'vitest'
import { compile } from 'hql'
import { parseDocument, parseQuery, printDocument } from '../../src/text'

const catalog = `query moviesByContributor($contributor: ContributorId, $size: Int = 20)
explore Movie
  where contributors = $contributor
  page size $size

query byGenres($genres: [TraitId], $extra: TraitId = "mhgnr-war", $seed: FactorId, $w: Float = 0.5, $boost: Boolean = false)
relate Movie to $seed weight $w boost only $boost
  where traits in [$extra, $genres]
`

describe('named queries with parameters', () => {
  it('substitute values and defaults', () => {
    const q = parseQuery(catalog, {
      query: 'moviesByContributor',
      params: { contributor: 'mhric-brad-pitt' },
    })
    expect(compile(q).body).toEqual({
      filters: { returnType: { $eq: 'Movie' }, contributors: { $eq: 'mhric-brad-pitt' } },
      pageSize: 20,
    })
    const sized = parseQuery(catalog, {
      query: 'moviesByContributor',
      params: { contributor: 'mhric-x', size: 5 },
    })
    expect(compile(sized).body).toMatchObject({ pageSize: 5 })
  })

  it('splice a list parameter into a list and accept narrower types', () => {
    const q = parseQuery(catalog, {
      query: 'byGenres',
      params: { genres: ['mhgnr-drama', 'mhgnr-comedy'], seed: 'mhmov-gladiator' },
    })
    expect(compile(q).body).toEqual({
      factors: [{ id: 'mhmov-gladiator', weight: 0.5, boostOnly: false }],
      filters: {
        returnType: { $eq: 'Movie' },
        traits: { $in: ['mhgnr-war', 'mhgnr-drama', 'mhgnr-comedy'] },
      },
    })
  })

  it('stay parameters when printed: printing never substitutes them', () => {
    const printed = printDocument(parseDocument(catalog))
    expect(printed).toContain('where contributors = $contributor')
    expect(printed).toContain('relate Movie to $seed weight $w boost only $boost')
    expect(printed).toContain('where traits in [$extra, $genres]')
    expect(printDocument(parseDocument(printed))).toBe(printed)
  })

  it('take stand-in values for checking', () => {
    const q = parseQuery(catalog, { query: 'byGenres', placeholders: true })
    expect(compile(q).body).toMatchObject({
      factors: [{ id: 'mhmov-seed' }],
      filters: { traits: { $in: ['mhgnr-war', 'mhgnr-genres'] } },
    })
  })
})
