import type {
  ContributorNode,
  Credit,
  GraphNode,
  ImageNode,
  MediaNode,
  Offer,
  Social,
  SourceNode,
  TraitNode,
} from '../graph/entities'
import { assignAltIds, mhidOf, slugOf } from './ids'
import { genreName, NameSpellings, personKey, plainText } from './names'
import type { RawCatalog, RawMovie, RawSeries } from './raw'
import {
  carries,
  channelSourceKey,
  informationLaunchInfo,
  launchInfoFor,
  mediumsFor,
  SOURCE_SPECS,
  sourceIdFor,
  sourceNode,
} from './sources'
import { synthesizeSocial, type SocialGraph, type UserSeed } from './social'

/** Everything the graph index is built from. */
export interface BuiltCatalog extends SocialGraph {
  readonly media: MediaNode[]
  readonly contributors: ContributorNode[]
  readonly traits: TraitNode[]
  readonly sources: SourceNode[]
  readonly images: ImageNode[]
  /** `msiName|type|sourceId` → media, for mapped source ids. */
  readonly mapped: Map<string, MediaNode>
}

export const emptySocial = (): Social => ({ likers: [], followers: [], collectedIn: [], mentions: 0 })

const utcSeconds = (year: number, month = 0, day = 1): number => Date.UTC(year, month, day) / 1000

function seriesReleaseDate(series: RawSeries): { seconds: number; year: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(series.premiered ?? '')
  if (!match) return { seconds: utcSeconds(1970), year: 1970 }
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  return { seconds: utcSeconds(y, m - 1, d), year: y }
}

/** Popularity signal of a film from the data: the selection rule's cast prominence (SOURCES.md). */
function castProminence(movie: RawMovie, creditsPerPerson: Map<string, number>): number {
  let sum = 0
  for (const name of movie.cast) {
    const key = personKey(name)
    if (key !== undefined) sum += Math.log1p(creditsPerPerson.get(key) ?? 0)
  }
  return sum
}

/** Ranks values to [0, 1): the share of records below, so films and series mix on one scale. */
function percentiles<T>(items: readonly T[], score: (item: T) => number): Map<T, number> {
  const scored = items.map((item) => ({ item, score: score(item) }))
  scored.sort((a, b) => a.score - b.score)
  return new Map(scored.map(({ item }, i) => [item, i / Math.max(1, scored.length)]))
}

