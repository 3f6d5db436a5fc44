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
  const items: T[] = []
  do items.push(parseItem(reader))
  while (reader.skipPunctuator(','))
  return items
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
