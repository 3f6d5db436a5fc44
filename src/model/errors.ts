import type { HqlErrorCode } from './error-codes'
import { quoted } from './shown'

/** A location inside a JSON value: object keys and array indexes, outermost first. */
export type JsonPath = readonly (string | number)[]

// A name-like key of up to 80 characters (`echoedLength`) is written after a dot; any other key in brackets
// and quotes, cut there if longer (an unknown key may be a megabyte long).
const shortName = /^[A-Za-z_$][\w$]{0,79}$/

/** Formats a path the way the messages print it: `$.filters.contributors.$eq`, `$.components[2].name`. */
export const formatPath = (path: JsonPath): string =>
  '$' +
  path
    .map((part) =>
      typeof part == 'number'
        ? `[${part}]`
        : typeof part == 'string' && shortName.test(part)
          ? `.${part}`
          : // Any other key in JSON's quotes, cut short; a JavaScript caller's key that is no string (a filter named
            // by a symbol) is named by its kind, not thrown on (`quoted`).
            `[${quoted(part, JSON.stringify)}]`,
    )
    .join('')

/**
 * The one error class of hql. Every failure, whatever the layer, is an `HqlError` (or a subclass) with a
 * stable machine-readable `code` (docs/errors.md lists them), the `reason` (what is wrong, and what to do)
 * and, where it applies, the `path` of the offending value. `message` is composed from them, as GraphQLError
 * composes its message and locations: `$.components[0].name: unknown component 'primaryImg'`.
 *
 * @example
 * try { fromJSON('explore', input) } catch (e) { if (e instanceof HqlError) console.log(e.code, e.path, e.reason) }
 */
export class HqlError extends Error {
  override name = 'HqlError'
  // Fields are declared, and set in the constructor: a bundle then carries no second definition of each.
  declare readonly code: HqlErrorCode
  declare readonly path: JsonPath
  /** The message without the path (or, for text errors, without the line and column). */
  declare readonly reason: string

  constructor(
    code: HqlErrorCode,
    reason: string,
    { path = [], cause }: { path?: JsonPath; cause?: unknown } = {},
  ) {
    // The message is composed from the path and the reason, which stay apart in their own fields.
    super(
      path.length ? `${formatPath(path)}: ${reason}` : reason,
      cause === undefined ? undefined : { cause },
    )
    this.path = path
    this.reason = reason
    this.code = code
  }
}

/** One problem found in a value: where, what was expected, and a stable code. */
export interface ValidationIssue {
  readonly code: HqlErrorCode
  readonly path: JsonPath
  readonly message: string
}

/**
 * A value that failed a request rule (src/model/request/rule.ts), at any door: `issues` lists every problem
 * found; the code, the message and `path` are the first one's.
 *
 * @example
 * try { fromJSON('explore', { filters: {}, pageSize: 0, page: -1 }) } catch (e) { if (e instanceof HqlValidationError) e.issues.length } // 2
 */
export class HqlValidationError extends HqlError {
  override name = 'HqlValidationError'
  declare readonly issues: readonly ValidationIssue[]

  constructor(issues: readonly [ValidationIssue, ...ValidationIssue[]]) {
    const [first] = issues
    super(first.code, first.message + (issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''), {
      path: first.path,
    })
    this.issues = issues
  }
}
