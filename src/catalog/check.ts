import { compile } from '../compile'
import type { CompiledRequest } from '../compile'
import { checkDocument, makeSource } from '../text'
import type { HqlTextError } from '../text'
import type { QueryDefinitionNode } from '../text'
import type { Catalog, CatalogFile } from './load'

/** A named query of a catalog that passed every check. */
export interface CatalogQuery {
  readonly name: string
  readonly file: CatalogFile
  readonly definition: QueryDefinitionNode
  /** The request with defaults, and stand-ins for parameters without one (what fixtures hold). */
  readonly request: CompiledRequest
}

export interface CatalogCheck {
  /** Every problem, sorted by file, line and column. */
  readonly errors: readonly HqlTextError[]
  readonly queries: readonly CatalogQuery[]
}

/**
 * Checks a whole catalog and reports every problem at once: syntax errors (parsing resumes at the next
 * `query`), queries without a name, names used twice or unusable as a function name, and everything
 * `resolveDefinition` finds in each query, with stand-in values for parameters that have no default.
 */
export function checkCatalog(catalog: Catalog): CatalogCheck {
  const errors: HqlTextError[] = []
  const queries: CatalogQuery[] = []
  const seen = new Map<string, string>()
  for (const file of catalog.files) {
    errors.push(...file.syntaxErrors)
    const checked = checkDocument(makeSource(file.text, file.path), file.document, seen)
    errors.push(...checked.errors)
    for (const { name, definition, query } of checked.checked)
      queries.push({ name, file, definition, request: compile(query) })
  }
  errors.sort((a, b) => (a.source !== b.source ? (a.source < b.source ? -1 : 1) : a.offset - b.offset))
  return { errors, queries }
}
