import type { ContributorNode } from '../graph/entities'
import { emptySocial } from './empty-social'
import { contributorKindOf } from './contributor-kinds'
import { assignAltIds, CONTRIBUTOR_PREFIX, mhidOf, PREFIX } from './ids'
import { NameSpellings, personKey } from './names'
import type { RawCatalog } from './raw'

/** One person as the films spell them: their node, and how many credits they have in the data. */
export interface Person {
  readonly contributor: ContributorNode
  /** The films' popularity signal (see `castProminence`) is built from it. */
  readonly credits: number
}

/**
 * The catalog's people, found by any spelling the films use (`"Tom Hanks"`, `" Tom Hanks"`): the films'
 * credits look each name up here once, where each used to derive its person key again (a slug, cached by
 * name) and then look the key up.
 */
export type People = Map<string, Person>

/**
 * One contributor per person (or group, or character: `contributorKindOf`), named by the most used spelling: the data spells the same person several ways
 * across films, and the graph must hold one node for them all. Their credits are filled in with the films.
 */
export function contributorsOf(raw: RawCatalog): { people: People; contributors: ContributorNode[] } {
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
  const byKey = new Map<string, Person>()
  const contributors: ContributorNode[] = []
  for (const { key, name } of names) {
    // A group or a character keeps the person's altId with its own prefix: unique among people, so among its kind.
    const prefix = CONTRIBUTOR_PREFIX[contributorKindOf(key)]
    const altId = personAltIds.get(key) ?? `${PREFIX.Contributor}-${key}`
    const contributor: ContributorNode = {
      type: 'Contributor',
      mhid: mhidOf('Contributor', key, prefix),
      altId: prefix + altId.slice(PREFIX.Contributor.length),
      name,
      popularity: 0,
      social: emptySocial(),
      credits: [],
    }
    contributors.push(contributor)
    byKey.set(key, { contributor, credits: creditsPerPerson.get(key) ?? 0 })
  }
  const people: People = new Map()
  for (const [name, key] of keyOf) {
    const person = byKey.get(key)
    if (person) people.set(name, person)
  }
  return { people, contributors }
}
