import { expectTypeOf, it } from 'vitest'
import {
  hql,
  returnType,
  contributors,
  sources,
  releaseDate,
  primaryImage,
  keyContributors,
  keyTraits,
  silo,
} from 'hql'
import type { ResultOf } from 'hql'
import * as generated from '../../examples/catalog/queries'

// The functions `hql generate` writes carry the same result types as the builder code a person would write.
it('infers the builder result types', () => {
  const byHand = hql
    .explore()
    .filter(
      returnType.eq('Movie'),
      contributors.eq('mhric-x'),
      sources.in('mhsrc-itunes', 'mhsrc-googleplay'),
    )
    .sort(releaseDate.desc())
    .with(primaryImage, keyContributors(primaryImage))
    .pageSize(20)
  type Generated = ResultOf<ReturnType<typeof generated.moviesByContributor>>
  expectTypeOf<Generated>().toEqualTypeOf<ResultOf<typeof byHand>>()
  expectTypeOf<
    Generated['content'][number]['object']['keyContributors']['content'][number]['object']['primaryImage']['object']['medium']['url']
  >().toEqualTypeOf<string>()

  const details = hql
    .lookup('mhmov-a' as import('hql').AnyId)
    .with(primaryImage, keyContributors(primaryImage).pageSize(5), keyTraits)
  expectTypeOf<ResultOf<ReturnType<typeof generated.details>>>().toEqualTypeOf<ResultOf<typeof details>>()

  const home = hql
    .silos(silo.recommendedForYou({ name: 'For you' }))
    .filter(returnType.in('Movie', 'ShowSeries'))
    .with(primaryImage)
  expectTypeOf<ResultOf<ReturnType<typeof generated.home>>>().toEqualTypeOf<ResultOf<typeof home>>()
})

// Ids as `hql.lookup` takes them (issue 31): any string, checked when the query is built; the declared type
// (`ContributorId`) is what the result type follows.
it('types the parameters: an id as a string, as hql.lookup takes it', () => {
  expectTypeOf(generated.moviesByContributor).parameter(0).toEqualTypeOf<{
    readonly contributor: string
    readonly size?: number
  }>()
  const fromUrl = new URLSearchParams('c=mhric-brad-pitt').get('c') ?? ''
  generated.moviesByContributor({ contributor: fromUrl })
  hql.lookup(fromUrl)
  // @ts-expect-error a number is no id
  generated.moviesByContributor({ contributor: 42 })
  expectTypeOf<
    ResultOf<ReturnType<typeof generated.similarTo>>['content'][number]['object']['mhid']
  >().toEqualTypeOf<`mhmov${string}`>()
  expectTypeOf(generated.details)
    .parameter(0)
    .toEqualTypeOf<{ readonly ids: readonly [string, ...string[]] }>()
})
