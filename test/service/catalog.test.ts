import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { buildCatalog } from '../../src/service/catalog/build'
import { assignAltIds, mhidOf, slugOf } from '../../src/service/catalog/ids'
import { checkCatalog, defaultCatalogDir, readCatalogDir } from '../../src/service/catalog/load'
import { isRawCatalog, RawCatalog, RawEpisode, RawMovie, RawSeries } from '../../src/service/catalog/raw'
import { GraphIndex } from '../../src/service/graph/graph-index'
import { HqlError } from '../../src/model/errors'

const seeds = [{ username: 'demo', name: 'Demo User' }]

describe('catalog loading and the graph index', () => {
  const raw = readCatalogDir(defaultCatalogDir())
  const graph = new GraphIndex(buildCatalog(raw, seeds))

  // How long loading takes is measured in bench/service.bench.ts (docs/performance.md), not asserted here.
  it('loads the whole sample catalog', () => {
    expect(graph.media.filter((m) => m.type === 'Movie')).toHaveLength(2385)
    expect(graph.media.filter((m) => m.type === 'ShowSeries')).toHaveLength(301)
  })

  it('mints 44-character mhids with the type prefix, stable across builds', () => {
    for (const node of [
      ...graph.media,
      ...graph.contributors.slice(0, 50),
      ...graph.sources,
      ...graph.collections.slice(0, 20),
    ])
      expect(node.mhid).toMatch(/^mh(mov|sss|ric|src|col)[A-Za-z0-9]{39}$/)
    const again = new GraphIndex(buildCatalog(readCatalogDir(defaultCatalogDir()), seeds))
    expect(again.media.map((m) => m.mhid)).toEqual(graph.media.map((m) => m.mhid))
    expect(again.sources.map((s) => s.offers.map((o) => `${o.media.mhid}:${o.sourceId}`))).toEqual(
      graph.sources.map((s) => s.offers.map((o) => `${o.media.mhid}:${o.sourceId}`)),
    )
    expect(again.users.map((u) => u.likes.map((l) => l.mhid))).toEqual(
      graph.users.map((u) => u.likes.map((l) => l.mhid)),
    )
  })

  it('gives altIds as slugs, with the year where names collide', () => {
    expect(graph.byId('mhmov-gladiator')?.name).toBe('Gladiator')
    expect(graph.byId('mhric-brad-pitt')?.name).toBe('Brad Pitt')
    expect(graph.byId('mhmov-dune')).toBeUndefined()
    expect(graph.byId('mhmov-dune-1984')).toMatchObject({ name: 'Dune', year: 1984 })
    expect(graph.byId('mhmov-dune-2021')).toMatchObject({ name: 'Dune', year: 2021 })
    expect(graph.byId('mhmov-titanic-1997')).toBe(graph.byId('mhmov-titanic'))
    const ids = assignAltIds('Movie', [
      { key: 'a', name: 'Cosmos', year: 1980 },
      { key: 'b', name: 'Cosmos', year: 1980 },
      { key: 'c', name: 'Heat' },
    ])
    expect([...ids.values()]).toEqual(
      expect.arrayContaining(['mhmov-cosmos-1980', 'mhmov-cosmos-1980-2', 'mhmov-heat']),
    )
    expect(slugOf('Zoë Kravitz & Friends')).toBe('zoe-kravitz-and-friends')
    expect(mhidOf('Movie', 'x')).toHaveLength(44)
  })

  it('has release dates in Unix seconds: January 1 for films, the premiere for series', () => {
    expect(graph.byId('mhmov-gladiator')).toMatchObject({ releaseDate: 946684800 })
    const got = graph.media.find((m) => m.key === 'tvmaze:82')
    expect(got?.releaseDate).toBe(Date.UTC(2011, 3, 17) / 1000)
  })

  it('keeps directors and billing order as credits', () => {
    const gladiator = graph.byId('mhmov-gladiator')
    if (gladiator?.type !== 'Movie') throw new Error('no Gladiator')
    expect(gladiator.credits[0]).toMatchObject({
      contribution: 'Director',
      contributor: { name: 'Ridley Scott' },
    })
    const cast = gladiator.credits.filter((c) => c.contribution === 'Cast')
    expect(cast[0]?.contributor.name).toBe('Russell Crowe')
    expect(cast.map((c) => c.position)).toEqual(cast.map((_, i) => i))
  })

  it('synthesizes the providers with altIds and mapped source ids', () => {
    expect(graph.sources.map((s) => s.altId)).toEqual(
      expect.arrayContaining([
        'mhsrc-itunes',
        'mhsrc-googleplay',
        'mhsrc-vudu',
        'mhsrc-netflix',
        'mhsrc-hulu',
        'mhsrc-amazonprime',
        'mhsrc-hbogo',
      ]),
    )
    const itunes = graph.sources.find((s) => s.altId === 'mhsrc-itunes')
    const offer = itunes?.offers[0]
    expect(offer).toBeDefined()
    if (offer) expect(graph.byMappedId('itunes', offer.media.type, offer.sourceId)).toBe(offer.media)
    // The real hint of the data: Netflix shows stream on Netflix.
    const netflixShow = raw.series.find((s) => s.webChannel?.name === 'Netflix')
    const node = graph.media.find((m) => m.key === netflixShow?.id)
    expect(node?.offers.some((o) => o.source.altId === 'mhsrc-netflix')).toBe(true)
  })

  it('reports a malformed catalog with the path of the bad record', () => {
    let error: unknown
    try {
      checkCatalog({ movies: [{ id: 'x', title: 'X', year: 'nineteen', genres: [], cast: [] }], series: [] })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(HqlError)
    expect((error as HqlError).path).toEqual(['movies', 0, 'year'])
  })

  it('accepts a catalog without zod only where zod would accept it', () => {
    // The quick check skips zod for catalogs it passes; it must never pass one that zod refuses.
    expect(isRawCatalog(readRawDefault())).toBe(true)
    const sparse: string[] = []
    sparse[1] = 'a'
    const values: unknown[] = [
      undefined,
      null,
      '',
      'x',
      0,
      1.5,
      2 ** 60,
      NaN,
      Infinity,
      true,
      [],
      ['a'],
      [1],
      sparse,
      {},
      { name: 'n' },
      { average: null },
      { average: 7 },
      { average: 'x' },
      { imdb: 'tt1' },
      { imdb: 3 },
      { medium: 'm', original: 'o' },
      { medium: 'm' },
    ]
    const movie = { id: 'wp:X', title: 'X', year: 2000, genres: ['Drama'], cast: ['A B'] }
    const series = { id: 'tvmaze:1', name: 'S', genres: [] }
    const movieKeys = [...Object.keys(RawMovie.shape), 'other']
    const seriesKeys = [...Object.keys(RawSeries.shape), 'other']
    const episode = { id: 'tvmaze-episode:1', name: 'E', seriesId: 'tvmaze:1', season: 1, number: 1 }
    const episodeKeys = [...Object.keys(RawEpisode.shape), 'other']
    const cases: unknown[] = [
      null,
      [],
      { movies: [], series: {} },
      { movies: [null], series: [] },
      { movies: [], series: [], episodes: {} },
      { movies: [], series: [], episodes: [null] },
    ]
    for (const key of movieKeys)
      for (const value of values) cases.push({ movies: [{ ...movie, [key]: value }], series: [] })
    for (const key of seriesKeys)
      for (const value of values) cases.push({ movies: [], series: [{ ...series, [key]: value }] })
    for (const key of episodeKeys)
      for (const value of [...values, -1])
        cases.push({ movies: [], series: [series], episodes: [{ ...episode, [key]: value }] })
    let accepted = 0
    for (const input of cases) {
      if (!isRawCatalog(input)) continue
      accepted++
      expect(z.safeParse(RawCatalog, input).success, JSON.stringify(input)).toBe(true)
    }
    expect(accepted).toBeGreaterThan(50)
  })
})

function readRawDefault(): unknown {
  const read = (file: string): unknown => JSON.parse(readFileSync(join(defaultCatalogDir(), file), 'utf8'))
  return {
    movies: read('movies.json'),
    series: read('series.json'),
    episodes: read('series-episodes.json'),
  }
}
