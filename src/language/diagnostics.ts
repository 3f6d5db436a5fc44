import {
  checkDocument,
  HqlTextError,
  lex,
  makeSource,
  parseDocumentCollecting,
  parseQuery,
  resolveDefinition,
  fragmentsOf,
} from '../text'
import type { HqlErrorCode } from '../model'
import type { Token } from '../text'
import { firstTokenFrom } from './tokens'

/** A problem of a document: `hql check`'s code and reason, over the source range of the token it names. */
export interface Diagnostic {
  readonly code: HqlErrorCode
  /** The reason, without the `file:line:col:` that `hql check` puts in front. */
  readonly message: string
  readonly start: number
  readonly end: number
}

/** How a text is read: a `.hql` file (`hql check`), or one query as `parseQuery` reads it (`hqlText`'s string). */
export type DiagnoseAs = 'catalog' | 'query'

/**
 * Every problem of a document at once, with the codes and messages of `hql check` (the same checkDocument):
 * syntax errors (parsing resumes at the next query) and each query's problems, in source order. Read `as`
 * `'query'`, the text is one query as `parseQuery` (and `hqlText`) reads it: it needs no name, and holds one
 * query only.
 *
 * @example
 * diagnose('explore Movie with primaryImag', '<query>', 'query')[0]?.code // 'unknown_component'
 */
export function diagnose(text: string, sourceName = '<document>', as: DiagnoseAs = 'catalog'): Diagnostic[] {
  const source = makeSource(text, sourceName)
  const { document, errors: syntax } = parseDocumentCollecting(text, sourceName)
  const { errors } =
    as === 'catalog' ? checkDocument(source, document) : { errors: queryProblems(text, source, document) }
  const { tokens } = lex(text)
  const all: HqlTextError[] = [...syntax, ...(as === 'query' && syntax.length > 0 ? [] : errors)]
  all.sort((a, b) => a.offset - b.offset)
  return all.map((error) => ({
    code: error.code,
    message: error.reason,
    ...rangeAt(text, tokens, error.offset),
  }))
}

/** The problems parseQuery finds in a text that parses: each of its one query's, or parseQuery's for the count. */
function queryProblems(
  text: string,
  source: ReturnType<typeof makeSource>,
  document: ReturnType<typeof parseDocumentCollecting>['document'],
): HqlTextError[] {
  const [only, second] = document.definitions
  if (only !== undefined && second === undefined) {
    const resolved = resolveDefinition(source, only, { placeholders: true }, fragmentsOf(document))
    return resolved.ok ? [] : [...resolved.errors]
  }
  try {
    parseQuery(text)
    return []
  } catch (error) {
    return error instanceof HqlTextError ? [error] : []
  }
}

/** The token starting at `offset`, or one character (none at the end of the text). */
function rangeAt(text: string, tokens: readonly Token[], offset: number): { start: number; end: number } {
  const token = tokens[firstTokenFrom(tokens, offset)]
  if (token !== undefined && token.start === offset && token.end > offset)
    return { start: offset, end: token.end }
  return { start: offset, end: Math.min(text.length, offset + 1) }
}
