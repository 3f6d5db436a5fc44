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

/** The raw catalog: films and TV series. */
export const RawCatalog = z.object({
  movies: z.array(RawMovie),
  series: z.array(RawSeries),
})
export type RawCatalog = z.infer<typeof RawCatalog>
