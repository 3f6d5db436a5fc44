import { checkDocument, lex, makeSource, parseDocumentCollecting } from '../text'
import type { HqlErrorCode } from '../model'
import type { HqlTextError, Token } from '../text'
import { firstTokenFrom } from './tokens'

/** A problem of a document: `hql check`'s code and reason, over the source range of the token it names. */
export interface Diagnostic {
  readonly code: HqlErrorCode
  /** The reason, without the `file:line:col:` that `hql check` puts in front. */
  readonly message: string
  readonly start: number
  readonly end: number
}

/**
 * Every problem of a document at once, with the codes and messages of `hql check` (the same checkDocument):
 * syntax errors (parsing resumes at the next query) and each query's problems, in source order.
 */
export function diagnose(text: string, sourceName = '<document>'): Diagnostic[] {
  const source = makeSource(text, sourceName)
  const { document, errors: syntax } = parseDocumentCollecting(text, sourceName)
  const { errors } = checkDocument(source, document)
  const { tokens } = lex(text)
  const all: HqlTextError[] = [...syntax, ...errors]
  all.sort((a, b) => a.offset - b.offset)
  return all.map((error) => ({
    code: error.code,
    message: error.reason,
    ...rangeAt(text, tokens, error.offset),
  }))
}

/** The token starting at `offset`, or one character (none at the end of the text). */
function rangeAt(text: string, tokens: readonly Token[], offset: number): { start: number; end: number } {
  const token = tokens[firstTokenFrom(tokens, offset)]
  if (token !== undefined && token.start === offset && token.end > offset)
    return { start: offset, end: token.end }
  return { start: offset, end: Math.min(text.length, offset + 1) }
}
