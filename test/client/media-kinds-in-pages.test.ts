// A page that holds one of the SDK's media kinds (a song, a book: OtherMedia) passes the client's strict
// check (the default) over real HTTP, where the list can hold media; where the query promised other types, it
// is still refused. The model's cases are test/model/media-kinds.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contributions, hql, isType, items, primaryImage, returnType } from 'hql'
import { InvalidResponseError } from '../../src/client'
import { movie, startFakeService, type FakeService } from './fake-service'
import { clientFor } from './helpers'

let service: FakeService
beforeAll(async () => {
  service = await startFakeService()
})
afterAll(() => service.close())

const answer = (content: unknown[]) =>
  service.inject(0, {
    kind: 'status',
    status: 200,
    body: JSON.stringify({ content, pagingInfo: { next: null } }),
  })
const list = (...content: unknown[]) => ({ content, pagingInfo: { next: null } })
const credit = { relationships: [{ contribution: 'Performer' }] }
const song = { mhid: 'mhsng-yesterday', name: 'Yesterday', altId: 'mhsng-yesterday', releaseDate: -137980800 }
const band = { mhid: 'mhrgc-the-beatles', name: 'The Beatles', altId: 'mhrgc-the-beatles' }

describe('the strict check and the SDK media kinds, over HTTP', () => {
  it('reads a contributor whose contributions hold a song beside a movie, and isType tells the song', async () => {
    const contributionsList = list({ ...movie(1), context: credit }, { object: song, context: credit })
    answer([{ object: { ...band, contributions: contributionsList }, context: {} }])
    const page = await clientFor(service).run(hql.lookup('mhrgc-the-beatles').with(contributions))
    const listed = page.content[0]!.object.contributions.content.map(({ object }) => object)
    expect(listed.map((object) => isType(object, 'OtherMedia'))).toEqual([false, true])
    expect(listed[1]).toEqual(song)
  })

  it("reads a collection's items holding a book, with the component asked of it", async () => {
    const image = {
      mhid: `mhimg${'B'.repeat(39)}`,
      name: null,
      isDefault: true,
      ...Object.fromEntries(
        ['original', 'thumbnail', 'small', 'medium', 'large'].map((size) => [
          size,
          { url: 'https://img.example/b.jpg', width: 1, height: 1 },
        ]),
      ),
    }
    const book = { ...song, mhid: 'mhbok-dune', name: 'Dune', primaryImage: { object: image, context: {} } }
    const collection = {
      mhid: 'mhcol-reading',
      name: 'Reading',
      altId: 'mhcol-reading',
      createdDate: 0,
      description: 'Books',
      permissions: 'public',
      published: true,
    }
    answer([{ object: { ...collection, items: list({ object: book, context: {} }) }, context: {} }])
    const page = await clientFor(service).run(hql.lookup('mhcol-reading').with(items(primaryImage)))
    expect(page.content[0]!.object.items.content[0]!.object).toEqual(book)
  })

  it('still refuses a song where the query promised movies, naming its mhid', async () => {
    answer([movie(0), { object: song, context: {} }])
    const error = await clientFor(service)
      .run(hql.explore().filter(returnType.eq('Movie')))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect(error).toMatchObject({ path: ['content', 1, 'object', 'mhid'] })
  })
})
