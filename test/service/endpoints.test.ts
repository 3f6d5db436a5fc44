import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  componentCatalogue,
  componentNames,
  responseSchemas,
  type ComponentName,
  type ObjectTypeName,
} from '../../src/model'
import { objects, startHarness, type Harness } from './helpers'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.service.close())

const valid = (endpoint: keyof typeof responseSchemas, body: unknown): void => {
  const result = responseSchemas[endpoint].safeParse(body)
  expect(result.success ? [] : result.error.issues.slice(0, 3)).toEqual([])
}

/** One object id per type, found through the service itself. */
async function sampleIds(): Promise<Partial<Record<ObjectTypeName, string>>> {
  const first = async (returnType: string): Promise<string> =>
    (await h.post('/graph/explore', { filters: { returnType: { $eq: returnType } }, pageSize: 1 })).body
      .content[0].object.mhid
  return {
    Movie: 'mhmov-gladiator',
    ShowSeries: await first('ShowSeries'),
    Contributor: 'mhric-russell-crowe',
    User: 'mhals-current-user',
    Trait: await first('Trait'),
    Source: 'mhsrc-netflix',
    Collection: 'mhcol-best-of-the-1990s',
  }
}

describe('lookup', () => {
  it('answers every component of the catalogue on every type it applies to, valid against the model', async () => {
    const ids = await sampleIds()
    for (const name of componentNames) {
      const entry = componentCatalogue[name as ComponentName]
      for (const type of entry.appliesTo) {
        const id = ids[type]
        if (id === undefined) continue // Subscription: reached only through a source, checked below
        const r = await h.post('/graph/lookup', { ids: [id], components: [{ name }] })
        expect([name, type, r.status]).toEqual([name, type, 200])
        valid('lookup', r.body)
        expect([name, type, name in r.body.content[0].object]).toEqual([
          name,
          type,
          name !== 'primaryGroup' || type === 'Movie',
        ])
      }
    }
  })

  it('applies nested components to the objects inside a component', async () => {
    const r = await h.post('/graph/lookup', {
      ids: ['mhmov-gladiator'],
      components: [
        {
          name: 'keyContributors',
          components: [{ name: 'primaryImage' }, { name: 'contributions', pageSize: 2 }],
        },
      ],
    })
    valid('lookup', r.body)
    const people = r.body.content[0].object.keyContributors.content
    expect(people[0].object.name).toBe('Ridley Scott')
    expect(people[0].context).toEqual({
      relationships: [{ contribution: 'Director' }],
      sorting: { position: 0 },
    })
    expect(people[1].context.relationships).toEqual([{ contribution: 'Cast' }])
    expect(people[1].object.primaryImage.object.isDefault).toBe(true)
    expect(people[0].object.contributions.content).toHaveLength(2)
  })

  it('pages list components with a lookup that continues them', async () => {
    const r = await h.post('/graph/lookup', {
      ids: ['mhmov-gladiator'],
      components: [{ name: 'contributors', pageSize: 3 }],
    })
    const list = r.body.content[0].object.contributors
    expect(list.content).toHaveLength(3)
    const next = list.pagingInfo.next
    expect(next.endpoint).toBe('/graph/lookup')
    const more = await h.post(next.endpoint, next.body)
    const all = await h.post('/graph/lookup', {
      ids: ['mhmov-gladiator'],
      components: [{ name: 'contributors', pageSize: 100 }],
    })
    const names = all.body.content[0].object.contributors.content.map((p: any) => p.object.name)
    expect(objects(more.body).map((o) => o.name)).toEqual(names.slice(3, 6))
  })

  it('gives source contexts: mediums where consumable, launchInfo where only informative', async () => {
    const r = await h.post('/graph/lookup', { ids: ['mhmov-gladiator'], components: [{ name: 'sources' }] })
    const sources = r.body.content[0].object.sources.content
    const store = sources.find(
      (p: any) =>
        p.object.altId === 'mhsrc-itunes' ||
        p.object.altId === 'mhsrc-vudu' ||
        p.object.altId === 'mhsrc-googleplay',
    )
    expect(store.context.mediums[0].methods[0].formats[0]).toMatchObject({
      currency: 'USD',
      price: expect.any(Number),
    })
    const wiki = sources.find((p: any) => p.object.altId === 'mhsrc-wikipedia')
    expect(wiki.context.launchInfo).toMatchObject({ sourceId: 'Gladiator_(2000_film)' })
    expect(wiki.context.mediums).toBeUndefined()
  })

  it('shows subscriptions under metadata through allSubscriptions', async () => {
    const r = await h.post('/graph/lookup', {
      ids: ['mhsrc-netflix'],
      components: [{ name: 'allSubscriptions', components: [{ name: 'metadata' }] }, { name: 'allMediums' }],
    })
    valid('lookup', r.body)
    const source = r.body.content[0].object
    expect(source.allSubscriptions[0].object.metadata).toMatchObject({
      timePeriod: 'monthly',
      currency: 'USD',
    })
    expect(source.allMediums).toEqual(['stream'])
  })

  it('resolves mapped source ids, and answers {} at the position of an unknown one', async () => {
    const withSource = await h.post('/graph/lookup', {
      ids: ['mhmov-gladiator'],
      components: [{ name: 'sources' }],
    })
    const itunes = withSource.body.content[0].object.sources.content.find(
      (p: any) => p.object.altId === 'mhsrc-itunes',
    )
    const msi = `iTunes:Movie:${itunes.context.mediums[0].methods[0].formats[0].launchInfo.sourceId}`
    const r = await h.post('/graph/lookup', {
      ids: [msi, 'Vudu:Movie:0', 'mhmov-gladiator', 'IMDB::tt0944947'],
    })
    valid('lookup', r.body)
    expect(r.body.content[0].object.name).toBe('Gladiator')
    expect(r.body.content[1]).toEqual({})
    expect(r.body.content[3].object.name).toBe('Game of Thrones')
  })

  it('answers 404 naming the path for an unknown mhid or altId', async () => {
    const r = await h.post('/graph/lookup', { ids: ['mhmov-gladiator', 'mhmov-no-such-film'] })
    expect(r.status).toBe(404)
    expect(r.body).toMatchObject({ error: 'not_found', path: '$.ids[1]' })
  })

  it('resolves mhals-current-user from the token, and userSocial only for user tokens', async () => {
    const me = await h.post('/graph/lookup', { ids: ['mhals-current-user'] })
    expect(me.body.content[0].object).toMatchObject({ username: 'demo', email: expect.any(String) })
    const asClient = await h.post('/graph/lookup', { ids: ['mhals-current-user'] }, h.clientToken)
    expect(asClient.status).toBe(403)
    const col = {
      ids: ['mhcol-best-of-the-1990s'],
      components: [{ name: 'userSocial' }, { name: 'socialMetrics' }],
    }
    const user = await h.post('/graph/lookup', col)
    const client = await h.post('/graph/lookup', col, h.clientToken)
    expect(user.body.content[0].object.userSocial).toMatchObject({
      userLikes: expect.any(Boolean),
      userDefaultCollections: expect.any(Array),
    })
    expect(client.body.content[0].object.userSocial).toBeUndefined()
    expect(client.body.content[0].object.socialMetrics.collectors).toHaveProperty('wishList')
  })

  it('hides private collections of other users', async () => {
    const mine = await h.post('/graph/lookup', {
      ids: ['mhals-current-user'],
      components: [{ name: 'ownedCollections' }],
    })
    const privateId = mine.body.content[0].object.ownedCollections.content.find(
      (p: any) => p.object.permissions === 'private',
    ).object.mhid
    expect((await h.post('/graph/lookup', { ids: [privateId] })).status).toBe(200)
    expect((await h.post('/graph/lookup', { ids: [privateId] }, h.clientToken)).status).toBe(404)
  })
})

