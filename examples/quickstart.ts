// The quickstart from the README, as written: it must type-check (npm test runs tsc over examples/).
import { explore, compile, returnType, contributors, releaseDate, primaryImage, keyContributors } from 'hql'
import type { ResultOf } from 'hql'

const q = explore()
  .filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt'))
  .sort(releaseDate.desc())
  .with(primaryImage, keyContributors(primaryImage))
  .pageSize(10)

const request = compile(q)
console.log(JSON.stringify(request, null, 2))

// The result type reaches two levels of nested components: no casts, and a typo would not compile.
type R = ResultOf<typeof q>
export const firstKeyContributorImage = (result: R): string | undefined =>
  result.content[0]?.object.keyContributors.content[0]?.object.primaryImage.object.medium.url
