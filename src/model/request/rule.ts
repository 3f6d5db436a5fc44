import type { HqlErrorCode } from '../error-codes'
import { HqlValidationError } from '../errors'
import type { JsonPath, ValidationIssue } from '../errors'
import { maxJsonDepth, requestLimits, tooMany } from '../limits'
import type { RequestLimitName } from '../limits'
import { clipped, quoted, shownArray, shownList } from '../shown'
import { closest } from '../suggest'
import { operatorKeys } from '../vocabulary'

// The one checker of requests. Each rule of a request body is declared once, in the files beside this one, with
// the few kinds below (a whole number, a number, a string, a flag, a name from a list, an id, a list, an object,
// a choice by type, a filter's operator), its error code and what it expects. Every door reads the same rules:
// the builder's helpers check each value they are given with the rule of its place (`checked`), fromJSON and the text
// resolver check a whole body with the rule of its endpoint (`checkBody`), and scripts/request-schema.ts writes
// the JSON Schema from them. A rule is its declaration (what the schema writer and the docs read) and its
// `check`, made from that declaration when the rule is made: no second description of a rule exists.
//
// A check returns the value, or `refused` after recording each mistake it found (its code, message and path)
// in the walk. It finds every mistake of a body in one pass (fromJSON reports them all), and builds a mistake's
// path only when there is one: from the inside out, as the check returns through each list and object. It only
// checks: the frozen copy in canonical key order that JSON from outside needs is `canonical` (canonical.ts), a
// second walk that reads the same declarations, in the programs that read JSON (fromJSON, text) or take a
// caller's objects (relate, silo, idsOrder). Every byte here is in the browser bundle of the builder: it is
// written to be small first, and fast enough (bench/from-json-compile.bench.ts, bench/build-compile.bench.ts).

/** What a check returns for a value it refuses (its mistakes are in the walk). */
export const refused: unique symbol = Symbol()
export type Refused = typeof refused

/** A mistake as the check finds it: its path is written from the inside out, reversed when the check is done. */
interface Found {
  readonly code: HqlErrorCode
  readonly message: string
  path: (string | number)[]
}

/** One check's state: the mistakes found so far and how deep it is in the body. */
export interface Walk {
  readonly found: Found[]
  depth: number
  /** The values (keys and items) met so far: a body of more than `requestLimits.nodes` is refused. */
  nodes: number
}

/** The declaration of a rule, by kind: what the JSON Schema writer and the docs read. */
export type Declaration =
  | { readonly kind: 'integer'; readonly min: number }
  | { readonly kind: 'number'; readonly min: number; readonly max?: number }
  | { readonly kind: 'string' | 'boolean' }
  | { readonly kind: 'name'; readonly names: readonly string[] }
  | { readonly kind: 'id'; readonly prefixes?: readonly string[]; readonly alias: boolean }
  | {
      readonly kind: 'list'
      readonly item: Rule
      readonly min: number
      // (Set whether given or not, as `exclusive` below: a spread of it cost every bundle a few bytes.)
      readonly limit?: RequestLimitName | undefined
    }
  | {
      readonly kind: 'object'
      readonly fields: Readonly<Record<string, Rule>>
      readonly required: readonly string[]
      readonly unknown: readonly [HqlErrorCode, string]
      readonly exclusive?: readonly [string, string, HqlErrorCode, string] | undefined
    }
  | { readonly kind: 'byType'; readonly options: Readonly<Record<string, Rule>> }
  | { readonly kind: 'operator'; readonly value: Rule }
  | { readonly kind: 'lazy'; readonly rule: () => Rule }

/**
 * A rule of a request: its check, a function, which carries the rule's declaration, its error code and what it
 * expects. A function rather than an object with a `check` method: a check calls the rules below it, and a call
 * of a function value costs the same whatever the rule, where reading `check` from rule objects of a dozen
 * shapes made V8's lookups megamorphic (3–6% of building the quickstart query, paired in one process).
 */
export type Rule<T = unknown> = Declaration & {
  readonly code: HqlErrorCode
  /** What the rule expects, as a message says it: `a positive whole number`. */
  readonly expected: string
  /** Phantom: the accepted type. */
  readonly accepted?: T
} & ((value: unknown, walk: Walk) => T | Refused)

/** A rule of `check` and its declaration. */
const made = <T>(declared: object, check: (value: unknown, walk: Walk) => T | Refused): Rule<T> =>
  Object.assign(check, declared) as Rule<T>

