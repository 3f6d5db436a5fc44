// The catalog's seasons, episodes, group and fictional contributors (issue 11, "true to the service"), and the
// thumbnail of an image: built from series-episodes.json and movies.json, answered over real HTTP.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HqlError } from '../../src/model/errors'
import { buildCatalog } from '../../src/service/catalog/build'
import { checkCatalog, defaultCatalogDir, readCatalogDir } from '../../src/service/catalog/load'
import type { MediaNode } from '../../src/service/graph/entities'
import { GraphIndex } from '../../src/service/graph/graph-index'
import { objects, startHarness, valid, type Harness } from './helpers'

const seeds = [{ username: 'demo', name: 'Demo User' }]
const dir = defaultCatalogDir()
const rawEpisodes = JSON.parse(readFileSync(join(dir, 'series-episodes.json'), 'utf8')) as {
  id: string
  name: string
  season: number
  number: number
  airdate: string
  image: { medium: string; original: string }
}[]
const graph = new GraphIndex(buildCatalog(readCatalogDir(dir), seeds))
const ofType = (type: MediaNode['type']) => graph.episodic.filter((m) => m.type === type)

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.service.close())

/** Every object an explore body finds, following `next` to the end. */
async function exploreAll(body: Record<string, unknown>): Promise<any[]> {
  const found: any[] = []
  let request: { endpoint: string; body: unknown } | null = { endpoint: '/graph/explore', body }
  while (request !== null) {
    const r = await h.post(request.endpoint, request.body)
    expect([r.status, r.body.message]).toEqual([200, undefined])
    valid('explore', r.body)
    found.push(...objects(r.body))
    request = r.body.pagingInfo.next
  }
  return found
}

