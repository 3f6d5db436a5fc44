import type { ContributorNode } from '../graph/entities'
import { emptySocial } from './empty-social'
import { derivePeople, type PeopleRows } from './catalog-index'
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
 * One contributor per person (or group, or character: `contributorKindOf`), named by the most used spelling:
 * the data spells the same person several ways across films, and the graph must hold one node for them all.
 * Their credits are filled in with the films. `index` is the catalog's own people (catalog-index.ts) when it carries
 * one for these films (catalog/load.ts checks that), else the people are derived here.
 */
export function contributorsOf(
  raw: RawCatalog,
  index?: PeopleRows,
): { people: People; contributors: ContributorNode[] } {
  const { people: rows, spellings } = index ?? derivePeople(raw)
  const persons: Person[] = []
  const contributors: ContributorNode[] = []
  for (let i = 0; i < rows.length; i++) {
    const [, name, mhid, altId, credits] = rows[i] as PeopleRows['people'][number]
    const contributor: ContributorNode = {
      type: 'Contributor',
      mhid,
      altId,
      name,
      // -0, not 0: a double from the start. scorePopularity writes every contributor's fraction later, and a
      // field made for small integers, then given a fraction, changed the layout of all ~9,400 objects on the way.
      popularity: -0,
      social: emptySocial(),
      credits: [],
    }
    contributors.push(contributor)
    persons.push({ contributor, credits })
  }
  const people: People = new Map()
  for (let i = 0; i < spellings.length; i++) {
    const [name, at] = spellings[i] as PeopleRows['spellings'][number]
    const person = persons[at]
    if (person) people.set(name, person)
  }
  return { people, contributors }
}
