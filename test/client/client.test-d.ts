import { describe, expectTypeOf, test } from 'vitest'
import { hql, primaryImage, returnType, silo, type ResultOf } from 'hql'
import { createClient, staticTokenGrant, type Client, type GraphRequest } from '../../src/client'

const client: Client = createClient({ baseUrl: 'https://graph.example.com', auth: staticTokenGrant('t') })
const movies = hql.explore().filter(returnType.eq('Movie')).with(primaryImage).pageSize(10)

describe('client types', () => {
  test('run resolves with the result type of the query', () => {
    expectTypeOf(client.run(movies)).toEqualTypeOf<Promise<ResultOf<typeof movies>>>()
  })

  test('pages yield whole responses and items yield the pairs of content', async () => {
    for await (const page of client.pages(movies)) expectTypeOf(page).toEqualTypeOf<ResultOf<typeof movies>>()
    for await (const item of client.items(movies)) {
      expectTypeOf(item).toEqualTypeOf<ResultOf<typeof movies>['content'][number]>()
      expectTypeOf(item.object.releaseDate).toEqualTypeOf<number>()
      expectTypeOf(item.object.primaryImage.object.medium.url).toEqualTypeOf<string>()
    }
  })

  test('silo items carry the title of their silo', async () => {
    const carousels = hql.silos(silo.explore({ name: 'Popular' }))
    for await (const item of client.items(carousels)) {
      expectTypeOf(item.silo).toEqualTypeOf<string>()
      expectTypeOf(item).toHaveProperty('object')
    }
  })

  test('collect requires a limit', () => {
    // @ts-expect-error maxItems is required
    void client.collect(movies)
    // @ts-expect-error maxItems is required
    void client.collect(movies, {})
    expectTypeOf(client.collect(movies, { maxItems: 10 })).resolves.toEqualTypeOf<
      ResultOf<typeof movies>['content'][number][]
    >()
  })

  test('an error can be resumed from with the request it carries', () => {
    expectTypeOf(client.items).parameter(1).exclude<undefined>().toHaveProperty('resumeFrom')
    expectTypeOf<NonNullable<Parameters<typeof client.items>[1]>['resumeFrom']>().toEqualTypeOf<
      GraphRequest | undefined
    >()
  })
})
