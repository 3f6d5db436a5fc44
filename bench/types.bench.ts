// Type-checking cost of typical queries, counted in type instantiations by @ark/attest. The committed
// figures are the baselines: attest fails the run when a count grows beyond them by more than 20%.
// Run: npm run bench:types (update a baseline by editing its figure, with a reason in the commit).
import { bench } from '@ark/attest'
import {
  hql,
  returnType,
  contributors,
  releaseDate,
  primaryImage,
  keyContributors,
  keyTraits,
  sources,
  socialMetrics,
  images,
  silo,
  traits,
} from 'hql'
import type { ResultOf } from 'hql'

// Loads the library's types once, so the counts below are the queries' own cost.
bench.baseline(() => {
  const warm = hql.explore().filter(returnType.eq('ShowSeries')).with(images)
  return {} as ResultOf<typeof warm>
})

bench('explore quickstart with its result type', () => {
  const q = hql
    .explore()
    .filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt'))
    .sort(releaseDate.desc())
    .with(primaryImage, keyContributors(primaryImage))
    .pageSize(10)
  return {} as ResultOf<
    typeof q
  >['content'][number]['object']['keyContributors']['content'][number]['object']['primaryImage']
}).types([2120, 'instantiations'])

bench('lookup with six components', () => {
  const q = hql
    .lookup('mhmov-gladiator')
    .with(
      primaryImage,
      keyContributors(primaryImage),
      keyTraits,
      sources(primaryImage),
      socialMetrics,
      images,
    )
  return {} as ResultOf<typeof q>['content'][number]
}).types([1380, 'instantiations'])

bench('silos with four blueprints', () => {
  const q = hql
    .silos(
      silo.recommendedForYou({ name: 'For you', positions: [0] }),
      silo.explore({ name: 'Popular', probability: 0.5 }),
      silo.basedOnItem({ nameGenerator: 'Because you liked $1', filters: [returnType.eq('Movie')] }),
      silo.graphLens({ filters: [traits.eq('mhgnr-drama')] }),
    )
    .ids('mhmov-gladiator')
    .with(primaryImage)
    .siloPageSize(10)
  return {} as ResultOf<typeof q>['silos'][number]
}).types([1152, 'instantiations'])
