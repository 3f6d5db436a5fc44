// The builder and compile alone (issue 26's first size row): the quickstart query built and compiled, no client.
import { explore, compile, returnType, releaseDate, primaryImage, keyContributors } from 'hql'

const query = explore()
  .filter(returnType.eq('Movie'))
  .sort(releaseDate.desc())
  .with(primaryImage, keyContributors(primaryImage))
  .pageSize(10)

console.log(compile(query))