describe('explore', () => {
  it('filters, sorts and pages, with next bodies that repeat the request', async () => {
    const body = {
      filters: { returnType: { $eq: 'Movie' }, contributors: { $eq: 'mhric-tom-hanks' } },
      sort: [{ type: 'property', property: 'releaseDate', order: 'descending' }],
      components: [{ name: 'primaryImage' }],
      pageSize: 5,
    }
    const r = await h.post('/graph/explore', body)
    valid('explore', r.body)
    const dates = objects(r.body).map((o) => o.releaseDate)
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
    expect(r.body.pagingInfo.next).toEqual({
      endpoint: '/graph/explore',
      method: 'POST',
      body: { ...body, page: 1 },
    })
    expect(objects(r.body)[0].primaryImage.object.original.url).toMatch(/^https:\/\/upload\.wikimedia\.org\//)
  })

  it('browses other types: contributors of a title, collections, sources', async () => {
    const cast = await h.post('/graph/explore', {
      filters: { contributorsOf: { $eq: 'mhmov-gladiator' } },
      pageSize: 50,
    })
    expect(objects(cast.body).map((o) => o.name)).toEqual(
      expect.arrayContaining(['Russell Crowe', 'Ridley Scott']),
    )
    const sources = await h.post('/graph/explore', {
      filters: { returnType: { $eq: 'Source' } },
      sort: [{ type: 'property', property: 'name' }],
    })
    expect(objects(sources.body).map((o) => o.name)).toContain('HBO Go')
    const inCollection = await h.post('/graph/explore', {
      filters: { collections: { $eq: 'mhcol-best-of-the-1990s' } },
      sort: [{ type: 'collectionOrder' }],
      pageSize: 3,
    })
    const col = await h.post('/graph/lookup', {
      ids: ['mhcol-best-of-the-1990s'],
      components: [{ name: 'items', pageSize: 3 }],
    })
    expect(objects(inCollection.body).map((o) => o.mhid)).toEqual(
      col.body.content[0].object.items.content.map((p: any) => p.object.mhid),
    )
  })

  it('sorts by likeOrder, idsOrder and a seeded random order that is stable across calls', async () => {
    const me = await h.post('/graph/lookup', {
      ids: ['mhals-current-user'],
      components: [{ name: 'liking', pageSize: 100 }],
    })
    const liked = me.body.content[0].object.liking.content
      .map((p: any) => p.object)
      .filter((o: any) => o.mhid.startsWith('mhmov'))
    const byLike = await h.post('/graph/explore', {
      filters: { returnType: { $eq: 'Movie' } },
      sort: [{ type: 'likeOrder' }],
      pageSize: 3,
    })
    expect(objects(byLike.body)[0].mhid).toBe(liked[liked.length - 1].mhid)
    const ids = ['mhmov-titanic', 'mhmov-gladiator']
    const byIds = await h.post('/graph/explore', {
      filters: { returnType: { $eq: 'Movie' } },
      sort: [{ type: 'idsOrder', ids }],
      pageSize: 2,
    })
    expect(objects(byIds.body).map((o) => o.altId)).toEqual(ids)
    const random = { filters: { returnType: { $eq: 'Movie' } }, sort: [{ type: 'random' }], pageSize: 5 }
    const a = await h.post('/graph/explore', random)
    const b = await h.post('/graph/explore', random)
    expect(objects(a.body)).toEqual(objects(b.body))
  })

  it('answers 400 naming the path for invalid requests', async () => {
    const r = await h.post('/graph/explore', { filters: { traits: { $eq: 'mhric-brad-pitt' } } })
    expect(r.status).toBe(400)
    expect(r.body.path).toBe('$.filters.traits.$eq')
  })
})

/** Every mhid of a relate query, following next bodies. */
async function allPages(body: unknown): Promise<string[]> {
  const out: string[] = []
  let request: { endpoint: string; body: unknown } | null = { endpoint: '/graph/relate', body }
  for (let guard = 0; request && guard < 100; guard++) {
    const r = await h.post(request.endpoint, request.body)
    out.push(...objects(r.body).map((o) => o.mhid))
    request = r.body.pagingInfo.next
  }
  return out
}

describe('relate', () => {
  it('recommends by proximity, excludes the factors, and pages at /relate', async () => {
    const body = {
      factors: [{ id: 'mhmov-gladiator' }],
      filters: { returnType: { $eq: 'Movie' } },
      pageSize: 5,
    }
    const r = await h.post('/graph/relate', body)
    valid('relate', r.body)
    const names = objects(r.body).map((o) => o.name)
    expect(names).not.toContain('Gladiator')
    expect(objects(r.body).every((o) => o.mhid.startsWith('mhmov'))).toBe(true)
    expect(r.body.pagingInfo.next).toMatchObject({ endpoint: '/relate', body: { ...body, page: 1 } })
    const next = await h.post(r.body.pagingInfo.next.endpoint, r.body.pagingInfo.next.body)
    expect(next.status).toBe(200)
    expect(objects(next.body).some((o) => names.includes(o.name))).toBe(false)
  })

  it('uses the likes of a user factor, and boost-only factors bring no candidates of their own', async () => {
    const user = await h.post('/graph/relate', { factors: [{ id: 'mhals-current-user' }], pageSize: 10 })
    expect(user.body.content.length).toBe(10)
    const base = await allPages({ factors: [{ id: 'mhmov-gladiator' }], pageSize: 100 })
    const boosted = await allPages({
      factors: [{ id: 'mhmov-gladiator' }, { id: 'mhric-tom-hanks', boostOnly: true }],
      pageSize: 100,
    })
    expect(new Set(boosted)).toEqual(new Set(base))
    expect(boosted).not.toEqual(base)
  })
})

describe('silos', () => {
  it('answers all seven blueprint types with titles, placement and paging', async () => {
    const body = {
      ids: ['mhmov-gladiator'],
      pageSize: 20,
      siloPageSize: 4,
      filters: { returnType: { $eq: 'Movie' } },
      blueprints: [
        { type: 'RecommendedForYou', params: { name: 'For you' } },
        { type: 'Explore', positions: [0], params: { name: 'Trending' } },
        { type: 'BasedOnItem', params: { nameGenerator: 'Because you liked $1' } },
        { type: 'GraphLens' },
        { type: 'ExploreGraphLens', probability: 0.5, params: { nameGenerator: 'Explore $1' } },
        { type: 'Content', params: { ids: ['mhmov-titanic', 'mhmov-gladiator'], name: 'Staff picks' } },
        {
          type: 'Collection',
          params: { id: 'mhcol-best-of-the-1990s' },
          filters: { returnType: { $eq: 'ShowSeries' } },
        },
      ],
    }
    const r = await h.post('/graph/silos', body)
    expect(r.status).toBe(200)
    valid('silos', r.body)
    const titles = r.body.silos.map((s: any) => s.title)
    expect(titles[0]).toBe('Trending')
    expect(titles).toEqual(
      expect.arrayContaining(['For you', 'Because you liked Gladiator', 'Staff picks', 'Best of the 1990s']),
    )
    expect(titles.some((t: string) => /^Explore .+, .+ & .+$/.test(t))).toBe(true)
    // The blueprint's returnType (ShowSeries) overrides the global Movie: a 1990s film list has no series.
    expect(r.body.silos.find((s: any) => s.title === 'Best of the 1990s').content).toEqual([])
    const again = await h.post('/graph/silos', body)
    expect(again.body).toEqual(r.body)
    const forYou = r.body.silos.find((s: any) => s.title === 'For you')
    expect(forYou.content).toHaveLength(4)
    const more = await h.post(forYou.pagingInfo.next.endpoint, forYou.pagingInfo.next.body)
    expect(more.body.content).toHaveLength(4)
  })
})
