import type { HqlErrorCode } from '../model'
import type { Query } from '../model/core'
import type { DocumentNode, QueryDefinitionNode } from './ast'
import { HqlTextError, maxErrorsPerText } from './errors'
import { clipped } from '../model/shown'
import { checkGeneratable } from './generate-check'
import { resolveDefinition } from './resolve'
import { checkFragments, fragmentsOf } from './fragments'
import type { TextSource } from './source'
import { lineColumnAt } from './source'

/** A named query of a document that passed every check. */
export interface CheckedDefinition {
  readonly name: string
  readonly definition: QueryDefinitionNode
  readonly query: Query
}

/** The problems of one document's queries (not its syntax errors), and the queries without any. */
export interface DocumentCheck {
  readonly errors: readonly HqlTextError[]
  readonly checked: readonly CheckedDefinition[]
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
 * Checks the queries of one parsed document as a catalog file: queries without a name, names used twice or
 * unusable as a function name, and everything `resolveDefinition` finds, with stand-in values for parameters
 * that have no default. `hql check` runs it on each file (sharing `seen` across files) and the language
 * service on the open document, so both report the same codes and messages.
 */
export function checkDocument(
  source: TextSource,
  document: DocumentNode,
  seen: Map<string, string> = new Map(),
): DocumentCheck {
  const errors: HqlTextError[] = []
  const checked: CheckedDefinition[] = []
  // A document reports maxErrorsPerText errors at most, as its syntax errors: each costs a code frame, and
  // past them more of the same is noise (the language service runs this on every edit).
  const full = () => errors.length >= maxErrorsPerText
  const problem = (code: HqlErrorCode, reason: string, offset: number) => {
    if (!full()) errors.push(new HqlTextError(source, { code, reason, offset }))
  }
  const fragments = fragmentsOf(document)
  // The fragments' own problems, where they are written; a query that spreads one with a problem reports it
  // again at the same place, once is enough (below).
  for (const found of checkFragments(document)) problem(found.code, found.reason, found.offset)
  // `hql generate` writes a constant for each fragment beside a function for each query: their names share one
  // module, across the catalog's files.
  for (const fragment of document.fragments) {
    const name = fragment.name
    const where = seen.get(name.value)
    if (where !== undefined) {
      if (fragments.get(name.value) === fragment)
        problem(
          'duplicate_fragment',
          `the name ${clipped(name.value)} is already defined at ${where}`,
          name.start,
        )
      continue
    }
    const at = lineColumnAt(source, name.start)
    seen.set(name.value, `${source.name}:${at.line}:${at.column}`)
    if (reservedWords.has(name.value))
      problem(
        'reserved_name',
        `'${name.value}' cannot name a generated constant; choose another name`,
        name.start,
      )
  }
  for (const definition of document.definitions) {
    const name = definition.name
    if (name === undefined) {
      problem(
        'unnamed_query',
        "every query of a catalog needs a name: 'query <name>' above it",
        definition.start,
      )
      continue
    }
    const where = seen.get(name.value)
    if (where !== undefined) {
      problem('duplicate_query', `query ${clipped(name.value)} is already defined at ${where}`, name.start)
      continue
    }
    const at = lineColumnAt(source, name.start)
    seen.set(name.value, `${source.name}:${at.line}:${at.column}`)
    const reserved = reservedWords.has(name.value)
    if (reserved)
      problem(
        'reserved_name',
        `'${name.value}' cannot name a generated function; choose another name`,
        name.start,
      )
    // Generated code reads `params.<name>`: a name of Object's prototype would read that instead of a default.
    for (const param of definition.params)
      if (prototypeNames.has(param.variable.name))
        problem(
          'reserved_name',
          `'$${param.variable.name}' cannot name a parameter of a generated function; choose another name`,
          param.variable.start,
        )
    const resolved = resolveDefinition(source, definition, { placeholders: true }, fragments)
    if (!resolved.ok) {
      for (const error of resolved.errors)
        if (
          !full() &&
          !errors.some((e) => e.offset === error.offset && e.code === error.code && e.reason === error.reason)
        )
          errors.push(error)
      continue
    }
    if (reserved) continue
    const generatable = checkGeneratable(resolved.lowered.body)
    if (generatable !== undefined) {
      problem('not_generatable', generatable, definition.operation.start)
      continue
    }
    checked.push({ name: name.value, definition, query: resolved.query })
  }
  return { errors, checked }
}
