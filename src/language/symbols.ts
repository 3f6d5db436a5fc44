import { parseDocumentCollecting } from '../text'

/** A query of a document, as an outline shows it. */
export interface DocumentSymbol {
  /** The query's name, or `(unnamed explore)` for a lone query. */
  readonly name: string
  /** The operation: explore, relate, lookup or silos. */
  readonly detail: string
  readonly start: number
  readonly end: number
  /** The name's range (the whole query's when it has none). */
  readonly nameStart: number
  readonly nameEnd: number
}

/** The queries of a catalog file, in order (those the parser recovered, after a syntax error too). */
export function documentSymbols(text: string): DocumentSymbol[] {
  const { document } = parseDocumentCollecting(text)
  return document.definitions.map((definition) => {
    const detail = definition.operation.kind.toLowerCase()
    const nameLoc = definition.name ?? definition
    return {
      name: definition.name?.value ?? `(unnamed ${detail})`,
      detail,
      start: definition.start,
      end: definition.end,
      nameStart: nameLoc.start,
      nameEnd: nameLoc.end,
    }
  })
}