describe('seasons and episodes from series-episodes.json', () => {
  it('makes one ShowEpisode per record and one ShowSeason per series and season number', () => {
    expect(ofType('ShowEpisode')).toHaveLength(rawEpisodes.length)
    expect(ofType('ShowSeason').map((s) => s.altId)).toEqual(
      [...new Set(rawEpisodes.map((e) => e.season))].map((n) => `mhssn-game-of-thrones-season-${n}`),
    )
    for (const node of graph.episodic)
      expect(node.mhid).toMatch(
        node.type === 'ShowEpisode' ? /^mhsep[A-Za-z0-9]{39}$/ : /^mhssn[A-Za-z0-9]{39}$/,
      )
    const again = new GraphIndex(buildCatalog(readCatalogDir(dir), seeds))
    expect(again.episodic.map((n) => [n.mhid, n.altId])).toEqual(graph.episodic.map((n) => [n.mhid, n.altId]))
  })

  it('gives an episode the media default fields from its record: air date at midnight UTC, summary as text', () => {
    const record = rawEpisodes[0]!
    const episode = graph.byId('mhsep-game-of-thrones-s01e01-winter-is-coming') as MediaNode
    expect(episode).toMatchObject({
      type: 'ShowEpisode',
      key: record.id,
      name: 'Winter is Coming',
      releaseDate: Date.UTC(2011, 3, 17) / 1000,
      image: { url: record.image.original, medium: { url: record.image.medium } },
    })
    expect(episode.description).toMatch(/^Lord Eddard Stark, ruler of the North/)
    for (const node of graph.episodic) expect(node.description).not.toMatch(/<\/?[a-z]+>/)
  })

  it('dates a season by its first episode and says what it holds', () => {
    const season = graph.byId('mhssn-game-of-thrones-season-8') as MediaNode
    const eighth = rawEpisodes.filter((e) => e.season === 8)
    expect(season.releaseDate).toBe(Date.parse(`${eighth[0]!.airdate}T00:00:00Z`) / 1000)
    expect(season.description).toBe(
      `Season 8 of Game of Thrones: ${eighth.length} episodes, aired ${eighth[0]!.airdate} to ${eighth.at(-1)!.airdate}.`,
    )
  })

  it('refuses an episode of a series the catalog lacks, naming its path', () => {
    const catalog = checkCatalog({ movies: [], series: [], episodes: [rawEpisodes[0]] })
    let error: unknown
    try {
      buildCatalog(catalog, seeds)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(HqlError)
    expect([(error as HqlError).code, (error as HqlError).path]).toEqual([
      'catalog_invalid',
      ['episodes', 0, 'seriesId'],
    ])
    expect(() =>
      checkCatalog({ movies: [], series: [], episodes: [{ ...rawEpisodes[0], season: -1 }] }),
    ).toThrow(expect.objectContaining({ path: ['episodes', 0, 'season'] }))
    // A catalog without episodes (the form before them) still loads.
    expect(new GraphIndex(buildCatalog(checkCatalog({ movies: [], series: [] }), seeds)).episodic).toEqual([])
  })
})

describe('group and fictional contributors', () => {
  it('gives bands and duos mhrgc, the Muppets billed as cast mhfic, everyone else mhric', () => {
    const prefixes = new Set(graph.contributors.map((c) => c.mhid.slice(0, 5)))
    expect([...prefixes].sort()).toEqual(['mhfic', 'mhrgc', 'mhric'])
    for (const c of graph.contributors) expect(c.altId.slice(0, 5)).toBe(c.mhid.slice(0, 5))
    expect(graph.byId('mhrgc-the-who')).toMatchObject({ type: 'Contributor', name: 'The Who' })
    expect(graph.byId('mhrgc-coen-brothers')).toMatchObject({ name: 'Coen Brothers' })
    expect(graph.byId('mhfic-kermit-the-frog')).toMatchObject({
      type: 'Contributor',
      name: 'Kermit the Frog',
    })
    expect(graph.byId('mhric-the-who')).toBeUndefined()
    expect(graph.byId('mhric-russell-crowe')).toMatchObject({ name: 'Russell Crowe' })
  })
})

describe('the service answers the new types', () => {
  it('looks seasons, episodes and contributors of every kind up by altId and mhid', async () => {
    const episode = graph.byId('mhsep-game-of-thrones-s01e01-winter-is-coming') as MediaNode
    const ids = [
      episode.altId,
      episode.mhid,
      'mhssn-game-of-thrones-season-1',
      'mhrgc-the-who',
      'mhfic-miss-piggy',
    ]
    const r = await h.post('/graph/lookup', { ids })
    expect([r.status, r.body.message]).toEqual([200, undefined])
    valid('lookup', r.body)
    const [byAltId, byMhid, season, band, character] = objects(r.body)
    expect(byAltId).toEqual({
      mhid: episode.mhid,
      name: 'Winter is Coming',
      altId: episode.altId,
      releaseDate: episode.releaseDate,
      description: episode.description,
    })
    expect(byMhid).toEqual(byAltId)
    expect(Object.keys(season).sort()).toEqual(['altId', 'description', 'mhid', 'name', 'releaseDate'])
    expect([band.altId, band.mhid.slice(0, 5), character.altId]).toEqual([
      'mhrgc-the-who',
      'mhrgc',
      'mhfic-miss-piggy',
    ])
  })

  it('explores episodes and seasons only when returnType names them, every one once', async () => {
    const episodes = await exploreAll({ filters: { returnType: { $eq: 'ShowEpisode' } }, pageSize: 20 })
    expect(episodes.map((o) => o.mhid).sort()).toEqual(
      ofType('ShowEpisode')
        .map((n) => n.mhid)
        .sort(),
    )
    const both = await exploreAll({
      filters: { returnType: { $in: ['ShowSeason', 'ShowEpisode'] } },
      pageSize: 50,
    })
    expect(both).toHaveLength(graph.episodic.length)
    const titles = await h.post('/graph/explore', { filters: {}, pageSize: 100 })
    expect(objects(titles.body).filter((o) => /^mhs(ep|sn)/.test(o.mhid))).toEqual([])
    const notMovies = await h.post('/graph/explore', {
      filters: { returnType: { $ne: 'Movie' } },
      pageSize: 100,
    })
    expect(objects(notMovies.body).every((o) => o.mhid.startsWith('mhsss'))).toBe(true)
  })

  it('sorts episodes by air date and name', async () => {
    const sorted = async (property: string, order: string) =>
      objects(
        (
          await h.post('/graph/explore', {
            filters: { returnType: { $eq: 'ShowEpisode' } },
            sort: [{ type: 'property', property, order }],
            pageSize: 3,
          })
        ).body,
      ).map((o) => o.name)
    expect(await sorted('releaseDate', 'ascending')).toEqual([
      'Winter is Coming',
      'The Kingsroad',
      'Lord Snow',
    ])
    expect((await sorted('releaseDate', 'descending'))[0]).toBe('The Iron Throne')
    const names = ofType('ShowEpisode').map((n) => n.name)
    names.sort(new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare)
    expect(await sorted('name', 'ascending')).toEqual(names.slice(0, 3))
  })

  it('applies the title relations to episodes by their rules: an episode has no genre, cast or source', async () => {
    const episodesWith = async (filters: Record<string, unknown>) =>
      exploreAll({ filters: { returnType: { $eq: 'ShowEpisode' }, ...filters }, pageSize: 100 })
    const all = ofType('ShowEpisode').length
    expect(await episodesWith({ traits: { $eq: 'mhgnr-drama' } })).toHaveLength(0)
    expect(await episodesWith({ traits: { $ne: 'mhgnr-drama' } })).toHaveLength(all)
    expect(await episodesWith({ contributors: { $ne: 'mhrgc-the-who' } })).toHaveLength(all)
    expect(await episodesWith({ sources: { $in: ['mhsrc-hbogo', 'mhsrc-netflix'] } })).toHaveLength(0)
  })

  it('finds the works of group and fictional contributors, and them among the contributors', async () => {
    const woodstock = await exploreAll({ filters: { contributors: { $eq: 'mhrgc-the-who' } } })
    expect(woodstock.map((o) => o.name)).toEqual(['Woodstock'])
    const muppets = await exploreAll({
      filters: { contributors: { $all: ['mhfic-kermit-the-frog', 'mhfic-walter'] } },
    })
    expect(muppets.map((o) => o.name)).toEqual(['The Muppets'])
    const cast = await exploreAll({ filters: { contributorsOf: { $eq: muppets[0].mhid } }, pageSize: 100 })
    expect(cast.map((o) => o.altId)).toEqual(
      expect.arrayContaining([
        'mhfic-kermit-the-frog',
        'mhfic-miss-piggy',
        'mhfic-fozzie-bear',
        'mhric-amy-adams',
      ]),
    )
    const groups = await exploreAll({
      filters: { returnType: { $eq: 'Contributor' }, contributorsOf: { $eq: 'mhmov-woodstock' } },
    })
    expect(groups.map((o) => o.altId)).toEqual(
      expect.arrayContaining(['mhrgc-the-who', 'mhrgc-jefferson-airplane']),
    )
  })

  it('answers media components on episodes and seasons, truthfully empty where the data has nothing', async () => {
    const r = await h.post('/graph/lookup', {
      ids: ['mhsep-game-of-thrones-s01e01-winter-is-coming', 'mhssn-game-of-thrones-season-1'],
      components: ['primaryImage', 'images', 'keyContributors', 'keyTraits', 'sources', 'collections'].map(
        (name) => ({ name }),
      ),
    })
    valid('lookup', r.body)
    const [episode, season] = objects(r.body)
    expect(episode.primaryImage.object).toMatchObject({ isDefault: false })
    expect(episode.primaryImage.object.original.url).toBe(rawEpisodes[0]!.image.original)
    expect(episode.images.content).toHaveLength(1)
    expect(season.primaryImage.object.isDefault).toBe(true)
    expect(season.images.content).toEqual([])
    for (const name of ['keyContributors', 'keyTraits', 'sources', 'collections'])
      expect([name, episode[name].content, season[name].content]).toEqual([name, [], []])
  })
})

describe('the thumbnail of an image', () => {
  it('is its thumbnail rendition, a default field: asking for it changes nothing, nested or not', async () => {
    const r = await h.post('/graph/lookup', {
      ids: ['mhsep-game-of-thrones-s01e01-winter-is-coming', 'mhmov-gladiator'],
      components: [
        { name: 'primaryImage', components: [{ name: 'thumbnail', components: [{ name: 'thumbnail' }] }] },
        { name: 'images', components: [{ name: 'thumbnail' }] },
      ],
    })
    expect([r.status, r.body.message]).toEqual([200, undefined])
    valid('lookup', r.body)
    const plain = await h.post('/graph/lookup', {
      ids: ['mhsep-game-of-thrones-s01e01-winter-is-coming', 'mhmov-gladiator'],
      components: [{ name: 'primaryImage' }, { name: 'images' }],
    })
    expect(r.body).toEqual(plain.body)
    for (const object of objects(r.body)) {
      const image = object.primaryImage.object
      expect(Object.keys(image.thumbnail).sort()).toEqual(['height', 'url', 'width'])
      expect(Object.keys(object.images.content[0].object.thumbnail).sort()).toEqual([
        'height',
        'url',
        'width',
      ])
    }
    const [episode] = objects(r.body)
    expect(episode.primaryImage.object.thumbnail.url).toBe(rawEpisodes[0]!.image.medium)
  })

  it('leaves an image without the component as it was, and a trait its placeholder', async () => {
    const r = await h.post('/graph/lookup', {
      ids: ['mhmov-gladiator', 'mhgnr-drama'],
      components: [{ name: 'primaryImage' }, { name: 'thumbnail' }],
    })
    valid('lookup', r.body)
    const [film, drama] = objects(r.body)
    expect(Object.keys(film.primaryImage.object.thumbnail).sort()).toEqual(['height', 'url', 'width'])
    expect(drama.thumbnail.object.isDefault).toBe(true)
  })
})
