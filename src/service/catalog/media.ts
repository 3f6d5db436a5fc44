import type { Credit, ImageNode, MediaNode, TraitNode } from '../graph/entities'
import { emptySocial } from './empty-social'
import { uniqueTraits } from './genres'
import { assignAltIds, mhidOf, slugOf } from './ids'
import type { FilmCredits } from './catalog-index'
import type { Person } from './contributors'
import { plainText } from './names'
import type { RawMovie, RawSeries } from './raw'

/**
 * The titles built so far, in the data's order (films, then series), with their posters and the raw record of
 * each: offers are synthesized from the raw records after every title exists.
 */
export interface Titles {
  readonly media: MediaNode[]
  readonly images: ImageNode[]
  readonly rawOf: Map<MediaNode, RawMovie | RawSeries>
}

export const noTitles = (): Titles => ({ media: [], images: [], rawOf: new Map() })

/**
 * What a title's record alone (and, for films, the cast's credit counts) decides about it: its mhid, altId, the
 * data's popularity signal, and its poster's mhid (null without a poster). Two SHA-512 digests, a slug and a
 * rank per title, so the shipped catalog carries them (catalog-index.ts), films first, then series.
 */
export type TitleRow = readonly [mhid: string, altId: string, popularity: number, image: string | null]

export const utcSeconds = (year: number, month = 0, day = 1): number => Date.UTC(year, month, day) / 1000

/**
 * Adds the films, credited to their directors and cast (`credits`, places in `persons`: catalog-index.ts): the
 * credits are what links films and people in both directions, so they are made here, once each contributor
 * exists. `rows` are the films' {@link TitleRow}s (the catalog index's, or `movieRows`).
 */
export function addMovies(
  movies: readonly RawMovie[],
  persons: readonly Person[],
  credits: readonly FilmCredits[],
  traits: Map<string, TraitNode>,
  into: Titles,
  rows: readonly TitleRow[],
): void {
  for (let i = 0; i < movies.length; i++) {
    const movie = movies[i] as RawMovie
    const [mhid, altId, popularity, imageMhid] = rows[i] ?? missingRow(movie.id)
    const image = moviePoster(movie, imageMhid)
    if (image) into.images.push(image)
    const node: MediaNode = {
      type: 'Movie',
      key: movie.id,
      mhid,
      altId,
      name: movie.title,
      popularity,
      social: emptySocial(),
      year: movie.year,
      releaseDate: utcSeconds(movie.year),
      description: movie.extract ?? '',
      credits: [],
      traits: uniqueTraits(movie.genres, traits),
      image,
      offers: [],
    }
    const film = credits[i] ?? missingRow(movie.id)
    credit(node, film[0], 'Director', persons)
    credit(node, film[1], 'Cast', persons)
    into.media.push(node)
    into.rawOf.set(node, movie)
  }
}

/**
 * The films' {@link TitleRow}s, in the data's order. `spellings` is each spelling's place in `persons`
 * (`derivePeople`): a film's signal sums its cast's entries, a person listed twice counted twice.
 */
export function movieRows(
  movies: readonly RawMovie[],
  persons: readonly Person[],
  spellings: ReadonlyMap<string, number>,
): TitleRow[] {
  const movieAltIds = assignAltIds(
    'Movie',
    movies.map((m) => ({ key: m.id, name: m.title, year: m.year })),
  )
  const personOf = (name: string): Person | undefined => persons[spellings.get(name) ?? -1]
  const prominence = percentiles(movies, (m) => castProminence(m, personOf))
  return movies.map((movie) => [
    mhidOf('Movie', movie.id),
    movieAltIds.get(movie.id) ?? `mhmov-${slugOf(movie.title)}`,
    prominence.get(movie) ?? 0,
    movie.thumbnail == null ? null : mhidOf('Image', movie.thumbnail),
  ])
}

/** A row for every title is there by construction (derived, or an index checked to have one per title). */
function missingRow(key: string): never {
  throw new Error(`titles: no identity row for ${key}`)
}

