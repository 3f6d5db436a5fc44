// The client's core (issue 26's second size row): the quickstart query built, compiled and run by createClient
// with a static token and no optional piece (no retries, no response check, no paging, no middleware).
import {
  explore,
  compile,
  createClient,
  staticTokenGrant,
  returnType,
  releaseDate,
  primaryImage,
  keyContributors,
} from 'hql'

const query = explore()
  .filter(returnType.eq('Movie'))
  .sort(releaseDate.desc())
  .with(primaryImage, keyContributors(primaryImage))
  .pageSize(10)

const client = createClient({ baseUrl: 'https://graph.example.com', auth: staticTokenGrant('token') })

console.log(compile(query))
client.run(query).then((page) => console.log(page.content.length))
