// The names a query is made of (keywords, types, filters, sort keys, components), kept once each so that the
// lexer can hand out these very strings instead of a fresh slice of the text. Written in the source (or keys of
// an object literal), they are interned strings: the parser's keyword tests, the lowering's `filters[name]`, the
// model's checks (a `switch` over the component names, a Map of the catalogue) then compare one pointer
// instead of characters, and a fresh string need not be hashed and looked up on every use. Found with a
// CPU profile of `compile(parseQuery(query))`; a name not listed here is sliced as before.
import { componentNames } from '../model/components'
import { objectTypeNames } from '../model/ids'
import { endpointNames } from '../model/wire'
import { blueprintTypes, filterNames, plainSortTypes, sortOrders, sortProperties } from '../model/vocabulary'

// The grammar's keywords (parse-*.ts) and the names lowering turns into JSON values.
// The endpoint names (the operation keywords) come from the model's one list.
const keywords = [
  'query',
  'silo',
  'where',
  'and',
  'or',
  'in',
  'contains',
  'all',
  'order',
  'by',
  'asc',
  'desc',
  'ascending',
  'descending',
  'with',
  'at',
  'page',
  'size',
  'none',
  'only',
  'boost',
  'weight',
  'probability',
  'for',
  'to',
  'true',
  'false',
  'name',
]

const bits = 10
const mask = (1 << bits) - 1
// Open addressing on the name's hash; an empty slot ends a probe.
const table: (string | undefined)[] = new Array<string | undefined>(mask + 1).fill(undefined)

/**
 * Where a name's probe starts: from its length and its first and last characters, which `lex` has at hand
 * once it has found the name's end, so that scanning a name costs nothing more than before.
 */
const slotOf = (length: number, first: number, last: number): number =>
  (Math.imul(length, 97) + Math.imul(first, 31) + last) & mask

function add(word: string): void {
  const start = slotOf(word.length, word.charCodeAt(0), word.charCodeAt(word.length - 1))
  for (let slot = start; ; slot = (slot + 1) & mask) {
    const there = table[slot]
    if (there === word) return
    if (there === undefined) {
      table[slot] = word
      return
    }
  }
}

for (const list of [
  keywords,
  endpointNames,
  componentNames,
  objectTypeNames,
  blueprintTypes,
  filterNames,
  plainSortTypes,
  sortOrders,
  sortProperties,
])
  for (const word of list) add(word)

/** The known word `body` holds at [start, end), or undefined for any other name. */
export function knownWord(body: string, start: number, end: number): string | undefined {
  const length = end - start
  for (
    let slot = slotOf(length, body.charCodeAt(start), body.charCodeAt(end - 1));
    ;
    slot = (slot + 1) & mask
  ) {
    const word = table[slot]
    if (word === undefined) return undefined
    if (word.length === length && sameText(body, start, word)) return word
  }
}

// By character codes: a builtin call (`startsWith`) per name cost more than the comparison itself.
function sameText(body: string, start: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) if (body.charCodeAt(start + i) !== word.charCodeAt(i)) return false
  return true
}
