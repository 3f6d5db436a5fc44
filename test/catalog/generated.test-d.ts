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
import type { ContributorId, ResultOf } from 'hql'
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

it('types the parameters', () => {
  expectTypeOf(generated.moviesByContributor).parameter(0).toEqualTypeOf<{
    readonly contributor: ContributorId
    readonly size?: number
  }>()
  // @ts-expect-error a Source id is not a Contributor id
  generated.moviesByContributor({ contributor: 'mhsrc-itunes' })
})
