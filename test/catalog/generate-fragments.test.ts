// hql generate and fragments (issue 29): each fragment the queries spread becomes a constant made with
// H.fragment(…), after the fragments it spreads, and the generated functions spread it as the text does.
import { describe, expect, it } from 'vitest'
import { catalogFile, checkCatalog, generateModule } from '../../src/catalog'

const text = `fragment personCard on Contributor { primaryImage, socialMetrics }
fragment movieCard on Movie { primaryImage, keyContributors size 3 { ...personCard } }
fragment spare on Movie { keyTraits }

query moviesBy($c: ContributorId)
explore Movie where contributors = $c with ...movieCard, keyTraits page size 10
`

describe('generating fragments', () => {
  it('writes a constant per fragment spread, before what spreads it, and spreads it in the functions', () => {
    const check = checkCatalog({ files: [catalogFile('/cards.hql', 'cards.hql', text)] } as never)
    expect(check.errors.map((error) => error.code)).toEqual(['unused_fragment'])
    const code = generateModule(check.queries)
    expect(code).toContain(
      "export const personCard = H.fragment('Contributor', H.primaryImage, H.socialMetrics)",
    )
    expect(code).toContain(
      "export const movieCard = H.fragment('Movie', H.primaryImage, H.keyContributors(...personCard).pageSize(3))",
    )
    expect(code.indexOf('const personCard')).toBeLessThan(code.indexOf('const movieCard'))
    expect(code).toContain('.with(...movieCard, H.keyTraits)')
    expect(code).not.toContain('spare')
  })

  it('refuses a fragment name another query or fragment of the catalog takes', () => {
    const other = 'query personCard\nlookup "mhric-brad-pitt" with primaryImage\n'
    const check = checkCatalog({
      files: [catalogFile('/a.hql', 'a.hql', other), catalogFile('/cards.hql', 'cards.hql', text)],
    } as never)
    const taken = check.errors.find((error) => error.code === 'duplicate_fragment')
    expect(taken?.message).toBe("/cards.hql:1:10: the name 'personCard' is already defined at /a.hql:1:7")
  })
})