/** What a message says of a value it found: `nothing`, `'text'`, `1.5`, `["a","b"]`, `an object`. */
export const got = (value: unknown): string =>
  value === undefined ? 'nothing' : Array.isArray(value) ? shownArray(value) : quoted(value)

/**
 * The message of a name that is none of `names`: `unknown filter 'trait'; did you mean 'traits'?`, or the names
 * when none is close and they are few.
 */
export const unknownName = (what: string, name: string, names: readonly string[]): string =>
  `unknown ${what} ${clipped(name)}${
    suggestion(name, names) || (names[0] && names.length < 16 ? `; expected one of ${names.join(', ')}` : '')
  }`

/** `; did you mean 'traits'?` when one of `names` is close to `name`, else nothing. */
function suggestion(name: string, names: readonly string[]): string {
  const close = closest(name, names)
  return close ? `; did you mean '${close}'?` : ''
}

/** Records a mistake at `key` (or where the check is) and refuses. */
function fail(walk: Walk, code: HqlErrorCode, message: string, key?: string | number): Refused {
  walk.found.push({ code, message, path: key === undefined ? [] : [key] })
  return refused
}

/** Records that `value` (or what `found` says of it) is not what `rule` expects. */
const miss = (walk: Walk, rule: Rule, value: unknown, key?: string, found = got(value)): Refused =>
  fail(walk, rule.code, `expected ${rule.expected}, got ${found}`, key)

