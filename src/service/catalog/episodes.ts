import { HqlError } from '../../model/errors'
import type { ImageNode, MediaNode } from '../graph/entities'
import { emptySocial } from './empty-social'
import { assignAltIds, mhidOf, slugOf } from './ids'
import { utcSeconds } from './media'
import { plainText } from './names'
import type { RawEpisode } from './raw'

/**
 * The episodes of the data (series-episodes.json) and the seasons they make up. What the data gives, each
 * takes: an episode its name, air date, summary and still; a season the episodes that share its series and
 * number. The data names no people and no genres per episode, and no provider carries an episode, so their
 * credits, traits and offers are empty (the components answer empty lists), and with no signal of their own
 * their popularity is 0 (the default order falls back to the mhid). Nothing links an episode to its season or
 * series in the component catalogue, so the link shows only in names and altIds.
 */
export interface Episodic {
  /** Seasons and episodes, by series id and season number: each season, then its episodes in order. */
  readonly nodes: MediaNode[]
  readonly images: ImageNode[]
}

interface Season {
  readonly key: string
  readonly series: MediaNode
  readonly number: number
  readonly episodes: { readonly raw: RawEpisode; readonly index: number }[]
}

/** Builds the seasons and episodes of the series in `seriesByKey`; an episode of an unknown series is an error. */
export function episodicOf(episodes: readonly RawEpisode[], seriesByKey: Map<string, MediaNode>): Episodic {
  const seasons = new Map<string, Season>()
  episodes.forEach((raw, index) => {
    const series = seriesByKey.get(raw.seriesId)
    if (series === undefined)
      throw new HqlError('catalog_invalid', `no series with id ${JSON.stringify(raw.seriesId)}`, {
        path: ['episodes', index, 'seriesId'],
      })
    const key = seasonKey(raw)
    const season = seasons.get(key)
    if (season) season.episodes.push({ raw, index })
    else seasons.set(key, { key, series, number: raw.season, episodes: [{ raw, index }] })
  })
  const ordered = [...seasons.values()].sort(
    (a, b) => (a.series.key < b.series.key ? -1 : a.series.key > b.series.key ? 1 : 0) || a.number - b.number,
  )
  for (const season of ordered)
    season.episodes.sort((a, b) => episodeOrder(a.raw, b.raw) || a.index - b.index)

  const seasonAltIds = assignAltIds(
    'ShowSeason',
    ordered.map((s) => ({ key: s.key, name: seasonName(s) })),
  )
  const episodeAltIds = assignAltIds(
    'ShowEpisode',
    ordered.flatMap((s) => s.episodes.map(({ raw }) => ({ key: raw.id, name: episodeSlugName(s, raw) }))),
  )
  const nodes: MediaNode[] = []
  const images: ImageNode[] = []
  for (const season of ordered) {
    const days = season.episodes.map(({ raw }) => airDay(raw, season.series))
    const [first = airDay(undefined, season.series)] = days
    const seasonAltId = seasonAltIds.get(season.key) ?? `mhssn-${slugOf(seasonName(season))}`
    nodes.push(
      node('ShowSeason', season.key, seasonAltId, seasonName(season), first, seasonSummary(season, days)),
    )
    season.episodes.forEach(({ raw }, i) => {
      const image = episodeStill(season, raw)
      if (image) images.push(image)
      const altId = episodeAltIds.get(raw.id) ?? `mhsep-${slugOf(episodeSlugName(season, raw))}`
      const day = days[i] ?? first
      nodes.push(node('ShowEpisode', raw.id, altId, raw.name, day, plainText(raw.summary ?? ''), image))
    })
  }
  return { nodes, images }
}

interface Day {
  readonly seconds: number
  readonly year: number
  readonly text: string
}

function node(
  type: 'ShowSeason' | 'ShowEpisode',
  key: string,
  altId: string,
  name: string,
  day: Day,
  description: string,
  image?: ImageNode,
): MediaNode {
  return {
    type,
    key,
    mhid: mhidOf(type, key),
    altId,
    name,
    popularity: 0,
    social: emptySocial(),
    year: day.year,
    releaseDate: day.seconds,
    description,
    credits: [],
    traits: [],
    image,
    offers: [],
  }
}

const seasonKey = (raw: RawEpisode): string => `${raw.seriesId}#season-${raw.season}`
const seasonName = (season: Season): string => `${season.series.name} Season ${season.number}`
const pad = (n: number): string => String(n).padStart(2, '0')

/** `Game of Thrones S01E01 Winter is Coming`: the altId's slug (`mhsep-game-of-thrones-s01e01-winter-is-coming`). */
function episodeSlugName(season: Season, raw: RawEpisode): string {
  const number = raw.number === null ? 'special' : `E${pad(raw.number)}`
  return `${season.series.name} S${pad(season.number)}${number} ${raw.name}`
}

/** Numbered episodes in order, specials (number null) after them. */
function episodeOrder(a: RawEpisode, b: RawEpisode): number {
  return (a.number ?? Number.MAX_SAFE_INTEGER) - (b.number ?? Number.MAX_SAFE_INTEGER)
}

/** The air date at midnight UTC; an episode without one takes its series' premiere. */
function airDay(raw: RawEpisode | undefined, series: MediaNode): Day {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw?.airdate ?? '')
  if (!match) return { seconds: series.releaseDate, year: series.year, text: 'an unknown day' }
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  return { seconds: utcSeconds(y, m - 1, d), year: y, text: match[0] }
}

function seasonSummary(season: Season, days: readonly Day[]): string {
  const count = season.episodes.length
  const first = days[0]?.text
  const last = days[days.length - 1]?.text
  const span = first === last ? `aired ${first}` : `aired ${first} to ${last}`
  return `Season ${season.number} of ${season.series.name}: ${count} episode${count === 1 ? '' : 's'}, ${span}.`
}

/** An episode's still: TVmaze publishes the original and a 250×140 medium rendition, sizes of the original unknown. */
function episodeStill(season: Season, raw: RawEpisode): ImageNode | undefined {
  if (!raw.image) return undefined
  return {
    type: 'Image',
    mhid: mhidOf('Image', raw.image.original),
    name: `${episodeSlugName(season, raw)} still`,
    url: raw.image.original,
    width: 0,
    height: 0,
    isDefault: false,
    medium: { url: raw.image.medium, width: 250, height: 140 },
  }
}
