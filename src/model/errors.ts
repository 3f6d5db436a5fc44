import type { HqlErrorCode } from './error-codes'

/** A location inside a JSON value: object keys and array indexes, outermost first. */
export type JsonPath = readonly (string | number)[]

/** Formats a path the way the messages print it: `$.filters.contributors.$eq`, `$.components[2].name`. */
export function formatPath(path: JsonPath): string {
  let out = '$'
  for (const part of path)
    out +=
      typeof part === 'number'
        ? `[${part}]`
        : /^[A-Za-z_$][\w$]*$/.test(part)
          ? `.${part}`
          : `[${JSON.stringify(part)}]`
  return out
}

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
