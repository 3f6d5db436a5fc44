// Fragments in the builder (issue 29): a reusable, checked set of components for one type, spread where components
// are taken, compiling to the body its components written out give, and refused where they would be refused.
import { describe, expect, test } from 'vitest'
import {
  hql,
  compile,
  fragment,
  returnType,
  contributors,
  releaseDate,
  primaryImage,
  primaryName,
  keyContributors,
  keyTraits,
  contributions,
  images,
  allSubscriptions,
  socialMetrics,
} from 'hql'
import { fragmentType } from '../../src/builder/fragment'
import { caught } from '../support/caught'

const movieCard = fragment('Movie', primaryImage, keyContributors(primaryImage))
const personCard = fragment('Contributor', primaryImage, contributions.pageSize(3))
// fragment() as JavaScript calls it: what its types refuse, to see what it throws.
const untypedFragment = fragment as (on: string, ...components: unknown[]) => unknown
// A fragment spread where its types are refused.
const anyway = (parts: readonly unknown[]) => parts as never[]

describe('fragment(type, ...components)', () => {
  test('spread in .with(), it compiles to the body of its components written out', () => {
    const spread = hql
      .explore()
      .filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt'))
      .sort(releaseDate.desc())
      .with(...movieCard, keyTraits)
      .pageSize(10)
    const writtenOut = hql
      .explore()
      .filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt'))
      .sort(releaseDate.desc())
      .with(primaryImage, keyContributors(primaryImage), keyTraits)
      .pageSize(10)
    expect(compile(spread)).toEqual(compile(writtenOut))
    expect(compile(spread).body.components).toEqual([
      { name: 'primaryImage' },
      { name: 'keyContributors', components: [{ name: 'primaryImage' }] },
      { name: 'keyTraits' },
    ])
  })

  test('spread in a nesting call, and after other components, as written out', () => {
    const nested = hql.lookup('mhmov-gladiator').with(primaryName, keyContributors(...personCard))
    const writtenOut = hql
      .lookup('mhmov-gladiator')
      .with(primaryName, keyContributors(primaryImage, contributions.pageSize(3)))
    expect(compile(nested)).toEqual(compile(writtenOut))
  })

  test('takes names as .with() does: a name spreads as its component', () => {
    const byName = fragment('Movie', 'primaryImage', 'keyTraits')
    expect(compile(hql.lookup('mhmov-gladiator').with(...byName)).body.components).toEqual([
      { name: 'primaryImage' },
      { name: 'keyTraits' },
    ])
  })

  test('a fragment is a frozen list of its components, and knows its type', () => {
    expect(Object.isFrozen(movieCard)).toBe(true)
    expect(movieCard.map((part) => part.request.name)).toEqual(['primaryImage', 'keyContributors'])
    expect(fragmentType(movieCard)).toBe('Movie')
    expect(fragmentType([primaryImage])).toBeUndefined()
  })

  test('checks its components against its type when it is made, with the sentence .with() gives', () => {
    const made = caught(() => untypedFragment('Movie', contributions))
    const writtenOut = caught(() =>
      hql
        .explore()
        .filter(returnType.eq('Movie'))
        .with(contributions as never),
    )
    expect(made.code).toBe('component_not_applicable')
    expect(made.message).toBe(writtenOut.message)
    expect(made.path).toEqual(['components', 0, 'name'])
    expect(
      caught(() => untypedFragment('Contributor', keyContributors(allSubscriptions as never))).code,
    ).toBe('component_not_applicable')
    expect(caught(() => untypedFragment('Movie', primaryImage, primaryImage)).code).toBe(
      'duplicate_component',
    )
    expect(caught(() => untypedFragment('Movie', { request: { name: 'primaryImage' } })).code).toBe(
      'invalid_request',
    )
  })

  test('an unknown type, or no component, is refused with a sentence naming it', () => {
    const unknown = caught(() => untypedFragment('Movei', primaryImage))
    expect(unknown.code).toBe('unknown_type')
    expect(unknown.message).toContain("did you mean 'Movie'?")
    expect(unknown.path).toEqual(['on'])
    const empty = caught(() => untypedFragment('Movie'))
    expect(empty.code).toBe('invalid_request')
    expect(empty.message).toBe('$.components: a fragment on Movie takes at least one component')
  })

  test('applied where it does not belong, it gets the sentence its components written out get', () => {
    const spread = caught(() =>
      hql
        .explore()
        .filter(returnType.eq('Movie'))
        .with(...anyway(personCard)),
    )
    const writtenOut = caught(() =>
      hql
        .explore()
        .filter(returnType.eq('Movie'))
        .with(primaryImage, contributions.pageSize(3) as never),
    )
    expect(spread.code).toBe('component_not_applicable')
    expect([spread.message, spread.path]).toEqual([writtenOut.message, writtenOut.path])
    // Taken already at this level, as written out.
    const twice = caught(() =>
      hql
        .lookup('mhmov-gladiator')
        .with(...movieCard)
        .with(...anyway(movieCard)),
    )
    expect(twice.code).toBe('duplicate_component')
  })

  test('a fragment of an object type a query reaches only nested (Image) checks against it', () => {
    const imageCard = fragment('Contributor', images.pageSize(2), socialMetrics)
    expect(compile(hql.lookup('mhmov-gladiator').with(keyContributors(...imageCard))).body).toEqual({
      ids: ['mhmov-gladiator'],
      components: [
        {
          name: 'keyContributors',
          components: [{ name: 'images', pageSize: 2 }, { name: 'socialMetrics' }],
        },
      ],
    })
  })
})