/** Builds the graph from the raw catalog. Deterministic: the same catalog gives the same graph. */
export function buildCatalog(raw: RawCatalog, users: readonly UserSeed[]): BuiltCatalog {
  // People: one per slug, named by the most used spelling.
  const spellings = new NameSpellings()
  const creditsPerPerson = new Map<string, number>()
  const count = (name: string): void => {
    const key = personKey(name)
    if (key === undefined) return
    spellings.add(key, name)
    creditsPerPerson.set(key, (creditsPerPerson.get(key) ?? 0) + 1)
  }
  for (const movie of raw.movies) {
    for (const name of movie.cast) count(name)
    for (const name of movie.directors ?? []) count(name)
  }
  const personKeys = [...creditsPerPerson.keys()].sort()
  const personAltIds = assignAltIds(
    'Contributor',
    personKeys.map((key) => ({ key, name: spellings.displayName(key) })),
  )
  const contributors = new Map<string, ContributorNode>()
  for (const key of personKeys) {
    contributors.set(key, {
      type: 'Contributor',
      mhid: mhidOf('Contributor', key),
      altId: personAltIds.get(key) ?? `mhric-${key}`,
      name: spellings.displayName(key),
      popularity: 0,
      social: emptySocial(),
      credits: [],
    })
  }

  // Genres: one trait per name, TVmaze spellings folded into Wikipedia's.
  const genreNames = new Set<string>()
  for (const m of raw.movies) for (const g of m.genres) genreNames.add(genreName(g))
  for (const s of raw.series) for (const g of s.genres) genreNames.add(genreName(g))
  const traitAltIds = assignAltIds(
    'Trait',
    [...genreNames].map((name) => ({ key: name, name })),
  )
  const traits = new Map<string, TraitNode>()
  for (const name of [...genreNames].sort()) {
    traits.set(name, {
      type: 'Trait',
      mhid: mhidOf('Trait', name),
      altId: traitAltIds.get(name) ?? `mhgnr-${slugOf(name)}`,
      name,
      popularity: 0,
      social: emptySocial(),
      description: `Titles of the ${name} genre`,
      pluralName: name,
      subType: 'Genre',
      media: [],
    })
  }

  const images: ImageNode[] = []
  const movieAltIds = assignAltIds(
    'Movie',
    raw.movies.map((m) => ({ key: m.id, name: m.title, year: m.year })),
  )
  const prominence = percentiles(raw.movies, (m) => castProminence(m, creditsPerPerson))
  const media: MediaNode[] = []
  const rawOf = new Map<MediaNode, RawMovie | RawSeries>()
  for (const movie of raw.movies) {
    const image: ImageNode | undefined =
      movie.thumbnail == null
        ? undefined
        : {
            type: 'Image',
            mhid: mhidOf('Image', movie.thumbnail),
            name: `${movie.title} (${movie.year}) poster`,
            url: movie.thumbnail,
            width: movie.thumbnail_width ?? 0,
            height: movie.thumbnail_height ?? 0,
            isDefault: false,
          }
    if (image) images.push(image)
    const node: MediaNode = {
      type: 'Movie',
      key: movie.id,
      mhid: mhidOf('Movie', movie.id),
      altId: movieAltIds.get(movie.id) ?? `mhmov-${slugOf(movie.title)}`,
      name: movie.title,
      popularity: prominence.get(movie) ?? 0,
      social: emptySocial(),
      year: movie.year,
      releaseDate: utcSeconds(movie.year),
      description: movie.extract ?? '',
      credits: [],
      traits: uniqueTraits(movie.genres, traits),
      image,
      offers: [],
    }
    const credit = (names: readonly string[], contribution: Credit['contribution']): void => {
      // A film's cast is a few names: an array scan beats a Set made per film.
      const seen: string[] = []
      for (const name of names) {
        const key = personKey(name)
        const contributor = key === undefined ? undefined : contributors.get(key)
        if (key === undefined || contributor === undefined || seen.includes(key)) continue
        seen.push(key)
        const c: Credit = { media: node, contributor, contribution, position: seen.length - 1 }
        node.credits.push(c)
        contributor.credits.push(c)
      }
    }
    credit(movie.directors ?? [], 'Director')
    credit(movie.cast, 'Cast')
    media.push(node)
    rawOf.set(node, movie)
  }

  const seriesDates = new Map(raw.series.map((s) => [s, seriesReleaseDate(s)]))
  const seriesAltIds = assignAltIds(
    'ShowSeries',
    raw.series.map((s) => ({ key: s.id, name: s.name, year: seriesDates.get(s)?.year })),
  )
  const seriesScore = percentiles(raw.series, (s) => (s.weight ?? 0) + (s.rating?.average ?? 0))
  for (const series of raw.series) {
    const date = seriesDates.get(series) ?? { seconds: 0, year: 1970 }
    const image: ImageNode | undefined = series.image
      ? {
          type: 'Image',
          mhid: mhidOf('Image', series.image.original),
          name: `${series.name} poster`,
          // TVmaze publishes the original's size nowhere in this data; its posters are 680×1000.
          url: series.image.original,
          width: 680,
          height: 1000,
          isDefault: false,
          medium: { url: series.image.medium, width: 210, height: 295 },
        }
      : undefined
    if (image) images.push(image)
    const node: MediaNode = {
      type: 'ShowSeries',
      key: series.id,
      mhid: mhidOf('ShowSeries', series.id),
      altId: seriesAltIds.get(series.id) ?? `mhsss-${slugOf(series.name)}`,
      name: series.name,
      popularity: seriesScore.get(series) ?? 0,
      social: emptySocial(),
      year: date.year,
      releaseDate: date.seconds,
      description: plainText(series.summary ?? ''),
      credits: [],
      traits: uniqueTraits(series.genres, traits),
      image,
      offers: [],
    }
    media.push(node)
    rawOf.set(node, series)
  }
  for (const node of media) for (const trait of node.traits) trait.media.push(node)

  const { sources, mapped } = synthesizeOffers(media, rawOf)
  const social = synthesizeSocial({
    media,
    contributors: [...contributors.values()],
    traits: [...traits.values()],
    sources,
    users,
  })
  // Popularity of everything that is not media: how much of it is liked, followed or collected.
  const others: GraphNode[] = [...contributors.values(), ...traits.values(), ...sources]
  for (const node of others) node.popularity = 0
  for (const c of contributors.values()) {
    let sum = 0
    for (const credit of c.credits) sum += credit.media.popularity
    c.popularity = sum / 1000
  }
  for (const node of [...media, ...others, ...social.collections, ...social.users])
    node.popularity += node.social.likers.length + node.social.followers.length

  return {
    media,
    contributors: [...contributors.values()],
    traits: [...traits.values()],
    sources,
    images,
    mapped,
    ...social,
  }
}

