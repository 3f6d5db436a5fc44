// Testing code that uses hql, without a network: msw answers the client's requests from canned fixtures or
// from the embedded catalog, and requestSnapshot pins down the exact JSON a query sends.
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { setupServer } from 'msw/node'
import {
  hql,
  createClient,
  passwordGrant,
  recommended,
  returnType,
  traits,
  releaseDate,
  HttpError,
} from 'hql'
import type { PagingClient } from 'hql'
import { hqlHandlers, fixture, requestSnapshot } from 'hql/testing'

// The code under test: the titles of the newest westerns.
async function newestWesterns(client: PagingClient, count: number): Promise<string[]> {
  const q = hql.explore().filter(returnType.eq('Movie'), traits.eq('mhgnr-western')).sort(releaseDate.desc())
  const items = await client.collect(q.pageSize(10), { maxItems: count, truncate: true })
  return items.map(({ object }) => object.name)
}

const baseUrl = 'https://graph.example.test'
const server = setupServer(...hqlHandlers({ baseUrl }))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const client = createClient({
  baseUrl,
  auth: passwordGrant({
    authUrl: `${baseUrl}/auth`,
    clientId: 'my-app',
    clientSecret: 'not-a-secret',
    username: 'tester',
    password: 'not-a-password',
    scope: ['public_profile', 'user_likes'], // as on the service, the password grant must name its scopes
  }),
  ...recommended(),
})

test('answers from the embedded catalog, following pages', async () => {
  const titles = await newestWesterns(client, 12)
  expect(titles).toHaveLength(12)
  expect(titles).toContain('Django Unchained')
})

test('answers from a fixture', async () => {
  const gladiator = hql.lookup('mhmov-gladiator')
  server.use(
    ...hqlHandlers({
      baseUrl,
      fixtures: [
        fixture(gladiator, {
          content: [
            {
              object: {
                mhid: 'mhmov-1',
                altId: 'mhmov-gladiator',
                name: 'Gladiator',
                releaseDate: 946684800,
              },
              context: {},
            },
          ],
          pagingInfo: { next: null, previous: null },
        }),
      ],
    }),
  )
  const [pair] = (await client.run(gladiator)).content
  expect(pair?.object?.mhid).toBe('mhmov-1')
})

test('a request the service would refuse is a 400 naming the path', async () => {
  const tooBig = hql.explore().filter(returnType.eq('Movie')).pageSize(1000)
  const error = await client.run(tooBig).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(HttpError)
  expect((error as HttpError).body).toMatchObject({ status: 400, path: '$.pageSize' })
})

test('the request a query sends', () => {
  const q = hql.explore().sort(releaseDate.desc()).filter(traits.eq('mhgnr-western'), returnType.eq('Movie'))
  expect(requestSnapshot(q)).toMatchInlineSnapshot(`
    "{
      "endpoint": "/graph/explore",
      "method": "POST",
      "body": {
        "filters": {
          "returnType": {
            "$eq": "Movie"
          },
          "traits": {
            "$eq": "mhgnr-western"
          }
        },
        "sort": [
          {
            "type": "property",
            "property": "releaseDate",
            "order": "descending"
          }
        ]
      }
    }"
  `)
})
