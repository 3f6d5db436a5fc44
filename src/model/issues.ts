import type { ZodMiniType } from 'zod/mini'
import { HqlError } from './errors'
import type { JsonPath } from './errors'
import { didYouMean } from './suggest'
import { clipped, shown } from './shown'
import type { HqlErrorCode } from './error-codes'

/** One problem found in a value: where, what was expected, and a stable code. */
export interface ValidationIssue {
  readonly code: HqlErrorCode
  readonly path: JsonPath
  readonly message: string
}

/** A value that failed validation. `issues` lists every problem; the message and `path` are the first. */
export class HqlValidationError extends HqlError {
  override name = 'HqlValidationError'
  readonly issues: readonly ValidationIssue[]

  constructor(issues: readonly [ValidationIssue, ...ValidationIssue[]]) {
    const [first] = issues
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''
    super(first.code, first.message + more, { path: first.path })
    this.issues = issues
  }
}

// The subset of zod's issue shape we read; zod/mini ships without messages ("Invalid input"), so the
// messages are written here from each issue's code and the value found at its path.
interface RawIssue {
  readonly code: string
  readonly path: readonly PropertyKey[]
  readonly message: string
  readonly expected?: string
  readonly values?: readonly unknown[]
  readonly keys?: readonly string[]
  readonly minimum?: number | bigint
  readonly maximum?: number | bigint
  readonly origin?: string
  readonly inclusive?: boolean
  readonly errors?: readonly (readonly RawIssue[])[]
}

const defaultMessage = 'Invalid input'

/**
 * Turns zod issues about `input` into readable issues with stable codes. Unions report their best branch.
 * `basePath` is where the issues' paths start, relative to `input` (used when recursing into a union).
 */
export function describeIssues(
  rawIssues: readonly RawIssue[],
  input: unknown,
  basePath: JsonPath = [],
): ValidationIssue[] {
  const out: ValidationIssue[] = []
  for (const raw of rawIssues) {
    const path = [...basePath, ...raw.path.map((part) => (typeof part === 'symbol' ? String(part) : part))]
    if (raw.code === 'invalid_union' && raw.errors) {
      const branch = bestBranch(raw.errors)
      // A branch that failed no deeper than the union itself (an id that is none of the id kinds) says less
      // than the union's own message, which names every kind.
      if (branch && !(raw.message !== defaultMessage && branch.every((issue) => issue.path.length === 0))) {
        out.push(...describeIssues(branch, input, path))
        continue
      }
    }
    if (raw.code === 'unrecognized_keys' && raw.keys) {
      // A key of a filters object is a filter name: the builder and the text say `unknown_filter` too.
      const code = path[path.length - 1] === 'filters' ? 'unknown_filter' : 'unknown_key'
      for (const key of raw.keys)
        out.push({ code, path: [...path, key], message: `unknown key ${clipped(key)}` })
      continue
    }
    out.push({ code: codeOf(raw, path), path, message: messageOf(raw, valueAt(input, path)) })
  }
  return out
}

/** Validates `input` with a zod schema; returns the value or throws HqlValidationError. */
export function parseWith<T>(schema: ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issues = describeIssues(result.error.issues as RawIssue[], input)
  throw new HqlValidationError(
    issues.length > 0
      ? (issues as [ValidationIssue, ...ValidationIssue[]])
      : [{ code: 'invalid_request', path: [], message: 'invalid input' }],
  )
}

// A union branch that failed because of an unknown key at its own root matched the wrong shape; of the
// others, the one whose failure lies deepest is the one the author meant.
function bestBranch(branches: readonly (readonly RawIssue[])[]): readonly RawIssue[] | undefined {
  let best: readonly RawIssue[] | undefined
  let bestDepth = -1
  for (const branch of branches) {
    if (branch.some((issue) => issue.code === 'unrecognized_keys' && issue.path.length === 0)) continue
    if (
      branch.some(
        (issue) => issue.code === 'invalid_value' && issue.path.length === 1 && issue.path[0] === 'type',
      )
    )
      continue
    const depth = Math.max(...branch.map((issue) => issue.path.length))
    if (depth > bestDepth) [best, bestDepth] = [branch, depth]
  }
  return best
}

