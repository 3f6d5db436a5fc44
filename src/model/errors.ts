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
 * stable machine-readable `code` and, where it applies, the `path` of the offending value.
 *
 * @example
 * try { fromJSON('explore', input) } catch (e) { if (e instanceof HqlError) console.log(e.code, e.path) }
 */
export class HqlError extends Error {
  override name = 'HqlError'
  // Fields are declared, and set in the constructor: a bundle then carries no second definition of each.
  declare readonly code: string
  declare readonly path: JsonPath

  constructor(code: string, message: string, options: { path?: JsonPath; cause?: unknown } = {}) {
    const path = options.path ?? []
    super(
      path.length > 0 ? `${formatPath(path)}: ${message}` : message,
      options.cause === undefined ? undefined : { cause: options.cause },
    )
    this.code = code
    this.path = path
  }
}