/** A film's poster, when the data has one (Wikipedia gives its size). */
function moviePoster(movie: RawMovie, mhid: string | null): ImageNode | undefined {
  if (movie.thumbnail == null || mhid === null) return undefined
  return {
    type: 'Image',
    mhid,
    name: `${movie.title} (${movie.year}) poster`,
    url: movie.thumbnail,
    width: movie.thumbnail_width ?? 0,
    height: movie.thumbnail_height ?? 0,
    isDefault: false,
  }
}

/** Credits each person at `places` (in `persons`), in that order (the position), on both the film and the person. */
function credit(
  node: MediaNode,
  places: readonly number[],
  contribution: Credit['contribution'],
  persons: readonly Person[],
): void {
  for (let i = 0; i < places.length; i++) {
    const person = persons[places[i] as number] as Person
    const c: Credit = { media: node, contributor: person.contributor, contribution, position: i }
    node.credits.push(c)
    person.contributor.credits.push(c)
  }
}

/**
 * Adds the series: TVmaze names no people, so series have no credits, and their dates come from `premiered`.
 * Returns the {@link TitleRow}s it used.
 */
export function addSeries(
  seriesList: readonly RawSeries[],
  traits: Map<string, TraitNode>,
  into: Titles,
  rows: readonly TitleRow[] = seriesRows(seriesList),
): readonly TitleRow[] {
  for (let i = 0; i < seriesList.length; i++) {
    const series = seriesList[i] as RawSeries
    const [mhid, altId, popularity, imageMhid] = rows[i] ?? missingRow(series.id)
    const date = seriesReleaseDate(series)
    const image = seriesPoster(series, imageMhid)
    if (image) into.images.push(image)
    const node: MediaNode = {
      type: 'ShowSeries',
      key: series.id,
      mhid,
      altId,
      name: series.name,
      popularity,
      social: emptySocial(),
      year: date.year,
      releaseDate: date.seconds,
      description: plainText(series.summary ?? ''),
      credits: [],
      traits: uniqueTraits(series.genres, traits),
      image,
      offers: [],
    }
    into.media.push(node)
    into.rawOf.set(node, series)
  }
  return rows
}

/** The series' {@link TitleRow}s, in the data's order. */
export function seriesRows(seriesList: readonly RawSeries[]): TitleRow[] {
  const seriesAltIds = assignAltIds(
    'ShowSeries',
    seriesList.map((s) => ({ key: s.id, name: s.name, year: seriesReleaseDate(s).year })),
  )
  const seriesScore = percentiles(seriesList, (s) => (s.weight ?? 0) + (s.rating?.average ?? 0))
  return seriesList.map((series) => [
    mhidOf('ShowSeries', series.id),
    seriesAltIds.get(series.id) ?? `mhsss-${slugOf(series.name)}`,
    seriesScore.get(series) ?? 0,
    series.image ? mhidOf('Image', series.image.original) : null,
  ])
}

/** A series' poster, when the data has one, with TVmaze's medium rendition. */
function seriesPoster(series: RawSeries, mhid: string | null): ImageNode | undefined {
  if (!series.image || mhid === null) return undefined
  return {
    type: 'Image',
    mhid,
    name: `${series.name} poster`,
    // TVmaze publishes the original's size nowhere in this data; its posters are 680×1000.
    url: series.image.original,
    width: 680,
    height: 1000,
    isDefault: false,
    medium: { url: series.image.medium, width: 210, height: 295 },
  }
}

function seriesReleaseDate(series: RawSeries): { seconds: number; year: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(series.premiered ?? '')
  if (!match) return { seconds: utcSeconds(1970), year: 1970 }
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  return { seconds: utcSeconds(y, m - 1, d), year: y }
}

/** Popularity signal of a film from the data: the selection rule's cast prominence (SOURCES.md). */
function castProminence(movie: RawMovie, personOf: (name: string) => Person | undefined): number {
  let sum = 0
  for (const name of movie.cast) {
    const person = personOf(name)
    if (person !== undefined) sum += Math.log1p(person.credits)
  }
  return sum
}

/** Ranks values to [0, 1): the share of records below, so films and series mix on one scale. */
function percentiles<T>(items: readonly T[], score: (item: T) => number): Map<T, number> {
  const scored = items.map((item) => ({ item, score: score(item) }))
  scored.sort((a, b) => a.score - b.score)
  return new Map(scored.map(({ item }, i) => [item, i / Math.max(1, scored.length)]))
}
