import type {
  ComponentItemNode,
  ComponentNode,
  OrderByNode,
  PagingNode,
  ScalarNode,
  SiloSizeNode,
  SortKeyNode,
  SpreadNode,
  WithNode,
} from './ast'
import { noComments } from './ast'
import type { TokenReader } from './reader'
import { commaSeparated, commaSeparatedUntil } from './parse-lists'
import { parseListOrVariable, parseName, parseNumber } from './parse-values'

const orders = new Set(['asc', 'desc', 'ascending', 'descending'])

/** OrderBy : "order" "by" ( "none" | SortKey { "," SortKey } ) */
export function parseOrderBy(reader: TokenReader): OrderByNode {
  const start = reader.expectName('order')
  reader.expectName('by')
  const keys: SortKeyNode[] = skipNone(reader) ? [] : commaSeparated(reader, parseSortKey)
  return reader.owns(reader.line(start), {
    kind: 'OrderBy',
    keys,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
}

/** SortKey : Name [ ListValue ] [ "asc" | "desc" | "ascending" | "descending" ] */
function parseSortKey(reader: TokenReader): SortKeyNode {
  const key = parseName(reader, 'a sort key (releaseDate, name, popularity, idsOrder [...], random...)')
  const ids =
    reader.isPunctuator('[') || reader.kind() === 'variable' ? parseListOrVariable(reader) : undefined
  const order = orders.has(reader.value()) && reader.isName() ? parseName(reader) : undefined
  return { kind: 'SortKey', key, ids, order, start: key.start, end: reader.lastEnd }
}

/** With : "with" ( "none" | ComponentItem { "," ComponentItem } ) */
export function parseWith(reader: TokenReader): WithNode {
  const start = reader.expectName('with')
  const components: ComponentItemNode[] = skipNone(reader) ? [] : commaSeparated(reader, parseComponentItem)
  return reader.owns(reader.line(start), {
    kind: 'With',
    components,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
}

/** ComponentItem : Component | Spread */
export function parseComponentItem(reader: TokenReader): ComponentItemNode {
  return reader.isPunctuator('...') ? parseSpread(reader) : parseComponent(reader)
}

/** Spread : "..." FragmentName */
function parseSpread(reader: TokenReader): SpreadNode {
  const start = reader.expectPunctuator('...')
  const name = parseName(reader, 'a fragment name')
  return { kind: 'Spread', name, start, end: reader.lastEnd }
}

/**
 * Component : Name [ "size" NumberValue ] [ "at" "page" NumberValue ] [ "{" [ ComponentItem { "," ComponentItem } ] "}" ]
 *
 * A component's page is `at page n`, not `page n`: after a component, `page` begins the query's own paging.
 */
function parseComponent(reader: TokenReader): ComponentNode {
  const name = parseName(reader, 'a component name (primaryImage, keyContributors...)')
  const size = reader.skipName('size') ? parseNumber(reader) : undefined
  let page: ScalarNode | undefined
  if (reader.skipName('at')) {
    reader.expectName('page')
    page = parseNumber(reader, 'a page number or a parameter')
  }
  let components: ComponentItemNode[] | undefined
  if (reader.isPunctuator('{')) {
    components = reader.nested(() => {
      reader.advance()
      return commaSeparatedUntil(reader, '}', parseComponentItem)
    })
  }
  return { kind: 'Component', name, size, page, components, start: name.start, end: reader.lastEnd }
}

/** Paging : "page" ( NumberValue [ "size" NumberValue ] | "size" NumberValue ) */
export function parsePaging(reader: TokenReader): PagingNode {
  const start = reader.expectName('page')
  let page
  if (!reader.isName('size')) page = parseNumber(reader, "a page number, a parameter, or 'size'")
  const size = reader.skipName('size') ? parseNumber(reader) : undefined
  return reader.owns(reader.line(start), {
    kind: 'Paging',
    page,
    size,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
}

/** Whether the next tokens are `silo size` followed by a number or a parameter. */
export function atSiloSize(reader: TokenReader): boolean {
  const third = reader.kind(2)
  return reader.isName('silo') && reader.isName('size', 1) && (third === 'number' || third === 'variable')
}

/** SiloSize : "silo" "size" NumberValue */
export function parseSiloSize(reader: TokenReader): SiloSizeNode {
  const start = reader.expectName('silo')
  reader.expectName('size')
  const size = parseNumber(reader)
  return reader.owns(reader.line(start), {
    kind: 'SiloSize',
    size,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
}

/** `none` stands for an empty list where a clause would otherwise need at least one item. */
function skipNone(reader: TokenReader): boolean {
  if (!reader.isName('none')) return false
  // `with none { ... }` or `with none, x` would be a component named none.
  if (reader.isPunctuator(',', 1) || reader.isPunctuator('{', 1)) return false
  if (reader.isName('size', 1)) return false
  reader.advance()
  return true
}
