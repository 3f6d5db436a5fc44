import type { ContributorKind } from './ids'

/**
 * The sample data names every contributor by a plain string, and most are people. A few credits are not: bands
 * and duos billed as one name, and puppet characters billed in a cast as themselves. These are the ones found
 * in movies.json (SOURCES.md), listed by person key (the name's slug); nothing else in the data tells them
 * apart, so the list is written out rather than guessed from words like "Brothers" (which would catch people).
 */
const REAL_GROUPS: ReadonlySet<string> = new Set([
  // Bands and acts in the cast of Woodstock (1970), Be Cool, Walk Hard, Tropic Thunder, Night at the Museum 2,
  // The Hangover, and a dance crew in Alvin and the Chipmunks: The Squeakquel.
  'the-who',
  'jefferson-airplane',
  'sly-and-the-family-stone',
  'the-black-eyed-peas',
  'the-pussycat-dolls',
  'the-temptations',
  'the-mooney-suzuki',
  'jonas-brothers',
  'the-dan-band',
  'quest-crew',
  // Directing duos credited as one (Captain America: The Winter Soldier; Hail, Caesar!).
  'russo-brothers',
  'coen-brothers',
])

/** The Muppets (2011) bills its puppet characters in the cast, beside their performers. */
const FICTIONAL_INDIVIDUALS: ReadonlySet<string> = new Set([
  'kermit-the-frog',
  'miss-piggy',
  'fozzie-bear',
  'walter',
])

/** Which kind of contributor a person key stands for (the data has no fictional group). */
export function contributorKindOf(key: string): ContributorKind {
  if (REAL_GROUPS.has(key)) return 'realGroup'
  if (FICTIONAL_INDIVIDUALS.has(key)) return 'fictionalIndividual'
  return 'realIndividual'
}
