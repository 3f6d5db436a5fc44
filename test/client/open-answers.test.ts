// Issue 28: the default (strict) check refuses an answer only for breaking a documented promise or one the query
// makes. Each answer the issue lists, built from the service's documents, reaches the user over real HTTP; each
// broken promise it lists is refused with its path. The model's properties are test/model/query-check.test.ts
// and test/model/response/open-answers.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  allSubscriptions,
  collections,
  contributions,
  hql,
  images,
  items,
  keyContributors,
  keyTraits,
  primaryGroup,
  primaryName,
  returnType,
  silo,
  sources,
  unknownFields,
} from 'hql'
import { InvalidResponseError } from '../../src/client'
import { movie, startFakeService, type FakeService } from './fake-service'
import { clientFor } from './helpers'

let service: FakeService
beforeAll(async () => {
  service = await startFakeService()
})
afterAll(() => service.close())

const answer = (body: unknown) =>
  service.inject(0, { kind: 'status', status: 200, body: JSON.stringify(body) })
const end = { next: null }
const page = (...content: unknown[]) => ({ content, pagingInfo: end })
const pair = (object: unknown, context: unknown = {}) => ({ object, context })
const run = <Q extends Parameters<ReturnType<typeof clientFor>['run']>[0]>(query: Q) =>
  clientFor(service).run(query)
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  )

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(39, '0')}`
const film = movie(1).object
const contributor = { mhid: id('mhric', 2), name: 'Ridley Scott', altId: 'mhric-ridley-scott' }
const user = { mhid: id('mhusr', 3), name: 'Ann', username: 'ann' }
const group = { mhid: id('mhggp', 4), name: 'Gladiator films', altId: 'mhggp-gladiator', releaseDate: 0 }
const collection = {
  mhid: id('mhcol', 5),
  name: 'Favourites',
  altId: 'mhcol-favourites',
  createdDate: 0,
  description: 'Mine',
  permissions: 'public',
  published: true,
}
const image = {
  mhid: id('mhimg', 6),
  name: null,
  isDefault: true,
  ...Object.fromEntries(
    ['original', 'thumbnail', 'small', 'medium', 'large'].map((size) => [
      size,
      { url: 'https://img.example/i.jpg', width: 1, height: 1 },
    ]),
  ),
}
const source = {
  mhid: id('mhsrc', 7),
  name: 'A source',
  altId: 'mhsrc-a',
  connectable: 0,
  webUrl: 'https://source.example',
}
const subscription = {
  metadata: {
    mhid: 'mhsub1',
    name: 'Monthly',
    description: 'All of it',
    timePeriod: 'monthly',
    price: 9.99,
    currency: 'USD',
    mediums: ['stream'],
  },
}
const movies = () => hql.explore().filter(returnType.eq('Movie'))

describe('answers the documents allow reach the user (issue 28)', () => {
  it('a primaryGroup holding a graph group (mhggp), typed by its prefix', async () => {
    answer(page(pair({ ...film, primaryGroup: pair(group) })))
    const result = await run(movies().with(primaryGroup))
    expect(result.content[0]!.object.primaryGroup?.object).toEqual(group)
  })

  it('a primaryName without text: the Name object has no documented fields', async () => {
    const name = { name: 'G', locale: 'en-US' }
    answer(page(pair({ ...film, primaryName: name })))
    const result = await run(movies().with(primaryName))
    expect(result.content[0]!.object.primaryName).toEqual(name)
  })

  it('a medium "theater" and a method "free": values the spec gives as examples', async () => {
    const context = { mediums: [{ type: 'theater', methods: [{ type: 'free', formats: [] }] }] }
    answer(page(pair({ ...film, sources: page(pair(source, context)) })))
    const result = await run(movies().with(sources))
    const medium = result.content[0]!.object.sources.content[0]!.context.mediums![0]!
    expect([medium.type, medium.methods[0]!.type]).toEqual(['theater', 'free'])
  })

  it('a Trait without altId', async () => {
    const genre = { mhid: id('mhgnr', 8), name: 'Drama' }
    answer(page(pair({ ...film, keyTraits: page(pair(genre)) })))
    const result = await run(movies().with(keyTraits))
    expect(result.content[0]!.object.keyTraits.content[0]!.object).toEqual(genre)
  })

  it('contributions whose context has no relationships', async () => {
    answer(page(pair({ ...contributor, contributions: page(pair(film, {})) })))
    const result = await run(hql.lookup('mhric-ridley-scott').with(contributions))
    expect(result.content[0]!.object.contributions.content[0]!.context).toEqual({})
  })

  it('a Contributor and a User in relate and silos answers without returnType', async () => {
    answer(page(pair(contributor), pair(user)))
    const related = await run(hql.relate('mhmov-gladiator'))
    expect(related.content.map(({ object }) => object.mhid)).toEqual([contributor.mhid, user.mhid])
    answer({ silos: [{ title: 'For you', ...page(pair(user), pair(contributor)) }], pagingInfo: end })
    const carousels = await run(hql.silos(silo.explore({ name: 'Popular' })))
    expect(carousels.silos[0]!.content.map(({ object }) => object.mhid)).toEqual([
      user.mhid,
      contributor.mhid,
    ])
  })

  it('fields nobody documented pass through as they came', async () => {
    const object = { ...film, rating: { stars: 4 } }
    answer(page(pair(object, { score: 0.9 })))
    const result = await run(movies())
    expect(result.content[0]).toEqual(pair(object, { score: 0.9 }))
    // Reachable as unknown, without a cast (the result type names only what is promised).
    expect(unknownFields(result.content[0]!.object)['rating']).toEqual({ stars: 4 })
    expect(unknownFields(result.content[0]!.context)['score']).toBe(0.9)
  })
})

describe('lists read one way: a plain array reaches the user as { content, pagingInfo: { next: null } }', () => {
  it('keyContributors: [] (the spec: "possibly an empty array")', async () => {
    answer(page(pair({ ...film, keyContributors: [] })))
    const result = await run(movies().with(keyContributors))
    expect(result.content[0]!.object.keyContributors).toEqual({ content: [], pagingInfo: { next: null } })
  })

  it("a Collection's items, images and collections sent as plain arrays", async () => {
    const held = [pair(film), pair(contributor)]
    answer(page(pair({ ...collection, items: held, images: [pair(image)], collections: [] })))
    const result = await run(hql.lookup('mhcol-favourites').with(items, images, collections))
    const object = result.content[0]!.object
    expect(object.items).toEqual({ content: held, pagingInfo: { next: null } })
    expect(object.images).toEqual({ content: [pair(image)], pagingInfo: { next: null } })
    expect(object.collections).toEqual({ content: [], pagingInfo: { next: null } })
  })

  it('allSubscriptions as a plain array and as a page: one shape either way', async () => {
    const query = hql.lookup('mhsrc-a').with(allSubscriptions)
    answer(page(pair({ ...source, allSubscriptions: [pair(subscription)] })))
    const fromArray = (await run(query)).content[0]!.object.allSubscriptions
    answer(page(pair({ ...source, allSubscriptions: page(pair(subscription)) })))
    const fromPage = (await run(query)).content[0]!.object.allSubscriptions
    expect(fromArray).toEqual(fromPage)
    expect(fromPage.content[0]!.object.metadata.price).toBe(9.99)
  })
})

describe('a broken documented promise is still refused, with its path', () => {
  it('a ShowSeries in a Movie query', async () => {
    const series = { ...film, mhid: id('mhsss', 9) }
    answer(page(pair(film), pair(series)))
    const error = await refusal(run(movies()))
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect(error).toMatchObject({ path: ['content', 1, 'object', 'mhid'] })
  })

  it('a missing requested component', async () => {
    answer(page(pair(film)))
    expect(await refusal(run(movies().with(keyContributors)))).toMatchObject({
      path: ['content', 0, 'object', 'keyContributors'],
    })
  })

  it.each([
    ['""', ''],
    ['"hello"', 'hello'],
    ['a number', 7],
  ])('an mhid of %s, under returnType Movie, without returnType, and inside a component', async (_, bad) => {
    answer(page(pair({ ...film, mhid: bad })))
    expect(await refusal(run(movies()))).toMatchObject({ path: ['content', 0, 'object', 'mhid'] })
    answer(page(pair({ ...film, mhid: bad })))
    expect(await refusal(run(hql.explore()))).toMatchObject({ path: ['content', 0, 'object', 'mhid'] })
    answer(
      page(pair({ ...film, keyContributors: [pair({ ...contributor, mhid: bad }, { relationships: [] })] })),
    )
    expect(await refusal(run(movies().with(keyContributors)))).toMatchObject({
      path: ['content', 0, 'object', 'keyContributors', 0, 'object', 'mhid'],
    })
  })

  it("a contributor's documented relationships of the wrong type", async () => {
    answer(page(pair({ ...film, keyContributors: page(pair(contributor, { relationships: 'Director' })) })))
    expect(await refusal(run(movies().with(keyContributors)))).toMatchObject({
      path: ['content', 0, 'object', 'keyContributors', 'content', 0, 'context', 'relationships'],
    })
  })
})
