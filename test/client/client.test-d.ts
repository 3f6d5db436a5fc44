import { describe, expectTypeOf, test } from 'vitest'
import { contributions, hql, keyContributors, primaryImage, returnType, silo, type ResultOf } from 'hql'
import {
  createClient,
  paging,
  recommended,
  staticTokenGrant,
  strictCheck,
  type Client,
  type ClientError,
  type GraphRequest,
  type PagingClient,
  type SafeResult,
  type StandardSchemaV1,
} from '../../src/client'

const client: PagingClient = createClient({
  baseUrl: 'https://graph.example.com',
  auth: staticTokenGrant('t'),
  ...recommended(),
})
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

  test('next takes any paged list of a response and resolves with the same type, or undefined', async () => {
    const q = hql
      .explore()
      .filter(returnType.eq('Movie'))
      .with(primaryImage, keyContributors(primaryImage, contributions.pageSize(2)).pageSize(5))
    const page = await client.run(q)
    const list = page.content[0]!.object.keyContributors
    expectTypeOf(client.next(list)).toEqualTypeOf<Promise<typeof list | undefined>>()
    const deeper = list.content[0]!.object.contributions
    expectTypeOf(client.next(deeper)).toEqualTypeOf<Promise<typeof deeper | undefined>>()
    expectTypeOf(client.next(page)).toEqualTypeOf<Promise<ResultOf<typeof q> | undefined>>()
    const one = (await client.run(hql.silos(silo.explore({ name: 'Popular' })))).silos[0]!
    expectTypeOf(client.next(one)).toEqualTypeOf<Promise<typeof one | undefined>>()
    // @ts-expect-error a query is not a list of a response: run it, or page it with pages()
    void client.next(q)
  })

  test('pages, items and collect over a list are typed by the list, resumed or not', async () => {
    const page = await client.run(hql.lookup('mhmov-gladiator').with(keyContributors(primaryImage)))
    const list = page.content[0]!.object.keyContributors
    const resumeFrom: GraphRequest = { endpoint: '/graph/lookup', method: 'POST', body: {} }
    for await (const p of client.pages(list, { resumeFrom })) expectTypeOf(p).toEqualTypeOf<typeof list>()
    for await (const item of client.items(list, { resumeFrom }))
      expectTypeOf(item.object.primaryImage.object.medium.url).toEqualTypeOf<string>()
    expectTypeOf(client.collect(list, { maxItems: 50 })).resolves.toEqualTypeOf<
      (typeof list)['content'][number][]
    >()
    const one = (await client.run(hql.silos(silo.explore({ name: 'Popular' })))).silos[0]!
    for await (const item of client.items(one))
      expectTypeOf(item).toEqualTypeOf<(typeof one)['content'][number]>()
  })

  test('safeRun and safeNext: checking error narrows data', async () => {
    const { data, error } = await client.safeRun(movies)
    if (error) {
      expectTypeOf(error).toEqualTypeOf<ClientError>()
      expectTypeOf(data).toEqualTypeOf<undefined>()
      // @ts-expect-error data is undefined when there is an error
      void data.content
      return
    }
    expectTypeOf(data).toEqualTypeOf<ResultOf<typeof movies>>()
    expectTypeOf(data.content[0]!.object.primaryImage.object.medium.url).toEqualTypeOf<string>()
    expectTypeOf(client.safeRun(movies)).resolves.toEqualTypeOf<SafeResult<ResultOf<typeof movies>>>()
    const next = await client.safeNext(data)
    if (next.error === undefined) expectTypeOf(next.data).toEqualTypeOf<ResultOf<typeof movies> | undefined>()
  })

  test('the core client has no paging methods; the paging piece adds them', () => {
    const core = createClient({ baseUrl: 'https://graph.example.com', auth: staticTokenGrant('t') })
    expectTypeOf(core).toEqualTypeOf<Client>()
    // @ts-expect-error items comes with the paging piece
    void core.items(movies)
    const paged = createClient({
      baseUrl: 'https://graph.example.com',
      auth: staticTokenGrant('t'),
      paging: paging(),
    })
    expectTypeOf(paged).toEqualTypeOf<PagingClient>()
    // Without paging the check alone gives a core client.
    expectTypeOf(
      createClient({ baseUrl: 'https://graph.example.com', auth: staticTokenGrant('t'), check: strictCheck }),
    ).toEqualTypeOf<Client>()
  })

  test('request resolves to unknown, or to what its check returns', async () => {
    expectTypeOf(client.request({ endpoint: '/graph/search', body: { q: 'x' } })).toEqualTypeOf<
      Promise<unknown>
    >()
    const check = (json: unknown) => json as { readonly hits: number }
    expectTypeOf(client.request({ endpoint: '/graph/search' }, { check })).toEqualTypeOf<
      Promise<{ readonly hits: number }>
    >()
    const schema = {} as StandardSchemaV1<unknown, { readonly total: number }>
    expectTypeOf(client.request({ endpoint: '/graph/search' }, { check: schema })).toEqualTypeOf<
      Promise<{ readonly total: number }>
    >()
  })

  test('page continues a query, typed as its page; previous follows a list back', async () => {
    const first = await client.run(movies)
    expectTypeOf(client.page(movies, first.pagingInfo.next!)).toEqualTypeOf<
      Promise<ResultOf<typeof movies>>
    >()
    expectTypeOf(client.previous(first)).toEqualTypeOf<Promise<ResultOf<typeof movies> | undefined>>()
  })
})
