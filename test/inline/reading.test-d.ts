// Texts hqlText reads, each with the result type of the same query built with the builder: narrowing by type
// name and returnType filters, lookup's types from its ids' prefixes, components nested and paged, and the
// lexical forms (comments, line breaks, punctuators without spaces, strings with spaces and escapes).
import { describe, expectTypeOf, test } from 'vitest'
import {
  hql,
  hqlText,
  keyContributors,
  primaryImage,
  returnType,
  silo,
  traits,
  contributions,
  keyTraits,
} from 'hql'
import type { ContributorId, MovieId, ResultOf, ShowSeriesId } from 'hql'
import type { TextArg } from '../../src/inline'

describe('typed inline text: what a text reads as', () => {
  test('the result type narrows as the builder narrows it', () => {
    expectTypeOf<ResultOf<typeof inText>>().toEqualTypeOf<ResultOf<typeof built>>()
    const inText = hqlText('explore where returnType in [Movie, ShowSeries] with primaryImage')
    const built = hql.explore().filter(returnType.in('Movie', 'ShowSeries')).with(primaryImage)

    const notMovie = hqlText('explore where returnType != Movie')
    expectTypeOf<ResultOf<typeof notMovie>>().toEqualTypeOf<ResultOf<typeof notMovieBuilt>>()
    const notMovieBuilt = hql.explore().filter(returnType.ne('Movie'))

    const either = hqlText('explore where (returnType = Movie or returnType = Contributor) with primaryImage')
    const eitherBuilt = hql
      .explore()
      .filter(returnType.or(returnType.eq('Movie'), returnType.eq('Contributor')))
      .with(primaryImage)
    expectTypeOf<ResultOf<typeof either>>().toEqualTypeOf<ResultOf<typeof eitherBuilt>>()

    const related = hqlText('relate Contributor to "mhmov-gladiator" with primaryImage')
    const relatedBuilt = hql.relate('mhmov-gladiator').filter(returnType.eq('Contributor')).with(primaryImage)
    expectTypeOf<ResultOf<typeof related>>().toEqualTypeOf<ResultOf<typeof relatedBuilt>>()
  })

  test("lookup's types follow its ids' prefixes; a mapped source id may be unknown", () => {
    const looked = hqlText('lookup "mhric-brad-pitt", "mhmov-gladiator" with primaryImage')
    const lookedBuilt = hql.lookup('mhric-brad-pitt', 'mhmov-gladiator').with(primaryImage)
    expectTypeOf<ResultOf<typeof looked>>().toEqualTypeOf<ResultOf<typeof lookedBuilt>>()
    const mapped = hqlText('lookup "iTunes:Movie:569220589"')
    expectTypeOf<ResultOf<typeof mapped>>().toEqualTypeOf<ResultOf<ReturnType<typeof mappedBuilt>>>()
    const mappedBuilt = () => hql.lookup('iTunes:Movie:569220589')
  })

  test('components nest, page and narrow by what their parent returns', () => {
    const nested = hqlText(
      'explore Contributor with contributions size 5 at page 2 { primaryImage, keyTraits size 2 }',
    )
    const nestedBuilt = hql
      .explore()
      .filter(returnType.eq('Contributor'))
      .with(contributions(primaryImage, keyTraits.pageSize(2)).pageSize(5))
    expectTypeOf<ResultOf<typeof nested>>().toEqualTypeOf<ResultOf<typeof nestedBuilt>>()
    const none = hqlText('explore Movie with none')
    expectTypeOf<ResultOf<typeof none>>().toEqualTypeOf<ResultOf<typeof noneBuilt>>()
    const noneBuilt = hql.explore().filter(returnType.eq('Movie'))
  })

  test("a blueprint's own returnType types its silo's items, as the builder's silo helpers do", () => {
    const carousels = hqlText('silos silo Explore where returnType = Contributor with primaryImage')
    const carouselsBuilt = hql
      .silos(silo.explore({ filters: [returnType.eq('Contributor')] }))
      .with(primaryImage)
    expectTypeOf<ResultOf<typeof carousels>>().toEqualTypeOf<ResultOf<typeof carouselsBuilt>>()
    type Mhid<R extends { silos: readonly { content: readonly { object: { mhid: string } }[] }[] }> =
      R['silos'][number]['content'][number]['object']['mhid']
    expectTypeOf<Mhid<ResultOf<typeof carousels>>>().toEqualTypeOf<ContributorId>()
    // A blueprint without one keeps the query's types; a `!=` of its own replaces the query's returnType.
    const mixed = hqlText(
      'silos where returnType = Movie silo Explore where returnType != Movie silo GraphLens where traits = "mhgnr-drama"',
    )
    const mixedBuilt = hql
      .silos(
        silo.explore({ filters: [returnType.ne('Movie')] }),
        silo.graphLens({ filters: [traits.eq('mhgnr-drama')] }),
      )
      .filter(returnType.eq('Movie'))
    expectTypeOf<ResultOf<typeof mixed>>().toEqualTypeOf<ResultOf<typeof mixedBuilt>>()
    expectTypeOf<MovieId>().toExtend<Mhid<ResultOf<typeof mixed>>>()
    expectTypeOf<ShowSeriesId>().toExtend<Mhid<ResultOf<typeof mixed>>>()
  })

  test('comments, line breaks, punctuators without spaces and strings with spaces read as the spaced text', () => {
    const dense = hqlText(`explore Movie # the films
      where traits="mhgnr-drama"
      with primaryImage,keyContributors{primaryImage}`)
    const spaced = hqlText(
      'explore Movie where traits = "mhgnr-drama" with primaryImage, keyContributors { primaryImage }',
    )
    expectTypeOf<ResultOf<typeof dense>>().toEqualTypeOf<ResultOf<typeof spaced>>()
    const named = hqlText(
      'silos silo Content(name: "Picks \\"of the week\\" # not a comment", ids: ["mhmov-a"])',
    )
    expectTypeOf(named.endpoint).toEqualTypeOf<'silos'>()
    const built = hql
      .explore()
      .filter(returnType.eq('Movie'), traits.eq('mhgnr-drama'))
      .with(primaryImage, keyContributors(primaryImage))
    expectTypeOf<ResultOf<typeof spaced>>().toEqualTypeOf<ResultOf<typeof built>>()
  })

  test('numbers in range are read, whatever their writing (only out-of-range ones are refused)', () => {
    type Accepted<S extends string> = TextArg<S> extends S ? true : TextArg<S>
    expectTypeOf<Accepted<'explore Movie page 0 size 2.0'>>().toEqualTypeOf<true>()
    expectTypeOf<
      Accepted<'explore Movie with keyTraits size 100 at page 3 page 00 size 1e3'>
    >().toEqualTypeOf<true>()
    expectTypeOf<Accepted<'relate Movie to "mhmov-a" weight 0, "mhmov-b" weight 2.5'>>().toEqualTypeOf<true>()
    expectTypeOf<
      Accepted<'silos for ["mhmov-a"] silo Explore(name: "a") probability 1.0 silo GraphLens probability 0.25 silo size 1'>
    >().toEqualTypeOf<true>()
    expectTypeOf<
      Accepted<'silos for ["mhmov-a"] silo Explore(name: "a") probability 1'>
    >().toEqualTypeOf<true>()
  })
})
