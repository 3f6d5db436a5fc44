// Fragments' types (issue 29): a spread types the query's result as its components written out do, FragmentOf is
// the object a card's props take (a query's item objects are assignable to it), and a fragment that does not
// belong is refused with the builder's sentence.
import { describe, expectTypeOf, test } from 'vitest'
import {
  hql,
  fragment,
  returnType,
  primaryImage,
  keyContributors,
  keyTraits,
  contributions,
  allSubscriptions,
  socialMetrics,
} from 'hql'
import type { FragmentOf, ResultOf } from 'hql'
import type { Fragment } from 'hql/types'

const movieCard = fragment('Movie', primaryImage, keyContributors(primaryImage))
const personCard = fragment('Contributor', primaryImage, contributions)

type ObjectOf<Q extends { readonly endpoint: string }> =
  ResultOf<Q> extends { content: readonly (infer I)[] } ? (I extends { object: infer O } ? O : never) : never

describe('fragment types', () => {
  test('a spread types the result as the components written out', () => {
    const spread = hql
      .explore()
      .filter(returnType.eq('Movie'))
      .with(...movieCard, keyTraits)
    const writtenOut = hql
      .explore()
      .filter(returnType.eq('Movie'))
      .with(primaryImage, keyContributors(primaryImage), keyTraits)
    expectTypeOf<ObjectOf<typeof spread>>().toEqualTypeOf<ObjectOf<typeof writtenOut>>()
  })

  test('FragmentOf is the object its components give, and query items are assignable to it', () => {
    type Card = FragmentOf<typeof movieCard>
    expectTypeOf<Card['mhid']>().toEqualTypeOf<`mhmov${string}`>()
    expectTypeOf<Card['primaryImage']['object']['mhid']>().toEqualTypeOf<`mhimg${string}`>()
    expectTypeOf<
      Card['keyContributors']['content'][number]['object']['primaryImage']['object']['mhid']
    >().toEqualTypeOf<`mhimg${string}`>()
    expectTypeOf<Card>().not.toHaveProperty('keyTraits')

    const more = hql
      .explore()
      .filter(returnType.eq('Movie'))
      .with(...movieCard, keyTraits)
    expectTypeOf<ObjectOf<typeof more>>().toExtend<Card>()
    // Nested: the contributors' objects of a lookup take a person card.
    const nested = hql.lookup('mhmov-gladiator').with(keyContributors(...personCard, socialMetrics))
    type Person = ObjectOf<typeof nested>['keyContributors']['content'][number]['object']
    expectTypeOf<Person>().toExtend<FragmentOf<typeof personCard>>()
    // A query without the fragment's components, or of another type, does not.
    const bare = hql.explore().filter(returnType.eq('Movie')).with(primaryImage)
    expectTypeOf<ObjectOf<typeof bare>>().not.toExtend<Card>()
    expectTypeOf<Person>().not.toExtend<Card>()
  })

  test('a fragment is a readonly tuple of its parts, marked with its type', () => {
    expectTypeOf(movieCard).toExtend<Fragment<'Movie'>>()
    expectTypeOf(movieCard).not.toExtend<Fragment<'Contributor'>>()
    expectTypeOf<(typeof movieCard)['length']>().toEqualTypeOf<2>()
  })

  test('refused where it does not belong, with the builder sentence', () => {
    const movies = hql.explore().filter(returnType.eq('Movie'))
    // @ts-expect-error component 'contributions' does not apply to Movie (a person card in a Movie explore)
    movies.with(...personCard)
    // @ts-expect-error component 'contributions' does not apply to Movie
    fragment('Movie', contributions)
    // @ts-expect-error allSubscriptions applies to Source, not Contributor
    fragment('Movie', keyContributors(allSubscriptions))
    const withImage = hql.explore().with(primaryImage)
    // @ts-expect-error primaryImage is there already
    withImage.with(...movieCard)
    // @ts-expect-error Movei is no type
    fragment('Movei', primaryImage)
  })
})