/** Adds `key` to the paths of the mistakes found from `mark` on, which lie below it; the next mark. */
function under(walk: Walk, mark: number, key: string | number): number {
  const found = walk.found
  while (mark < found.length) (found[mark++] as Found).path.push(key)
  return mark
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value == 'object' && !Array.isArray(value)

const tooManyValues = `the request holds more than ${requestLimits.nodes} JSON values (objects, arrays and leaves)`

/**
 * One level deeper, with `count` more values, or `refused` (and a mistake) past the depth a request may nest or
 * the values it may hold: the check of a hostile body stops there, as request-shape.ts's walk does.
 */
function deeper(walk: Walk, count: number): Refused | undefined {
  const deep = ++walk.depth > maxJsonDepth
  if (deep || (walk.nodes += count) > requestLimits.nodes) {
    walk.depth--
    return fail(
      walk,
      deep ? 'too_deep' : 'too_many_nodes',
      deep ? `the request nests more than ${maxJsonDepth} levels deep` : tooManyValues,
    )
  }
}

/** A rule of one value, which `test` accepts. */
/* @__NO_SIDE_EFFECTS__ */ export function leaf<T>(
  declared: Declaration & { readonly code: HqlErrorCode; readonly expected: string },
  test: (value: unknown) => boolean,
): Rule<T> {
  const rule: Rule<T> = made(declared, (value, walk) =>
    test(value) ? (value as T) : miss(walk, rule, value),
  )
  return rule
}

/** A whole number of `min` or more (a page, a page size, a position). */
/* @__NO_SIDE_EFFECTS__ */ export const whole = (
  min: number,
  code: HqlErrorCode,
  expected: string,
): Rule<number> =>
  leaf(
    { kind: 'integer', min, code, expected },
    (value) => Number.isSafeInteger(value) && (value as number) >= min,
  )

/**
 * One of `names` (a component, a type, a sort order): a string that is none of them is an unknown `what`, with
 * the closest name suggested; `message` words the refusal where a name needs more than that.
 */
/* @__NO_SIDE_EFFECTS__ */ export function name<const N extends string>(
  names: readonly N[],
  code: HqlErrorCode,
  what: string,
  message: (found: string) => string = (found) => unknownName(what, found, names),
): Rule<N> {
  const rule: Rule<N> = made({ kind: 'name', names, code, expected: `a ${what} name` }, (value, walk) =>
    names.includes(value as N)
      ? (value as N)
      : typeof value == 'string'
        ? fail(walk, code, message(value))
        : miss(walk, rule, value),
  )
  return rule
}

/**
 * A list of `item`, at least `min` long and within the request limit `limit`. A value that is no array (an
 * object that only looks like one, `{ length: 1 }`, too) is refused before anything of it is read.
 */
/* @__NO_SIDE_EFFECTS__ */ export function list<T>(
  item: Rule<T>,
  code: HqlErrorCode,
  expected: string,
  min = 0,
  limit?: RequestLimitName,
): Rule<readonly T[]> {
  const rule: Rule<readonly T[]> = made({ kind: 'list', item, min, limit, code, expected }, (value, walk) => {
    if (!Array.isArray(value) || value.length < min) return miss(walk, rule, value)
    if (limit && value.length > requestLimits[limit]) return fail(walk, ...tooMany(limit, value.length))
    if (deeper(walk, value.length)) return refused
    let failed = false
    let mark = walk.found.length
    for (let index = 0; index < value.length; index++)
      if (item(value[index], walk) === refused) {
        failed = true
        mark = under(walk, mark, index)
      }
    walk.depth--
    return failed ? refused : (value as readonly T[])
  })
  return rule
}

type Fields<T> = { readonly [K in keyof T]-?: Rule<Exclude<T[K], undefined>> }

/**
 * An object with these fields, in this order (the canonical order, which `canonical` writes a copy in), the
 * `required` ones present; a key it does not have is an unknown `unknown[1]` (a key, a filter) with code `unknown[0]`. A
 * field whose value is `undefined` is absent. `exclusive`: two fields that may not both be present, the code and
 * the message of both.
 */
/* @__NO_SIDE_EFFECTS__ */ export function object<T>(
  fields: Fields<T>,
  code: HqlErrorCode,
  expected: string,
  required: readonly (keyof T & string)[] = [],
  exclusive?: readonly [keyof T & string, keyof T & string, HqlErrorCode, string],
  unknown: readonly [HqlErrorCode, string] = ['unknown_key', 'key'],
): Rule<T> {
  const rules = fields as Readonly<Record<string, Rule>>
  const keys = Object.keys(fields)
  const checks = keys.map((key) => rules[key])
  const rule: Rule<T> = made(
    { kind: 'object', fields: rules, required, unknown, exclusive, code, expected },
    (value, walk) => {
      if (!isObject(value)) return miss(walk, rule, value)
      if (deeper(walk, 0)) return refused
      // A missing key first: `{ filter: {} }` is first of all a body without its filters.
      let failed = false
      for (const key of required)
        if (value[key] === undefined) failed = !!miss(walk, rules[key] as Rule, undefined, key)
      let mark = walk.found.length
      for (const key in value) {
        const at = keys.indexOf(key)
        const given = value[key]
        // Counted as the walk counts them; a hostile object of a million keys is refused at the limit.
        if (++walk.nodes > requestLimits.nodes) {
          walk.depth--
          return fail(walk, 'too_many_nodes', tooManyValues)
        }
        if (at < 0) {
          failed = !!fail(walk, unknown[0], unknownName(unknown[1], key, keys), key)
          mark++
        } else if (given !== undefined && (checks[at] as Rule)(given, walk) === refused) {
          failed = true
          mark = under(walk, mark, key)
        }
      }
      if (exclusive && value[exclusive[0]] !== undefined && value[exclusive[1]] !== undefined)
        failed = !!fail(walk, exclusive[2], exclusive[3], exclusive[1])
      walk.depth--
      return failed ? refused : (value as T)
    },
  )
  return rule
}

/**
 * One of `options`, chosen by the string under `type` (a sort's or a blueprint's type): an unknown one is an
 * unknown `what` under `type`, with code `unknownCode` (the closest of `suggested` suggested); the option checks
 * the rest. A value without a string there is none of them (`code`, `expected`).
 */
/* @__NO_SIDE_EFFECTS__ */ export function byType<T>(
  options: Readonly<Record<string, Rule<T>>>,
  code: HqlErrorCode,
  expected: string,
  unknownCode: HqlErrorCode,
  what: string,
  suggested: readonly string[] = Object.keys(options),
): Rule<T> {
  const rule: Rule<T> = made({ kind: 'byType', options, code, expected }, (value, walk) => {
    const type = isObject(value) ? value['type'] : undefined
    // Not an object, or one without its type (a JavaScript caller's `.sort(releaseDate)`, the key not called).
    if (typeof type != 'string') return miss(walk, rule, value)
    return Object.hasOwn(options, type)
      ? (options[type] as Rule<T>)(value, walk)
      : fail(walk, unknownCode, unknownName(what, type, suggested), 'type')
  })
  return rule
}

/** An operator over values of type V; `$or` nests operators. */
export type Operator<V> =
  | { readonly $eq: V }
  | { readonly $ne: V }
  | { readonly $in: readonly V[] }
  | { readonly $all: readonly V[] }
  | { readonly $or: readonly Operator<V>[] }

/**
 * A filter's operator over values `value` accepts: an object of exactly one operator; `$in` and `$all` take a
 * list of one or more values, `$or` one of one or more operators, each within the request limit on values.
 */
/* @__NO_SIDE_EFFECTS__ */ export function operator<V>(value: Rule<V>): Rule<Operator<V>> {
  const values = list(value, 'invalid_operator', 'a list of one or more values', 1, 'values')
  const rule: Rule<Operator<V>> = made(
    {
      kind: 'operator',
      value,
      code: 'invalid_operator',
      expected: 'exactly one operator ($eq, $ne, $in, $all or $or)',
    },
    (given, walk): Operator<V> | Refused => {
      // One key, an operator's: counted without a list of the keys, made only to say what was there instead.
      let key: string | undefined
      let count = 0
      if (isObject(given)) for (key in given) if (++count > 1) break
      if (count != 1 || !(operatorKeys as readonly unknown[]).includes(key)) {
        const keys = isObject(given) ? Object.keys(given) : []
        return miss(
          walk,
          rule,
          given,
          undefined,
          keys.length ? shownList(keys, quoted) + suggestion(keys[0] as string, operatorKeys) : got(given),
        )
      }
      if (deeper(walk, 1)) return refused
      const mark = walk.found.length
      const checked = (key == '$eq' || key == '$ne' ? value : key == '$or' ? branches : values)(
        (given as Record<string, unknown>)[key as string],
        walk,
      )
      walk.depth--
      return checked === refused ? (under(walk, mark, key as string), refused) : (given as Operator<V>)
    },
  )
  const branches: Rule<readonly Operator<V>[]> = list(
    rule,
    'invalid_operator',
    'a list of one or more operators',
    1,
    'values',
  )
  return rule
}

/** A rule declared later (a component's nested components are components). */
/* @__NO_SIDE_EFFECTS__ */ export const lazy = <T>(rule: () => Rule<T>): Rule<T> =>
  made({ kind: 'lazy', rule }, (value, walk) => rule()(value, walk))

/** The mistakes of a refused check, each path starting at `path`. */
// (Each mistake is the issue, its path made whole: it has the issue's fields, in their order.)
const issuesOf = (walk: Walk, path: JsonPath): ValidationIssue[] =>
  walk.found.map((found) => ((found.path = [...path, ...found.path.reverse()]), found))

// The walk of the builder's checks, made once: a check that passes leaves it as it found it, so each call costs
// no allocation (the builder checks every value it is given, and building a query is a hot path).
const shared: Walk = { found: [], depth: 0, nodes: 1 }

/**
 * `value` checked by `rule` as a body part at `path` (the builder's check of what it is given): the value itself.
 * Throws `HqlValidationError` naming every mistake, with the code, message and path fromJSON gives for the same
 * value at the same place of a body. A caller's object the query keeps is copied after it: `canonical`.
 *
 * @example
 * checked(PageSizeRule, 10, ['pageSize']) // 10
 */
export function checked<T>(rule: Rule<T>, value: unknown, path: JsonPath): T {
  const walk = shared
  walk.depth = path.length
  walk.nodes = 1
  // Emptied after each refusal below; read before it is written, as setting an array's length costs a call
  // into the runtime (~2% of building the quickstart query), and only a check that threw leaves mistakes here.
  if (walk.found.length) walk.found.length = 0
  const out = rule(value, walk)
  if (out !== refused) return out
  const issues = issuesOf(walk, path)
  walk.found.length = 0
  throw new HqlValidationError(issues as [ValidationIssue])
}

/**
 * The first mistake `rule` finds in `value`, or undefined: for a door that reports it in its own way (text, at a
 * line and column, where the value stands in no body).
 *
 * @example
 * mistakeOf(FilterNameRule, 'trait')?.message // "unknown filter 'trait'; did you mean 'traits'?"
 */
export function mistakeOf(rule: Rule, value: unknown): ValidationIssue | undefined {
  const walk: Walk = { found: [], depth: 0, nodes: 1 }
  return rule(value, walk) === refused ? issuesOf(walk, [])[0] : undefined
}

/**
 * The issues `rule` (an endpoint's) finds in a request body, or undefined when it takes the body.
 *
 * @example
 * checkBody(requestRules.lookup, { ids: [] }) // [{ code: 'invalid_request', path: ['ids'], … }]
 */
export function checkBody(rule: Rule, value: unknown): ValidationIssue[] | undefined {
  const walk: Walk = { found: [], depth: 0, nodes: 1 }
  return rule(value, walk) === refused ? issuesOf(walk, []) : undefined
}
