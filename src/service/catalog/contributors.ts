import type { ContributorNode } from '../graph/entities'
import { emptySocial } from './empty-social'
import { contributorKindOf } from './contributor-kinds'
import { assignAltIds, CONTRIBUTOR_PREFIX, mhidOf, PREFIX } from './ids'
import { NameSpellings, personKey } from './names'
import type { RawCatalog } from './raw'

/** The catalog's people, keyed by `personKey`, with how many credits each has in the data. */
export interface People {
  readonly contributors: Map<string, ContributorNode>
  /** Credits per person key: the films' popularity signal (see `castProminence`) is built from it. */
  readonly creditsPerPerson: Map<string, number>
}

/**
 * One contributor per person (or group, or character: `contributorKindOf`), named by the most used spelling: the data spells the same person several ways
 * across films, and the graph must hold one node for them all. Their credits are filled in with the films.
 */
export function contributorsOf(raw: RawCatalog): People {
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
  // A person key is the slug of each of the person's spellings (names.ts), so of the one shown too.
  const names = personKeys.map((key) => ({ key, name: spellings.displayName(key), slug: key }))
  const personAltIds = assignAltIds('Contributor', names)
  const contributors = new Map<string, ContributorNode>()
  for (const { key, name } of names) {
    // A group or a character keeps the person's altId with its own prefix: unique among people, so among its kind.
    const prefix = CONTRIBUTOR_PREFIX[contributorKindOf(key)]
    const altId = personAltIds.get(key) ?? `${PREFIX.Contributor}-${key}`
    contributors.set(key, {
      type: 'Contributor',
      mhid: mhidOf('Contributor', key, prefix),
      altId: prefix + altId.slice(PREFIX.Contributor.length),
      name,
      popularity: 0,
      social: emptySocial(),
      credits: [],
    })
  }
  return { contributors, creditsPerPerson }
}