function codeOf(raw: RawIssue, path: JsonPath): HqlErrorCode {
  const last = path[path.length - 1]
  const parent = path[path.length - 2]
  if (
    (raw.code === 'invalid_format' || raw.code === 'invalid_union' || raw.code === 'custom') &&
    raw.message.includes('(mh')
  )
    return 'wrong_id_prefix'
  if (raw.code === 'invalid_value' && last === 'name' && typeof parent === 'number')
    return 'unknown_component'
  if (raw.code === 'custom' && last === 'probability') return 'positions_with_probability'
  if (last === 'page') return 'invalid_page'
  if (last === 'pageSize' || last === 'siloPageSize') return 'invalid_page_size'
  return codeOfPlace(path) ?? 'invalid_request'
}

// The code the builder gives for a mistake at this place of a body, so that every door agrees (the builder
// checks each part where it is made: a filter's operator, a factor, a lookup id, a sort, a blueprint's type).
function codeOfPlace(path: JsonPath): HqlErrorCode | undefined {
  const [first, second, third] = path
  if (first === 'factors' && path.length > 1) return 'invalid_factor'
  if (first === 'ids' && typeof second === 'number' && path.length === 2) return 'invalid_id'
  // A Content blueprint's ids are lookup ids too: `silo.content({ ids })` refuses a bad one with invalid_id.
  if (first === 'blueprints' && third === 'params' && path[3] === 'ids' && path.length === 5)
    return 'invalid_id'
  if (first === 'sort' && typeof second === 'number')
    return third === 'type' || third === 'property' ? 'unknown_sort' : 'invalid_sort'
  if (first === 'blueprints' && typeof second === 'number' && third === 'type' && path.length === 3)
    return 'unknown_blueprint'
  // Filters, at the top or in a blueprint: [..., 'filters', name, operator, ...value].
  const at = path.lastIndexOf('filters')
  if (at < 0 || path.length < at + 2) return undefined
  // Each item of an `$or` is an operator object again: step over them to the innermost operator.
  let operatorAt = at + 2
  while (path[operatorAt] === '$or' && typeof path[operatorAt + 1] === 'number') operatorAt += 2
  const operator = path[operatorAt]
  // The operator object itself, or an operator's list ($in, $all, $or): a malformed operator.
  if (
    path.length === operatorAt ||
    (path.length === operatorAt + 1 && operator !== '$eq' && operator !== '$ne')
  )
    return 'invalid_operator'
  return path[at + 1] === 'returnType' ? 'unknown_type' : undefined
}

function messageOf(raw: RawIssue, found: unknown): string {
  const custom = raw.message !== defaultMessage ? raw.message : undefined
  switch (raw.code) {
    case 'invalid_type':
      return `${custom ?? `expected ${article(raw.expected ?? 'value')}`}, got ${describeValue(found)}`
    case 'invalid_value': {
      const values = (raw.values ?? []).map(String)
      const hint = typeof found === 'string' ? didYouMean(found, values) : ''
      if (custom === 'expected a component name' && typeof found === 'string')
        return `unknown component ${clipped(found)}${hint}`
      return `${custom ?? `expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}`}, got ${describeValue(found)}${hint}`
    }
    case 'too_small':
      return (
        custom ??
        (raw.origin === 'array'
          ? `expected at least ${raw.minimum} item(s)`
          : `expected a value of at least ${raw.minimum}`)
      )
    case 'too_big':
      return custom ?? `expected at most ${raw.maximum}`
    case 'invalid_format':
      return `${custom ?? 'invalid format'}, got ${describeValue(found)}`
    default:
      return custom ?? `invalid value, got ${describeValue(found)}`
  }
}

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`)

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)
  return `${typeof value} ${shown(value)}`
}

function valueAt(input: unknown, path: JsonPath): unknown {
  let current = input
  for (const part of path) {
    // Own properties only: a path part is a key of the input, and `constructor` must not find Object.
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) return undefined
    current = (current as Record<string | number, unknown>)[part]
  }
  return current
}
