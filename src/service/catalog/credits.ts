import type { RawMovie } from './raw'

// The films' credits as people: the sample data's cast and director lists are split from free text (SOURCES.md),
// so some entries are fragments of a credit, not names, and 451 films have no director column at all though
// their Wikipedia lead says who directed them. The records are never edited (SOURCES.md asks so): the service
// reads them through these rules when it builds the catalog. test/service/catalog/credits.test.ts lists them.

/** A parenthesised note inside a credit: "Brad Lewis (co-director)", "Eliot (Coco) Sumner", "(voice of)". */
const NOTE = /\s*\([^()]*\)?/g
/** A count of people standing where a name would: "5 directors", "Four Directors". */
const COUNT =
  /^(?:\d+|two|three|four|five|six|seven|eight|nine|ten) (?:directors|writers|producers|people|others)$/i

/**
 * The name a cast or director entry gives, or `undefined` for a fragment of a credit: a parenthesised note is
 * not part of the name ("Brad Lewis (co-director)" is Brad Lewis, "(voice of)", "(UK)", "(book)" and
 * "(as Charles 'Chip' Esten)" are nothing), nor is a count of people ("5 directors"). What is left is trimmed
 * (names.ts's `personKey` then drops connectors such as "and", "&", "voices of").
 *
 * @example
 * creditedName('Brad Lewis (co-director)') // 'Brad Lewis'
 * creditedName('(voice of)') // undefined
 * creditedName('5 directors') // undefined
 */
export function creditedName(entry: string): string | undefined {
  const name = entry.includes('(') ? entry.replace(NOTE, '').replace(/\s+/g, ' ').trim() : entry.trim()
  return name === '' || name.includes(')') || COUNT.test(name) ? undefined : name
}

// "directed by", "directed and produced by", "Directed, produced, and co-written by", and where the director
// also stars, "directed, co-produced by, and starring" and "directed, produced by and starring"; or "the
// directorial debut of". ("filmdirected by": one lead lacks the space.) A description may stand before the
// name ("directed by series co-developer and former writer Tim Hill", "by five different directors: Joe
// Dante, …"): lower-case words are passed over.
const DIRECTED_BY =
  /(?:[Dd]irected(?:(?:,|, and| and) (?:co-)?(?:produced|written|edited|photographed)(?: by)?)*(?: by|(?:,|, and| and) starring)|[Dd]irectorial debut of) (?:\p{Ll}[\p{Ll}-]*:? )*/gu
// Where no sentence says who directed it: "… match director Zack Snyder's original vision".
const DIRECTOR = /\bdirector (?=\p{Lu})/u
// A name: capitalised words and initials ("J. J. Abrams", "Sebastián Lelio", "Guillermo del Toro"), a sentence
// ending at a word's full stop ("James Gray. Starring…" is James Gray).
const WORD = String.raw`(?:(?:\p{Lu}\.)+|\p{Lu}[\p{L}\p{M}'’-]*|(?:de|del|della|der|den|da|di|du|van|von|le|la)(?= \p{Lu}))`
const NAME = new RegExp(String.raw`^${WORD}(?:[ \u00a0]${WORD})*`, 'u')
const SEPARATOR = /^(?:, and |, | and | & )/

/**
 * The directors a film's Wikipedia lead names ("… directed by Carol Reed and starring …"), for the films
 * whose list entry has none: the names after the first "directed by", separated by ", ", " and " or " & ".
 * Brothers credited as "Anthony and Joe Russo" are both Russos. None when the lead names no director.
 *
 * @example
 * directorsInLead('Flap is a 1970 American Western film directed by Carol Reed and starring Anthony Quinn.') // ['Carol Reed']
 */
export function directorsInLead(lead: string): string[] {
  DIRECTED_BY.lastIndex = 0
  const found = DIRECTED_BY.exec(lead) ?? DIRECTOR.exec(lead)
  if (found === null) return []
  let rest = lead.slice(found.index + found[0].length)
  const names: string[] = []
  for (;;) {
    const name = NAME.exec(rest)?.[0]
    if (name === undefined) break
    // "Zack Snyder's original vision": the name without its possessive.
    names.push(name.replace(/\u00a0/g, ' ').replace(/['’]s$/, ''))
    rest = rest.slice(name.length)
    const separator = SEPARATOR.exec(rest)?.[0]
    if (separator === undefined) break
    rest = rest.slice(separator.length)
  }
  // "Anthony and Joe Russo": a first name alone before a full name shares its surname.
  const last = names.at(-1)?.split(' ')
  if (last !== undefined && last.length > 1)
    for (let i = 0; i < names.length - 1; i++)
      if (!names[i]!.includes(' ')) names[i] = `${names[i]} ${last.at(-1)}`
  return names
}

/**
 * A film's directors: its list entry's, or when it names none ("5 directors" names nobody), those its Wikipedia
 * lead names.
 */
export function directorsOf(movie: RawMovie): readonly string[] {
  return movie.directors?.some((entry) => creditedName(entry) !== undefined)
    ? movie.directors
    : directorsInLead(movie.extract ?? '')
}
