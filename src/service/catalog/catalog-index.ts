import type { EditorialEntry } from './collections'
import type { TitleRow } from './media'
import type { TasteRow } from './tastes'
import type { OfferPlan } from './offers'
import { SOURCE_SPECS } from './sources'
import { contributorKindOf } from './contributor-kinds'
import { assignAltIds, CONTRIBUTOR_PREFIX, mhidOf, PREFIX } from './ids'
import { creditedName, directorsOf } from './credits'
import { NameSpellings, personKey } from './names'
import type { RawCatalog } from './raw'

/**
 * What the catalog's files alone decide and a fresh start-up spent most of its time deriving: the films' people
 * (~10,000 spellings slugged, counted and sorted, their altIds resolved and their SHA-512 mhids drawn) and each
 * film's credits among them (the directors of some read from the film's lead), the titles' ids, altIds and
 * popularity signal (SHA-512 digests, slugs, ranks), the editorial collections' plan (every genre and decade
 * ranked, a decade's cast counted, the directors found), which titles each store or service carries under which
 * id (a seeded draw per source and title), and the own draws of the users the service makes itself (the demo user
 * and the synthetic ones: likes, follows, collections; tastes.ts).
 * The shipped catalog carries it in catalog-index.json, written by `npx tsx scripts/write-catalog-index.ts`
 * (test/service/catalog-index.test.ts fails when it is out of date) and sealed with the SHA-256 of the catalog
 * files it was derived from, its own text and the derivation's version (catalog/load.ts): a folder whose files
 * differ, whose index was edited or written by another version, or that has none, derives it all at start-up as
 * before. Nothing here depends on the users a caller configures: a row is a username's draws from this catalog,
 * and any other user's are drawn at start-up.
 */
export interface CatalogIndex extends PeopleRows {
  /** Its seal: SHA-256 (hex) of the derivation's version, the catalog files and the index's text (`indexSeal`, catalog/load.ts). */
  readonly catalog: string
  /** The editorial collections, in order (`planEditorial`). */
  readonly editorial: readonly EditorialEntry[]
  /** Per title, films then series: mhid, altId, the data's popularity signal, poster mhid (`movieRows`). */
  readonly titles: readonly TitleRow[]
  /** The stores' and services' offers (`planOffers`). */
  readonly offers: OfferPlan
  /** The own draws of the users the service makes (demo, synthetic), decided by the catalog (`serviceUsersTastes`). */
  readonly tastes: readonly TasteRow[]
}

/** The films' people: each person in key order, and each film's credits as places among them. */
export interface PeopleRows {
  /** Per person, in key order: key, shown name, mhid, altId, credits in the films. */
  readonly people: readonly (readonly [string, string, string, string, number])[]
  /** Per film, in the data's order: its directors' and its cast's places in `people` ({@link FilmCredits}). */
  readonly credits: readonly FilmCredits[]
}

/**
 * A film's directors and cast as places in the people, in the data's order (the billing), each person once per
 * list: entries that name nobody are left out, and two spellings of one person in a list are one credit.
 */
export type FilmCredits = readonly [directors: readonly number[], cast: readonly number[]]

/**
 * The version of what the index holds and how it is derived, part of its seal: raise it with any change to
 * either, so that an index an earlier version wrote into a folder is derived afresh, not trusted.
 */
export const CATALOG_INDEX_VERSION = 3

/** The file of a catalog folder that holds its {@link CatalogIndex}. */
export const CATALOG_INDEX_FILE = 'catalog-index.json'

/**
 * Derives the people of a catalog's films, what the catalog's index holds of them, and which person each
 * spelling the films use names (its place in `people`): the films' popularity signal reads that (movieRows).
 */
export function derivePeople(
  raw: RawCatalog,
): PeopleRows & { readonly spellings: ReadonlyMap<string, number> } {
  // Uses per spelling first: some 10,000 spellings for many more credits, so a person key is derived once
  // per spelling, not once per credit.
  const uses = new Map<string, number>()
  const count = (names: readonly string[]): void => {
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string
      uses.set(name, (uses.get(name) ?? 0) + 1)
    }
  }
  for (let i = 0; i < raw.movies.length; i++) {
    const movie = raw.movies[i] as RawCatalog['movies'][number]
    count(movie.cast)
    count(directorsOf(movie))
  }
  const spellings = new NameSpellings()
  const creditsPerPerson = new Map<string, number>()
  const keyOf = new Map<string, string>()
  for (const [name, times] of uses) {
    // A fragment of a credit ("(voice of)", "5 directors") names nobody; a note is not part of a name (credits.ts).
    const credited = creditedName(name)
    const key = credited === undefined ? undefined : personKey(credited)
    if (credited === undefined || key === undefined) continue
    keyOf.set(name, key)
    for (let use = 0; use < times; use++) spellings.add(key, credited)
    creditsPerPerson.set(key, (creditsPerPerson.get(key) ?? 0) + times)
  }
  const personKeys = [...creditsPerPerson.keys()].sort()
  // A person key is the slug of each of the person's spellings (names.ts), so of the one shown too.
  const names = personKeys.map((key) => ({ key, name: spellings.displayName(key), slug: key }))
  const personAltIds = assignAltIds('Contributor', names)
  const placeOf = new Map<string, number>()
  const people = names.map(({ key, name }, i): PeopleRows['people'][number] => {
    placeOf.set(key, i)
    // A group or a character keeps the person's altId with its own prefix: unique among people, so among its kind.
    const prefix = CONTRIBUTOR_PREFIX[contributorKindOf(key)]
    const altId = personAltIds.get(key) ?? `${PREFIX.Contributor}-${key}`
    return [
      key,
      name,
      mhidOf('Contributor', key, prefix),
      prefix + altId.slice(PREFIX.Contributor.length),
      creditsPerPerson.get(key) ?? 0,
    ]
  })
  const spellingPlaces = new Map<string, number>()
  for (const [name, key] of keyOf) spellingPlaces.set(name, placeOf.get(key) ?? -1)
  const placesOf = (names: readonly string[]): number[] => {
    const places: number[] = []
    for (let i = 0; i < names.length; i++) {
      const at = spellingPlaces.get(names[i] as string)
      if (at !== undefined && !places.includes(at)) places.push(at)
    }
    return places
  }
  const credits = raw.movies.map((movie): FilmCredits => [placesOf(directorsOf(movie)), placesOf(movie.cast)])
  return { people, credits, spellings: spellingPlaces }
}

