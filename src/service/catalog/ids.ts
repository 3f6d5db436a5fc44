import { hash } from 'node:crypto'

/** Type prefixes of the ids this service mints (SERVICE-SPEC.md, "Resources"). */
export const PREFIX = {
  Movie: 'mhmov',
  ShowSeries: 'mhsss',
  ShowSeason: 'mhssn',
  ShowEpisode: 'mhsep',
  Contributor: 'mhric',
  User: 'mhusr',
  Image: 'mhimg',
  Trait: 'mhgnr',
  Source: 'mhsrc',
  Collection: 'mhcol',
} as const

export type ObjectType = keyof typeof PREFIX

/**
 * The four kinds of contributor share the type Contributor and differ by prefix (SERVICE-NOTES.md):
 * real or fictional, individual or group.
 */
export const CONTRIBUTOR_PREFIX = {
  realIndividual: 'mhric',
  realGroup: 'mhrgc',
  fictionalIndividual: 'mhfic',
  fictionalGroup: 'mhfgc',
} as const
export type ContributorKind = keyof typeof CONTRIBUTOR_PREFIX

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A 44-character mhid: the prefix and 39 characters of [A-Za-z0-9] drawn from SHA-512 of the record's stable
 * key. The key is the record's own id (`wp:Gladiator_(2000_film)`, `tvmaze:82`) or, for things the data names
 * only by name (contributors, genres), the normalised name, so ids survive a reload and a reordering. `prefix`
 * is the type's own unless a kind of the type has another (a group contributor's `mhrgc`).
 */
export function mhidOf(type: ObjectType, stableKey: string, prefix: string = PREFIX[type]): string {
  // Some 16,000 are minted at start-up: the one-shot hash skips a Hash object per id, and the characters
  // are gathered into one flat string (appending 39 times builds a rope that every Map look-up must flatten).
  // The digest as a 'binary' (latin1) string, one character per byte, rather than a Buffer: a flat string is one small
  // object, where each Buffer was an ArrayBuffer and a view for the garbage collector to track.
  const digest = hash('sha512', `${type}|${stableKey}`, 'binary')
  codes.length = prefix.length + 39
  for (let i = 0; i < prefix.length; i++) codes[i] = prefix.charCodeAt(i)
  // 39 of the 64 bytes; the modulo bias (256 % 62) is irrelevant for identifiers.
  for (let i = 0; i < 39; i++) codes[prefix.length + i] = ALPHABET_CODES[digest.charCodeAt(i) % 62] as number
  return String.fromCharCode.apply(null, codes)
}
const ALPHABET_CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0))
const codes: number[] = []

/** A URL slug: lowercase ASCII letters and digits separated by single hyphens, diacritics folded. */
export function slugOf(name: string): string {
  // Most names are plain words of ASCII letters and digits with single spaces ("Tom Hanks"), where the chain
  // below comes down to lowercasing and hyphens; it runs for every name and title at start-up.
  if (PLAIN_WORDS.test(name)) return name.toLowerCase().replaceAll(' ', '-')
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

const PLAIN_WORDS = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/

export interface AltIdCandidate {
  /** The record's stable key; orders records deterministically when even the year collides. */
  key: string
  name: string
  /** Appended when names collide (`mhmov-titanic-1997`); omitted for types without a year. */
  year?: number | undefined
  /** `slugOf(name)` when the caller has it already (a contributor's person key is that slug). */
  slug?: string
}

/**
 * altIds for a set of records of one type: `prefix-slug`, and when several records share a slug, every one
 * of them gets its year (`mhmov-dune-1984`, `mhmov-dune-2021`); if the year collides too, `-2`, `-3` follow
 * in key order. Returns a map from record key to altId.
 */
export function assignAltIds(type: ObjectType, records: readonly AltIdCandidate[]): Map<string, string> {
  // A slug's one record, or its records once a second shares it: most slugs are one record's, and an array
  // each was some 15,000 arrays made at start-up to be dropped at once.
  const bySlug = new Map<string, AltIdCandidate | AltIdCandidate[]>()
  for (const record of records) {
    const slug = (record.slug ?? slugOf(record.name)) || 'untitled'
    const group = bySlug.get(slug)
    if (group === undefined) bySlug.set(slug, record)
    else if (Array.isArray(group)) group.push(record)
    else bySlug.set(slug, [group, record])
  }
  const out = new Map<string, string>()
  const taken = new Set<string>()
  // Per base, the suffix to try next. Hundreds of users' "Wish list"s share one slug; searching from -2 each
  // time was quadratic. Resuming is the same search: the suffixes skipped were taken, and taken only grows.
  const nextSuffix = new Map<string, number>()
  const claim = (key: string, base: string): void => {
    let candidate = base
    if (taken.has(base)) {
      let n = nextSuffix.get(base) ?? 2
      while (taken.has((candidate = `${base}-${n}`))) n++
      nextSuffix.set(base, n + 1)
    }
    taken.add(candidate)
    out.set(key, candidate)
  }
  // Unique slugs first so that a suffixed id never takes a plain slug that another record owns. Only the
  // shared slugs are sorted (by group size, stably, as the whole list was): thousands of contributors have a
  // slug of their own, and ordering them was wasted work (their order does not change the ids).
  const shared: [string, AltIdCandidate[]][] = []
  for (const [slug, group] of bySlug) {
    const base = `${PREFIX[type]}-${slug}`
    if (!Array.isArray(group)) {
      taken.add(base)
      out.set(group.key, base)
    } else shared.push([slug, group])
  }
  shared.sort(([, a], [, b]) => a.length - b.length)
  for (const [slug, group] of shared) {
    const base = `${PREFIX[type]}-${slug}`
    const ordered = [...group].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    for (const record of ordered)
      claim(record.key, record.year === undefined ? base : `${base}-${record.year}`)
  }
  return out
}
