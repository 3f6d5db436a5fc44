// Builder fragments the inline-text tests give hqlText (`hqlText(text, cards)`): a person card, and a movie card
// that spreads it nested, as an app's cards would be; and texts that spread them, each with the builder query it
// stands for (equivalence.test.ts holds the requests equal, equivalence.test-d.ts the result types).
import {
  contributors,
  fragment,
  hql,
  keyContributors,
  keyTraits,
  primaryImage,
  releaseDate,
  returnType,
  socialMetrics,
} from 'hql'

export const personCard = fragment('Contributor', primaryImage, socialMetrics)
export const movieCard = fragment('Movie', primaryImage, keyContributors(...personCard).pageSize(3))
export const cards = { movieCard, personCard }

export const cardTexts = {
  movies:
    'explore Movie where contributors = "mhric-brad-pitt" order by releaseDate desc with ...movieCard, keyTraits page size 10',
  people: 'lookup "mhmov-gladiator" with keyTraits, keyContributors size 3 { ... personCard }',
  byContributor:
    'query byContributor($c: ContributorId) explore Movie where contributors = $c with ...movieCard',
} as const

export const cardQueries = {
  movies: () =>
    hql
      .explore()
      .filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt'))
      .sort(releaseDate.desc())
      .with(...movieCard, keyTraits)
      .pageSize(10),
  people: () => hql.lookup('mhmov-gladiator').with(keyTraits, keyContributors(...personCard).pageSize(3)),
  byContributor: (params: { readonly c: string }) =>
    hql
      .explore()
      .filter(returnType.eq('Movie'), contributors.eq(params.c))
      .with(...movieCard),
}
