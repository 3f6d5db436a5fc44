import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { componentCatalogue, componentNames, type ComponentName, type ObjectTypeName } from '../../src/model'
import type { GraphNode, MediaNode, UserNode } from '../../src/service/graph/entities'
import { graphFor } from '../../src/service/graph/shared-graph'
import { objects, startHarness, valid, type Harness } from './helpers'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.service.close())

// The graph the service answers from (shared by services of this process), to choose varied samples.
const { graph } = graphFor(undefined, [{ username: 'demo', password: 'unused', name: 'Demo User' }])
const demoUser = graph.userByUsername('demo') as UserNode
const editorial = (n: GraphNode): boolean => n.social.collectedIn.some((c) => c.owner === graph.editors)
const first = <T>(items: readonly T[], test: (item: T) => boolean, what: string): T => {
  const found = items.find(test)
  if (found === undefined) throw new Error(`the sample catalog has no ${what}`)
  return found
}
/** A title in one of the demo user's default collections (wish list, watched, queue): userSocial lists them. */
const inDemoDefaults = first(
  demoUser.collections.filter((c) => c.kind !== 'custom').flatMap((c) => c.items),
  (n) => n.type === 'Movie',
  "title in the demo user's default collections",
) as MediaNode

/**
 * Several objects per type, chosen to differ where components differ: with and without a poster, in an
 * editorial collection or not, in the token user's default collections, a user who likes sources and follows
 * people, a collection of collections, a private one, an information-only source.
 */
function sampleIds(): Partial<Record<ObjectTypeName, string[]>> {
  const shows = graph.media.filter((m) => m.type === 'ShowSeries')
  const movies = graph.media.filter((m) => m.type === 'Movie')
  const users = graph.users.filter((u) => u !== demoUser && u !== graph.editors)
  return {
    Movie: [
      'mhmov-gladiator',
      inDemoDefaults.altId,
      first(movies, (m) => m.offers.every((o) => o.mediums === undefined), 'film on no store or service')
        .altId,
      first(movies, (m) => !editorial(m) && m.social.likers.length === 0, 'unloved film').altId,
    ],
    ShowSeries: [
      first(shows, editorial, 'series in an editorial collection').altId,
      first(shows, (m) => !editorial(m), 'series outside editorial collections').altId,
      first(shows, (m) => m.image === undefined, 'series without a poster').altId,
    ],
    ShowSeason: [
      'mhssn-game-of-thrones-season-1',
      first(graph.episodic, (m) => m.type === 'ShowSeason', 'season').mhid,
    ],
    ShowEpisode: [
      'mhsep-game-of-thrones-s01e01-winter-is-coming',
      first(graph.episodic, (m) => m.type === 'ShowEpisode', 'episode').mhid,
    ],
    Image: [first(graph.episodic, (m) => m.image !== undefined, 'episode still').image?.mhid as string],
    Contributor: [
      'mhric-russell-crowe',
      'mhrgc-the-who',
      'mhfic-kermit-the-frog',
      first(graph.contributors, (c) => c.credits.length === 1, 'one-credit contributor').altId,
      first(graph.contributors, (c) => c.social.followers.length > 0 && editorial(c), 'star').altId,
    ],
    User: [
      'mhals-current-user',
      first(
        users,
        (u) => u.likes.some((n) => n.type === 'Source') && u.follows.some((n) => n.type === 'User'),
        'user who likes a source',
      ).altId,
      graph.editors.altId,
    ],
    Trait: [graph.traits[0]?.altId as string, graph.traits[graph.traits.length - 1]?.altId as string],
    Source: ['mhsrc-netflix', 'mhsrc-itunes', 'mhsrc-wikipedia'],
    Collection: [
      'mhcol-best-of-the-1990s',
      first(
        graph.collections,
        (c) => c.items.some((i) => i.type === 'Collection'),
        'collection of collections',
      ).altId,
      first(graph.collections, (c) => c.items.some((i) => i.type === 'Contributor'), 'collection of people')
        .altId,
      first(demoUser.collections, (c) => c.permissions === 'private', 'private collection').mhid,
    ],
  }
}

describe('lookup', () => {
  it('answers every component of the catalogue on every type it applies to, valid against the model', async () => {
    const samples = sampleIds()
    for (const name of componentNames) {
      const entry = componentCatalogue[name as ComponentName]
      for (const type of entry.appliesTo) {
        const ids = samples[type]
        if (ids === undefined) continue // Subscription: reached only through a source, checked below
        const r = await h.post('/graph/lookup', { ids, components: [{ name }] })
        expect([name, type, r.status, r.body.message]).toEqual([name, type, 200, undefined])
        valid('lookup', r.body)
        ids.forEach((id, i) => {
          const node = id === 'mhals-current-user' ? demoUser : (graph.byId(id) as GraphNode)
          expect([name, id, name in r.body.content[i].object]).toEqual([
            name,
            id,
            name !== 'primaryGroup' || editorial(node),
          ])
        })
      }
    }
  })

  it("lists the token user's default collections that hold an object in userSocial", async () => {
    const r = await h.post('/graph/lookup', {
      ids: [inDemoDefaults.altId, 'mhmov-gladiator'],
      components: [{ name: 'userSocial' }],
    })
    expect(r.status).toBe(200)
    valid('lookup', r.body)
    const holding = demoUser.collections.filter(
      (c) => c.kind !== 'custom' && c.items.includes(inDemoDefaults),
    )
    expect(holding.length).toBeGreaterThan(0)
    const social = r.body.content[0].object.userSocial
    expect(social.userDefaultCollections).toEqual(
      holding.map((c) => ({
        object: expect.objectContaining({ mhid: c.mhid, name: c.name, permissions: c.permissions }),
        context: {},
      })),
    )
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
      sorting: { position: 1 },
    })
    expect(people[1].context.relationships).toEqual([{ contribution: 'Cast' }])
    expect(people[1].object.primaryImage.object.isDefault).toBe(true)
    expect(people[0].object.contributions.content).toHaveLength(2)
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
    // The continuation carries the silo's remaining titles only: the first 4 are not asked for again.
    const shown = forYou.content.map((p: any) => p.object.mhid)
    expect(forYou.pagingInfo.next.body.ids.some((id: string) => shown.includes(id))).toBe(false)
  })

  it("names the blueprint's path in errors of its filters, and the request's for global ones", async () => {
    const bad = { traits: { $eq: 'mhgnr-no-such-genre' } }
    for (const type of ['Explore', 'RecommendedForYou', 'GraphLens', 'Content', 'Collection']) {
      const params =
        type === 'Content'
          ? { ids: ['mhmov-gladiator'] }
          : type === 'Collection'
            ? { id: 'mhcol-best-of-the-1990s' }
            : undefined
      const blueprint = { type, filters: bad, ...(params ? { params } : {}) }
      // A client token has no user, so RecommendedForYou falls back to popularity (the path that lost it).
      for (const token of [h.userToken, h.clientToken]) {
        const r = await h.post('/graph/silos', { blueprints: [{ type: 'Explore' }, blueprint] }, token)
        expect([type, r.status, r.body.path]).toEqual([type, 404, '$.blueprints[1].filters.traits.$eq'])
      }
    }
    const global = await h.post('/graph/silos', {
      filters: bad,
      blueprints: [{ type: 'Explore', filters: { returnType: { $eq: 'Movie' } } }],
    })
    expect([global.status, global.body.path]).toEqual([404, '$.filters.traits.$eq'])
  })
})
