import type { MediaNode, TraitNode } from '../graph/entities'
import { emptySocial } from './empty-social'
import { assignAltIds, mhidOf, slugOf } from './ids'
import { genreName } from './names'
import type { RawCatalog } from './raw'

/**
 * One genre trait per name, keyed by that name: films (Wikipedia) and series (TVmaze) spell genres their own
 * way, and the TVmaze spellings are folded into Wikipedia's so that a genre filter finds both.
 */
export function genreTraits(raw: RawCatalog): Map<string, TraitNode> {
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
  return traits
}

/** A title's traits, each once: two spellings of one genre in the data fold into the same trait. */
export function uniqueTraits(genres: readonly string[], traits: Map<string, TraitNode>): TraitNode[] {
  const out: TraitNode[] = []
  for (const g of genres) {
    const trait = traits.get(genreName(g))
    if (trait && !out.includes(trait)) out.push(trait)
  }
  return out
}

/** Gives each trait its titles, in catalog order: the trait filters and lenses read a trait's titles. */
export function listTitlesByTrait(media: readonly MediaNode[]): void {
  for (const node of media) for (const trait of node.traits) trait.media.push(node)
}
