// The page's script: signs in, pages through a query against the service (another origin, so CORS applies)
// and renders what came back. The test reads the DOM, not this script's variables.
import {
  hql,
  createClient,
  passwordGrant,
  recommended,
  returnType,
  traits,
  releaseDate,
  primaryImage,
  HttpError,
} from 'hql'

const params = new URLSearchParams(location.search)
const need = (name: string): string => {
  const value = params.get(name)
  if (value === null) throw new Error(`the page needs ?${name}=`)
  return value
}

const client = createClient({
  baseUrl: need('baseUrl'),
  auth: passwordGrant({
    authUrl: need('authUrl'),
    clientId: need('clientId'),
    clientSecret: need('clientSecret'),
    username: need('username'),
    password: need('password'),
    scope: ['public_profile', 'user_likes'],
  }),
  ...recommended(),
})

const westerns = hql
  .explore()
  .filter(returnType.eq('Movie'), traits.eq('mhgnr-western'))
  .sort(releaseDate.desc())
  .with(primaryImage)
  .pageSize(Number(need('pageSize')))

async function main(): Promise<void> {
  const list = document.getElementById('titles')!
  for await (const { object } of client.items(westerns, { maxItems: Number(need('maxItems')) })) {
    const item = document.createElement('li')
    item.textContent = `${object.name} (${new Date(object.releaseDate * 1000).getUTCFullYear()})`
    item.dataset['mhid'] = object.mhid
    item.dataset['image'] = object.primaryImage.object.medium.url
    list.append(item)
  }
  // A request the service refuses, to show that typed errors survive the trip through a browser.
  const refused = document.getElementById('refused')!
  try {
    await client.run(westerns.pageSize(500))
    refused.textContent = 'not refused'
  } catch (error) {
    refused.textContent =
      error instanceof HttpError
        ? `${error.code} ${error.status} ${(error.body as { path?: string }).path}`
        : `unexpected: ${String(error)}`
  }
}

main().then(
  () => (document.body.dataset['state'] = 'done'),
  (error: unknown) => {
    document.body.dataset['state'] = 'failed'
    document.body.append(String(error))
  },
)
