import type { RawCatalog } from './raw'
import { contributorKindOf } from './contributor-kinds'
import { assignAltIds, CONTRIBUTOR_PREFIX, mhidOf, PREFIX } from './ids'
import { NameSpellings, personKey } from './names'

/**
 * What the films' people come to, derived from movies.json alone: each person (key, shown name, mhid, altId,
 * credits) in key order, and which person each spelling names. Deriving it is a third of a fresh start-up
 * (~10,000 spellings slugged, counted, sorted, their altIds resolved and their SHA-512 mhids drawn), so the
 * shipped catalog carries it, written by `npx tsx scripts/write-people-index.ts` (test/service/people-index.test.ts
 * fails when it is out of date) and keyed by the SHA-256 of the movies.json it was derived from: a catalog
 * folder whose movies.json differs, or that has no index, derives it at start-up as before.
 */
export interface PeopleIndex {
  /** SHA-256 (hex) of the movies.json bytes this index was derived from. */
  readonly movies: string
  /** Per person, in key order: key, shown name, mhid, altId, credits in the films. */
  readonly people: readonly (readonly [string, string, string, string, number])[]
  /** Per spelling used in the films, in first-use order: the spelling and its person's place in `people`. */
  readonly spellings: readonly (readonly [string, number])[]
}

/** The file of a catalog folder that holds its {@link PeopleIndex}. */
export const PEOPLE_INDEX_FILE = 'people-index.json'

/** Derives the people of a catalog's films: what contributorsOf makes when the catalog carries no index. */
export function derivePeople(raw: RawCatalog, moviesDigest: string): PeopleIndex {
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
    if (movie.directors != null) count(movie.directors)
  }
  const spellings = new NameSpellings()
  const creditsPerPerson = new Map<string, number>()
  const keyOf = new Map<string, string>()
  for (const [name, times] of uses) {
    const key = personKey(name)
    if (key === undefined) continue
    keyOf.set(name, key)
    spellings.add(key, name, times)
    creditsPerPerson.set(key, (creditsPerPerson.get(key) ?? 0) + times)
  }
  const personKeys = [...creditsPerPerson.keys()].sort()
  // A person key is the slug of each of the person's spellings (names.ts), so of the one shown too.
  const names = personKeys.map((key) => ({ key, name: spellings.displayName(key), slug: key }))
  const personAltIds = assignAltIds('Contributor', names)
  const placeOf = new Map<string, number>()
  const people = names.map(({ key, name }, i): PeopleIndex['people'][number] => {
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
  const named: [string, number][] = []
  for (const [name, key] of keyOf) named.push([name, placeOf.get(key) ?? -1])
  return { movies: moviesDigest, people, spellings: named }
}

/**
 * The index in a catalog folder's file, if it is one for these movies.json bytes (`moviesDigest`) and well
 * formed; anything else (no file, another catalog's, a hand-edited one) is `undefined`, and the people are derived.
 */
export function peopleIndexFrom(json: unknown, moviesDigest: string): PeopleIndex | undefined {
  if (typeof json !== 'object' || json === null) return undefined
  const { movies, people, spellings } = json as Partial<Record<keyof PeopleIndex, unknown>>
  if (movies !== moviesDigest || !Array.isArray(people) || !Array.isArray(spellings)) return undefined
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
  for (const row of spellings as unknown[])
    if (
      !Array.isArray(row) ||
      row.length !== 2 ||
      typeof row[0] !== 'string' ||
      !Number.isInteger(row[1]) ||
      row[1] < 0 ||
      row[1] >= people.length
    )
      return undefined
  return json as PeopleIndex
}
