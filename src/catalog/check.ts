import { compile } from '../compile'
import type { CompiledRequest } from '../compile'
import { HqlTextError, lineColumnAt, makeSource, resolveDefinition } from '../text'
import type { QueryDefinitionNode } from '../text'
import type { HqlErrorCode } from '../model'
import type { Catalog, CatalogFile } from './load'
import { checkGeneratable } from './generate-check'

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

// Names a generated function cannot take, and the namespace the generated module imports hql under.
const reservedWords = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally ' +
    'for function if import in instanceof new null return super switch this throw true try typeof var void ' +
    'while with yield let static implements interface package private protected public await arguments eval H'
  ).split(' '),
)

const prototypeNames: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype))

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
    const source = makeSource(file.text, file.path)
    for (const definition of file.document.definitions) {
      const problem = (code: HqlErrorCode, reason: string, offset: number) =>
        errors.push(new HqlTextError(source, { code, reason, offset }))
      const name = definition.name
      if (name === undefined) {
        problem(
          'unnamed_query',
          "every query of a catalog needs a name: 'query <name>' above it",
          definition.loc.start,
        )
        continue
      }
      const where = seen.get(name.value)
      if (where !== undefined) {
        problem('duplicate_query', `query '${name.value}' is already defined at ${where}`, name.loc.start)
        continue
      }
      const at = lineColumnAt(source, name.loc.start)
      seen.set(name.value, `${file.path}:${at.line}:${at.column}`)
      const reserved = reservedWords.has(name.value)
      if (reserved)
        problem(
          'reserved_name',
          `'${name.value}' cannot name a generated function; choose another name`,
          name.loc.start,
        )
      // Generated code reads `params.<name>`: a name of Object's prototype would read that instead of a default.
      for (const param of definition.params)
        if (prototypeNames.has(param.variable.name))
          problem(
            'reserved_name',
            `'$${param.variable.name}' cannot name a parameter of a generated function; choose another name`,
            param.variable.loc.start,
          )
      const resolved = resolveDefinition(source, definition, { placeholders: true })
      if (!resolved.ok) {
        errors.push(...resolved.errors)
        continue
      }
      if (reserved) continue
      const generatable = checkGeneratable(resolved.lowered.body)
      if (generatable !== undefined) {
        problem('not_generatable', generatable, definition.operation.loc.start)
        continue
      }
      queries.push({ name: name.value, file, definition, request: compile(resolved.query) })
    }
  }
  errors.sort((a, b) => (a.source !== b.source ? (a.source < b.source ? -1 : 1) : a.offset - b.offset))
  return { errors, queries }
}
