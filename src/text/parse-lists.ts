import type { TokenReader } from './reader'

/**
 * Item { "," Item }: one item or more, separated by commas. Every comma-separated list of the grammar goes
 * through here (or `commaSeparatedUntil`), so that they all accept the same thing: no trailing comma, no
 * empty item, and after an item anything but a comma ends the list, for the caller to judge.
 *
 * @example
 * const ids = commaSeparated(reader, parseId) // "a", "b", $c
 */
export function commaSeparated<T>(reader: TokenReader, parseItem: (reader: TokenReader) => T): T[] {
  // Most lists hold one or two items: written as literals, their arrays are exactly that long.
  const first = parseItem(reader)
  if (!reader.skipPunctuator(',')) return [first]
  const second = parseItem(reader)
  if (!reader.skipPunctuator(',')) return [first, second]
  const items = [first, second]
  do items.push(parseItem(reader))
  while (reader.skipPunctuator(','))
  return exactly(items)
}

/**
 * The items of a list grown by `push`, in an array of exactly their number. An array pushed to keeps room
 * for about 16 more items (about 150 bytes for a list of one), and a tree keeps all its lists: trimmed, a
 * catalog query's tree went from 5.4 to 4.6 KB, bytes the young generation's collector copies in a large text
 * (docs/performance.md, "Parse speed"). The grown array is dropped young, which costs little.
 */
export function exactly<T>(items: T[]): T[] {
  if (items.length === 1) return [items[0] as T]
  if (items.length === 2) return [items[0] as T, items[1] as T]
  return items.slice()
}

/**
 * [ Item { "," Item } ] Close: the rest of a bracketed list, after its opening punctuator, closing one
 * included. The list may be empty; what follows an item must be a comma or `close`, else the syntax error
 * says `expected` (by default "',' or ')'" for `)`).
 *
 * @example
 * reader.expectPunctuator('(')
 * const params = commaSeparatedUntil(reader, ')', parseParam) // ($a: Int, $b: String)
 */
export function commaSeparatedUntil<T>(
  reader: TokenReader,
  close: string,
  parseItem: (reader: TokenReader) => T,
  expected = `',' or '${close}'`,
): T[] {
  const items = reader.isPunctuator(close) ? [] : commaSeparated(reader, parseItem)
  if (!reader.isPunctuator(close)) reader.fail(expected)
  reader.advance()
  return items
}
