import type { ContributorNode } from '../graph/entities'
import { emptySocial } from './empty-social'
import type { PeopleRows } from './catalog-index'

/** One person of the films: their node, and how many credits they have in the data. */
export interface Person {
  readonly contributor: ContributorNode
  /** The films' popularity signal (see `castProminence`) is built from it. */
  readonly credits: number
}

/**
 * One contributor per person (or group, or character: `contributorKindOf`), named by the most used spelling:
 * the data spells the same person several ways across films, and the graph must hold one node for them all.
 * Their credits are filled in with the films, from `rows.credits` (places in `persons`). `rows` are the catalog
 * index's people (catalog-index.ts) when it carries them for these films (catalog/load.ts checks that), else
 * `derivePeople`'s.
 */
export function contributorsOf(rows: PeopleRows): { persons: Person[]; contributors: ContributorNode[] } {
  const people = rows.people
  const persons: Person[] = []
  const contributors: ContributorNode[] = []
  for (let i = 0; i < people.length; i++) {
    // Indexed, not destructured: this runs for ~9,500 rows before the engine optimises it, where destructuring
    // made an iterator and a result object per field.
    const row = people[i] as PeopleRows['people'][number]
    const contributor: ContributorNode = {
      type: 'Contributor',
      mhid: row[2],
      altId: row[3],
      name: row[1],
      // -0, not 0: a double from the start. scorePopularity writes every contributor's fraction later, and a
      // field made for small integers, then given a fraction, changed the layout of all ~9,400 objects on the way.
      popularity: -0,
      social: emptySocial(),
      credits: [],
    }
    contributors.push(contributor)
    persons.push({ contributor, credits: row[4] })
  }
  return { persons, contributors }
}
