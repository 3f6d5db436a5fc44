import { HqlError, clipped } from '../model'
import type { HqlErrorCode, JsonPath } from '../model'
import type { TextSource } from './source'
import { lineColumnAt } from './source'
import { printLocation } from './print-location'

/** Where in a source a problem is, and what it is. */
export interface TextProblem {
  readonly code: HqlErrorCode
  /** The message without the location. */
  readonly reason: string
  readonly offset: number
  /** Where a body would hold the mistake, for one the model has words for (a filter named twice). */
  readonly path?: JsonPath
}

/**
 * A problem in HQL text, at a line and column. `message` reads `file:line:col: reason`; `frame` is a code
 * frame with a caret under the column. Semantic problems carry the model's code (`wrong_id_prefix`,
 * `unknown_component`…) and the JSON path of the value; syntax problems are `HqlSyntaxError`s.
 *
 * @example
 * try { parseQuery(text) } catch (e) { if (e instanceof HqlTextError) console.error(`${e.message}\n${e.frame}`) }
 */
export class HqlTextError extends HqlError {
  override name = 'HqlTextError'
  readonly source: string
  readonly line: number
  readonly column: number
  readonly offset: number
  readonly frame: string

  constructor(source: TextSource, problem: TextProblem, options: { path?: JsonPath; cause?: unknown } = {}) {
    super(problem.code, problem.reason, options)
    const { line, column } = lineColumnAt(source, problem.offset)
    this.source = source.name
    this.line = line
    this.column = column
    this.offset = problem.offset
    this.frame = printLocation(source, problem.offset)
    // The location replaces the JSON path in front of the reason: the path stays in `path`.
    this.message = `${source.name}:${line}:${column}: ${problem.reason}`
  }
}

/** Text that does not follow the grammar: `expected` says what would have fitted, `found` what was there. */
export class HqlSyntaxError extends HqlTextError {
  override name = 'HqlSyntaxError'
  readonly expected: string
  readonly found: string

  /** `reason` replaces the expected/found message, for text the lexer could not read as a token. */
  constructor(source: TextSource, offset: number, expected: string, found: string, reason?: string) {
    super(source, { code: 'syntax_error', reason: reason ?? `expected ${expected}, found ${found}`, offset })
    this.expected = expected
    this.found = found
  }
}

/**
 * The most errors reported for one text (syntax errors of a document, problems of one query): beyond them the
 * rest is noise, and each error costs a code frame, so a garbage input of any size stays cheap to refuse.
 */
export const maxErrorsPerText = 50

/** How a message names a parameter of the text: `$size`, cut short like any value a message echoes. */
export const shownParameter = (name: string): string => clipped(name, (part) => `$${part}`)

/** `'a', 'b' or 'c'`: the choices of a syntax error's "expected". */
export function oneOf(words: readonly string[]): string {
  const quoted = words.map((word) => `'${word}'`)
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`
}
