import { slugOf } from './ids'

/**
 * Cast and director lists in the sample data are split from free text, so a few entries are not names
 * ("&", ".", "(voices of)"), and one person is sometimes spelled two ways ("René Auberjonois" and
 * "Rene Auberjonois"). The service treats a person as one slug, shown under the spelling used most often,
 * and skips entries whose slug is empty or a known non-name. The records themselves are never edited.
 */
const NOT_NAMES = new Set([
  'voices-of',
  'voices',
  'various',
  'uncredited',
  'narrator',
  'himself',
  'herself',
  'and',
])

/**
 * The identity of a contributor name, or `undefined` for an entry that is not a person's name. Not cached:
 * its one caller (contributorsOf) derives it once per distinct spelling already, and a cache was a second map
 * of the same ~10,000 spellings, filled once per process and never read twice.
 */
export function personKey(raw: string): string | undefined {
  const slug = slugOf(raw)
  if (slug === '' || NOT_NAMES.has(slug) || !HAS_LETTER.test(slug)) return undefined
  return slug
}
const HAS_LETTER = /[a-z]/

/** Picks one display spelling per person: the most frequent, then the one with more non-ASCII letters, then the first in code-unit order. */
export class NameSpellings {
  /**
   * Per key, its only spelling so far, or the count of each once there are two: most people are spelled one
   * way, and a map per person was some 9,000 maps made at start-up for nothing.
   */
  private readonly counts = new Map<string, string | Map<string, number>>()

  /** Counts `spelling` for `key` once. */
  add(key: string, spelling: string): void {
    const trimmed = spelling.trim()
    const known = this.counts.get(key)
    if (known === undefined) {
      this.counts.set(key, trimmed)
    } else if (typeof known === 'string') {
      // The first spelling was seen once for each call until now: count them before switching to a map.
      if (known !== trimmed)
        this.counts.set(
          key,
          new Map([
            [known, this.seen(key)],
            [trimmed, 1],
          ]),
        )
      else this.repeats.set(key, this.seen(key) + 1)
    } else known.set(trimmed, (known.get(trimmed) ?? 0) + 1)
  }

  /** How many times a key's only spelling was added (1 unless repeated). */
  private seen(key: string): number {
    return this.repeats.get(key) ?? 1
  }
  private readonly repeats = new Map<string, number>()

  displayName(key: string): string {
    const known = this.counts.get(key)
    if (known === undefined) return key
    if (typeof known === 'string') return known
    const spellings = [...known]
    const nonAscii = (s: string): number => s.replace(/[\x00-\x7f]/g, '').length
    spellings.sort(([a, ca], [b, cb]) => cb - ca || nonAscii(b) - nonAscii(a) || (a < b ? -1 : a > b ? 1 : 0))
    return spellings[0]?.[0] ?? key
  }
}

/** TVmaze and Wikipedia spell a few genres differently; both map to one trait. */
const GENRE_ALIASES: Readonly<Record<string, string>> = {
  'Science-Fiction': 'Science Fiction',
  Sports: 'Sport',
  Animation: 'Animated',
  Children: 'Family',
  History: 'Historical',
  Espionage: 'Spy',
}

export function genreName(raw: string): string {
  const trimmed = raw.trim()
  return GENRE_ALIASES[trimmed] ?? trimmed
}

/** Plain text of the HTML summaries TVmaze ships (`<p>…</p>`, `<b>`, entities). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}
