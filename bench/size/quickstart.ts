// The quickstart program (issue 26's third size row; its min+gzip budget is in .size-limit.js): the quickstart
// query built, compiled and paged through with `items`, by a client with the password grant and the starting
// configuration (`recommended()`: the strict response check, retries, paging), as the README shows it.
import {
  explore,
  compile,
  createClient,
  passwordGrant,
  recommended,
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

const client = createClient({
  baseUrl: 'https://graph.example.com',
  auth: passwordGrant({
    authUrl: 'https://auth.example.com',
    clientId: 'id',
    clientSecret: 'secret',
    username: 'user',
    password: 'password',
    scope: ['public_profile'],
  }),
  ...recommended(),
})

console.log(compile(query))
async function main() {
  for await (const { object } of client.items(query, { maxItems: 50 })) console.log(object.name)
}
void main()
