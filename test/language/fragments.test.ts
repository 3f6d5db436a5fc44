// The language service knows fragments (issue 29): completion of fragment names after `...` (those for the objects
// in scope) and inside a fragment, hover on a spread, go to definition, and `hql check`'s diagnostics.
import { describe, expect, it } from 'vitest'
import { complete, definitionAt, diagnose, hover, noIds } from '../../src/language'

const cards = `fragment personCard on Contributor { primaryImage, socialMetrics }
fragment movieCard on Movie { primaryImage, keyContributors { ...personCard } }
`

function labelsAt(marked: string): string[] {
  const offset = marked.indexOf('|')
  return complete(marked.replace('|', ''), offset, noIds).map((item) => item.label)
}

describe('fragments in the language service', () => {
  it('completes the fragments for the objects in scope after ..., and spreads among components', () => {
    expect(labelsAt(`${cards}query a explore Movie with ...|`)).toEqual(['movieCard'])
    expect(labelsAt(`${cards}query a explore Movie with keyContributors { ...|`)).toEqual(['personCard'])
    expect(labelsAt(`${cards}query a lookup "mhric-brad-pitt" with ...per|`)).toEqual(['personCard'])
    expect(labelsAt(`${cards}query a explore Movie with primaryImage, |`)).toContain('...movieCard')
    expect(labelsAt(`${cards}query a explore Movie with primaryImage, |`)).not.toContain('...personCard')
  })

  it("completes a fragment's head and its components for its type, not a spread of itself", () => {
    expect(labelsAt('fragment card |')).toEqual(['on'])
    expect(labelsAt('fragment card on Contr|')).toEqual(['Contributor'])
    const inside = labelsAt(`${cards}fragment other on Contributor { |`)
    expect(inside).toContain('contributions')
    expect(inside).not.toContain('keyTraits')
    expect(inside).toContain('...personCard')
    expect(labelsAt(`${cards}fragment self on Movie { ...|`)).toEqual(['movieCard'])
  })

  it('hovers a spread with the fragment and the object its components give', () => {
    const text = `${cards}query a explore Movie with ...movieCard`
    const shown = hover(text, text.lastIndexOf('movieCard') + 2, noIds)
    expect(shown?.markdown).toContain(
      'fragment movieCard on Movie { primaryImage, keyContributors { ...personCard } }',
    )
    expect(shown?.markdown).toContain(
      "keyContributors: PagedList<Pair<TypedObject<'Contributor'> & { primaryImage: Pair<TypedObject<'Image'>, EmptyContext>; socialMetrics: SocialMetrics }, ContributorContext>>",
    )
  })

  it('goes from a spread to its fragment', () => {
    const text = `${cards}query a explore Movie with ...movieCard`
    const at = text.indexOf('movieCard')
    expect(definitionAt(text, text.lastIndexOf('...movieCard') + 5)).toEqual({ start: at, end: at + 9 })
    expect(definitionAt(text, text.lastIndexOf('...movieCard'))).toEqual({ start: at, end: at + 9 })
  })

  it("reports hql check's fragment problems over the names they are about", () => {
    const text = `${cards}fragment spare on Movie { keyTraits }\nquery a explore Movie with ...movieCard, ...personCard, ...nope`
    const found = diagnose(text).map((d) => [d.code, text.slice(d.start, d.end)])
    expect(found).toEqual([
      ['unused_fragment', 'spare'],
      ['fragment_not_applicable', 'personCard'],
      ['unknown_fragment', 'nope'],
    ])
  })
})