/**
 * `json` as the index of a catalog with `films` films and `titles` titles (films and series), if it names `seal`
 * and is well formed: its places within the catalog's titles, people, collections and sources. The seal
 * (catalog/load.ts) already holds it to what the derivation wrote for these files; the form is checked as well,
 * so that no file, however it came to pass the seal, can send the build out of its lists.
 */
export function catalogIndexFrom(
  json: unknown,
  seal: string,
  films: number,
  titles: number,
): CatalogIndex | undefined {
  if (typeof json !== 'object' || json === null) return undefined
  const {
    catalog,
    people,
    credits,
    editorial,
    offers,
    tastes,
    titles: rows,
  } = json as Partial<Record<keyof CatalogIndex, unknown>>
  if (
    catalog !== seal ||
    !Array.isArray(people) ||
    !Array.isArray(credits) ||
    credits.length !== films ||
    !Array.isArray(editorial) ||
    !isOfferPlan(offers, titles) ||
    !areTitleRows(rows, titles) ||
    !Array.isArray(tastes)
  )
    return undefined
  const isPlace = (at: unknown, below: number): boolean =>
    Number.isInteger(at) && (at as number) >= 0 && (at as number) < below
  for (const row of people as unknown[])
    if (
      !Array.isArray(row) ||
      row.length !== 5 ||
      typeof row[0] !== 'string' ||
      typeof row[1] !== 'string' ||
      typeof row[2] !== 'string' ||
      typeof row[3] !== 'string' ||
      typeof row[4] !== 'number'
    )
      return undefined
  const placesBelow = (list: unknown, below: number): boolean =>
    Array.isArray(list) && list.every((at) => isPlace(at, below))
  for (const row of credits as unknown[])
    if (
      !Array.isArray(row) ||
      row.length !== 2 ||
      !placesBelow(row[0], people.length) ||
      !placesBelow(row[1], people.length)
    )
      return undefined
  for (let i = 0; i < editorial.length; i++) {
    const row: unknown = editorial[i]
    if (!Array.isArray(row) || row.length !== 5 || !row.slice(0, 3).every((s) => typeof s === 'string'))
      return undefined
    const below =
      row[3] === 'media'
        ? titles
        : row[3] === 'contributors'
          ? people.length
          : row[3] === 'editorial'
            ? i
            : -1
    if (below < 0 || !Array.isArray(row[4]) || !row[4].every((at) => isPlace(at, below))) return undefined
  }
  const sources = SOURCE_SPECS.length
  const isPlan = (plan: unknown): boolean => {
    if (!Array.isArray(plan) || plan.length !== 5) return false
    const [favourites, wishes, wishedEditorial, watched, queue] = plan as unknown[]
    return (
      (favourites === null ||
        (Array.isArray(favourites) &&
          favourites.length === 3 &&
          placesBelow(favourites[0], titles) &&
          typeof favourites[1] === 'boolean' &&
          typeof favourites[2] === 'boolean')) &&
      placesBelow(wishes, titles) &&
      placesBelow(wishedEditorial, editorial.length) &&
      placesBelow(watched, titles) &&
      placesBelow(queue, titles)
    )
  }
  for (const row of tastes as unknown[])
    if (
      !Array.isArray(row) ||
      row.length !== 7 ||
      typeof row[0] !== 'string' ||
      !placesBelow(row[1], titles) ||
      !placesBelow(row[2], titles) ||
      !placesBelow(row[3], people.length) ||
      !placesBelow(row[4], people.length) ||
      !placesBelow(row[5], sources) ||
      !isPlan(row[6])
    )
      return undefined
  return json as CatalogIndex
}

/** A plan naming each consumable source in SOURCE_SPECS order, with ascending places among `titles` and an id each. */
function isOfferPlan(plan: unknown, titles: number): plan is OfferPlan {
  const keys = SOURCE_SPECS.filter((spec) => spec.kind !== 'information').map((spec) => spec.key)
  if (!Array.isArray(plan) || plan.length !== keys.length) return false
  return plan.every((row: unknown, s) => {
    if (!Array.isArray(row) || row.length !== 3 || row[0] !== keys[s]) return false
    const [, places, ids] = row as unknown[]
    if (!Array.isArray(places) || !Array.isArray(ids) || places.length !== ids.length) return false
    let before = -1
    for (let i = 0; i < places.length; i++) {
      const at: unknown = places[i]
      if (!Number.isInteger(at) || (at as number) <= before || (at as number) >= titles) return false
      if (typeof ids[i] !== 'string') return false
      before = at as number
    }
    return true
  })
}

/** One row per title: two strings, a finite number, and a string or null. */
function areTitleRows(rows: unknown, titles: number): rows is readonly TitleRow[] {
  if (!Array.isArray(rows) || rows.length !== titles) return false
  return rows.every(
    (row: unknown) =>
      Array.isArray(row) &&
      row.length === 4 &&
      typeof row[0] === 'string' &&
      typeof row[1] === 'string' &&
      Number.isFinite(row[2]) &&
      (row[3] === null || typeof row[3] === 'string'),
  )
}
