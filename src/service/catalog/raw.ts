import * as z from 'zod/mini'

/**
 * The shapes of the sample catalog's records, as far as the service reads them (SOURCES.md describes the
 * files). Loose objects: the records carry more fields than the service uses, and those are kept as they are.
 * A catalog handed to `createService({ catalog })` is checked against these, so a malformed record is reported
 * with its index instead of surfacing later as a broken answer.
 */
export const RawMovie = z.looseObject({
  id: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  year: z.int(),
  genres: z.array(z.string()),
  cast: z.array(z.string()),
  directors: z.nullish(z.array(z.string())),
  listNotes: z.nullish(z.string()),
  extract: z.nullish(z.string()),
  thumbnail: z.nullish(z.string()),
  thumbnail_width: z.nullish(z.number()),
  thumbnail_height: z.nullish(z.number()),
  href: z.nullish(z.string()),
})
export type RawMovie = z.infer<typeof RawMovie>

const Channel = z.nullable(z.looseObject({ name: z.string() }))

export const RawSeries = z.looseObject({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  genres: z.array(z.string()),
  premiered: z.nullable(z.optional(z.string())),
  summary: z.nullable(z.optional(z.string())),
  rating: z.optional(z.looseObject({ average: z.nullable(z.number()) })),
  weight: z.optional(z.number()),
  network: z.optional(Channel),
  webChannel: z.optional(Channel),
  externals: z.optional(z.looseObject({ imdb: z.nullable(z.optional(z.string())) })),
  image: z.nullable(z.optional(z.looseObject({ medium: z.string(), original: z.string() }))),
  tvmazeId: z.optional(z.number()),
  url: z.optional(z.string()),
})
export type RawSeries = z.infer<typeof RawSeries>

const Still = z.nullable(z.optional(z.looseObject({ medium: z.string(), original: z.string() })))

/** A TVmaze episode (series-episodes.json); `seriesId` is the `id` of its series in series.json. */
export const RawEpisode = z.looseObject({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  seriesId: z.string().check(z.minLength(1)),
  season: z.int().check(z.nonnegative()),
  // TVmaze numbers specials null.
  number: z.nullable(z.int()),
  airdate: z.nullish(z.string()),
  image: Still,
  summary: z.nullish(z.string()),
  tvmazeId: z.optional(z.number()),
  url: z.optional(z.string()),
})
export type RawEpisode = z.infer<typeof RawEpisode>

/** The raw catalog: films, TV series, and episodes of some of the series (optional: older catalogs lack them). */
export const RawCatalog = z.object({
  movies: z.array(RawMovie),
  series: z.array(RawSeries),
  episodes: z.optional(z.array(RawEpisode)),
})
export type RawCatalog = z.infer<typeof RawCatalog>

/**
 * The schemas above as plain checks, at most as permissive (zod's `z.number()` refuses NaN and infinities,
 * `z.int()` unsafe integers; so does this). Parsing the shipped catalog with zod copies every record and
 * costs a good share of start-up; a catalog that passes here is one zod accepts unchanged, and one that does
 * not goes through zod, which finds the error and reports its path.
 */
export function isRawCatalog(input: unknown): input is RawCatalog {
  if (!isRecord(input) || !Array.isArray(input.movies) || !Array.isArray(input.series)) return false
  for (const m of input.movies as unknown[]) if (!isRawMovie(m)) return false
  for (const s of input.series as unknown[]) if (!isRawSeries(s)) return false
  if (input.episodes === undefined) return true
  if (!Array.isArray(input.episodes)) return false
  for (const e of input.episodes as unknown[]) if (!isRawEpisode(e)) return false
  return true
}

type Loose = Record<string, unknown>
const isRecord = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v)
const isName = (v: unknown): boolean => typeof v === 'string' && v.length > 0
const isNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v)
function isStrings(v: unknown): boolean {
  if (!Array.isArray(v)) return false
  // Indexed, not every(): every() skips the holes of a sparse array, which zod refuses as undefined.
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false
  return true
}
const isNullish = (v: unknown): boolean => v === undefined || v === null
const isChannel = (v: unknown): boolean => v === null || (isRecord(v) && typeof v.name === 'string')

function isRawMovie(m: unknown): boolean {
  return (
    isRecord(m) &&
    isName(m.id) &&
    isName(m.title) &&
    Number.isSafeInteger(m.year) &&
    isStrings(m.genres) &&
    isStrings(m.cast) &&
    (isNullish(m.directors) || isStrings(m.directors)) &&
    (isNullish(m.listNotes) || typeof m.listNotes === 'string') &&
    (isNullish(m.extract) || typeof m.extract === 'string') &&
    (isNullish(m.thumbnail) || typeof m.thumbnail === 'string') &&
    (isNullish(m.thumbnail_width) || isNumber(m.thumbnail_width)) &&
    (isNullish(m.thumbnail_height) || isNumber(m.thumbnail_height)) &&
    (isNullish(m.href) || typeof m.href === 'string')
  )
}

function isRawSeries(s: unknown): boolean {
  return (
    isRecord(s) &&
    isName(s.id) &&
    isName(s.name) &&
    isStrings(s.genres) &&
    (isNullish(s.premiered) || typeof s.premiered === 'string') &&
    (isNullish(s.summary) || typeof s.summary === 'string') &&
    (s.rating === undefined ||
      (isRecord(s.rating) && (s.rating.average === null || isNumber(s.rating.average)))) &&
    (s.weight === undefined || isNumber(s.weight)) &&
    (s.network === undefined || isChannel(s.network)) &&
    (s.webChannel === undefined || isChannel(s.webChannel)) &&
    (s.externals === undefined ||
      (isRecord(s.externals) && (isNullish(s.externals.imdb) || typeof s.externals.imdb === 'string'))) &&
    (isNullish(s.image) ||
      (isRecord(s.image) && typeof s.image.medium === 'string' && typeof s.image.original === 'string')) &&
    (s.tvmazeId === undefined || isNumber(s.tvmazeId)) &&
    (s.url === undefined || typeof s.url === 'string')
  )
}

function isRawEpisode(e: unknown): boolean {
  return (
    isRecord(e) &&
    isName(e.id) &&
    isName(e.name) &&
    isName(e.seriesId) &&
    Number.isSafeInteger(e.season) &&
    (e.season as number) >= 0 &&
    (e.number === null || Number.isSafeInteger(e.number)) &&
    (isNullish(e.airdate) || typeof e.airdate === 'string') &&
    (isNullish(e.image) ||
      (isRecord(e.image) && typeof e.image.medium === 'string' && typeof e.image.original === 'string')) &&
    (isNullish(e.summary) || typeof e.summary === 'string') &&
    (e.tvmazeId === undefined || isNumber(e.tvmazeId)) &&
    (e.url === undefined || typeof e.url === 'string')
  )
}