function uniqueTraits(genres: readonly string[], traits: Map<string, TraitNode>): TraitNode[] {
  const out: TraitNode[] = []
  for (const g of genres) {
    const trait = traits.get(genreName(g))
    if (trait && !out.includes(trait)) out.push(trait)
  }
  return out
}

function synthesizeOffers(
  media: readonly MediaNode[],
  rawOf: Map<MediaNode, RawMovie | RawSeries>,
): { sources: SourceNode[]; mapped: Map<string, MediaNode> } {
  const mapped = new Map<string, MediaNode>()
  const sources = SOURCE_SPECS.map(sourceNode)
  SOURCE_SPECS.forEach((spec, i) => {
    const source = sources[i] as SourceNode
    const taken = new Set<string>()
    for (const node of media) {
      const raw = rawOf.get(node)
      let offer: Offer | undefined
      if (spec.kind === 'information') {
        const info = informationOffer(spec.key, node, raw)
        if (info)
          offer = {
            source,
            media: node,
            sourceId: info.sourceId,
            mediums: undefined,
            launchInfo: informationLaunchInfo(info.sourceId, info.url),
          }
      } else {
        const series = node.type === 'ShowSeries' ? (raw as RawSeries | undefined) : undefined
        const channel = series
          ? (channelSourceKey(series.webChannel?.name) ?? channelSourceKey(series.network?.name))
          : undefined
        if (carries(spec, node, channel)) {
          const sourceId = sourceIdFor(spec, node, taken)
          const launchInfo = launchInfoFor(spec, sourceId)
          offer = { source, media: node, sourceId, mediums: mediumsFor(spec, node, launchInfo), launchInfo }
        }
      }
      if (!offer) continue
      node.offers.push(offer)
      source.offers.push(offer)
      mapped.set(`${spec.msiName.toLowerCase()}|${node.type}|${offer.sourceId}`, node)
    }
  })
  return { sources, mapped }
}

function informationOffer(
  key: string,
  node: MediaNode,
  raw: RawMovie | RawSeries | undefined,
): { sourceId: string; url: string } | undefined {
  if (raw === undefined) return undefined
  if (key === 'wikipedia' && node.type === 'Movie' && 'href' in raw && typeof raw.href === 'string')
    return { sourceId: raw.href, url: `https://en.wikipedia.org/wiki/${raw.href}` }
  const imdb = node.type === 'ShowSeries' ? (raw as RawSeries).externals?.imdb : undefined
  if (key === 'imdb' && typeof imdb === 'string')
    return { sourceId: imdb, url: `https://www.imdb.com/title/${imdb}/` }
  if (key === 'tvmaze' && 'tvmazeId' in raw && typeof raw.tvmazeId === 'number')
    return {
      sourceId: String(raw.tvmazeId),
      url: typeof raw.url === 'string' ? raw.url : `https://www.tvmaze.com/shows/${raw.tvmazeId}`,
    }
  return undefined
}
