// The measured browser bundle (issue 6; its min+gzip budget is in .size-limit.js): the quickstart query built,
// compiled and run through a client with the password grant and the strict response check (the pieces this
// program uses; issue 26's quickstart program, with retries and `items`, is bench/size/quickstart.ts).
import {
  explore,
  compile,
  createClient,
  passwordGrant,
  strictCheck,
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
  check: strictCheck,
})

console.log(compile(query))
client.run(query).then((page) => console.log(page.content.length))
