import type { ZodMiniType } from 'zod/mini'

// A request schema compiled, once, into plain closures: the fast path of fromJSON. zod stays the source of
// truth: this file reads the schema's own definition (its shape, enums, patterns, bounds and refinements)
// and states no rule of its own. A compiled check accepts a value only when it can tell the schema would,
// and then returns what the schema's parse returns (a fresh copy, keys in shape order, frozen where the
// schema is readonly); anything else (an invalid value, an older form, an object that is not plain) is
// `refused`, and the caller parses with zod, which gives the issues (messages and paths) as before.
// Measured (bench/from-json-compile.bench.ts): zod's parse of the quickstart body costs ≈12.7 µs, this ≈0.4 µs.
//
// A schema kind this compiler does not know throws when the schema is compiled (when the module that asks
// for it loads), so a new kind of schema cannot be skipped by the fast path unnoticed.

/** What a compiled check returns for a value the schema might refuse. */
export const refused: unique symbol = Symbol('refused')
export type Compiled = (value: unknown) => unknown

// The parts of zod's definitions read here (zod/v4/core's `_zod.def` of each schema and check).
export interface Def {
  readonly type: string
  readonly checks?: readonly { readonly _zod: { readonly def: CheckDef } }[]
  readonly innerType?: Schema
  readonly element?: Schema
  readonly options?: readonly Schema[]
  readonly shape?: Readonly<Record<string, Schema>>
  readonly catchall?: Schema
  readonly format?: string
  readonly parts?: readonly unknown[]
}
export interface CheckDef {
  readonly check: string
  readonly minimum?: number
  readonly value?: number
  readonly inclusive?: boolean
  readonly fn?: (value: unknown) => unknown
  readonly format?: string
}
export interface Schema {
  readonly _zod: {
    readonly def: Def
    readonly values?: ReadonlySet<unknown>
    readonly pattern?: RegExp
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** A check of one of zod's checks (`.check(...)`), or of a number format (`z.int()`). */
function compileCheck(def: CheckDef): (value: unknown) => boolean {
  switch (def.check) {
    case 'min_length': {
      const minimum = def.minimum as number
      return (value) => (value as { length: number }).length >= minimum
    }
    case 'greater_than': {
      const bound = def.value as number
      return def.inclusive ? (value) => (value as number) >= bound : (value) => (value as number) > bound
    }
    case 'less_than': {
      const bound = def.value as number
      return def.inclusive ? (value) => (value as number) <= bound : (value) => (value as number) < bound
    }
    case 'custom': {
      const fn = def.fn as (value: unknown) => unknown
      return (value) => fn(value) === true
    }
  }
  throw new Error(`fast-parse: no compiled form for zod check '${def.check}'`)
}

/** The schema's own checks, run on its output; a type without checks costs nothing here. */
function withChecks(def: Def, compiled: Compiled): Compiled {
  const checks = (def.checks ?? []).map((check) => compileCheck(check._zod.def))
  if (checks.length === 0) return compiled
  return (value) => {
    const out = compiled(value)
    if (out === refused) return refused
    for (const check of checks) if (!check(out)) return refused
    return out
  }
}

/** The compiled form of a schema's type, before its checks. */
function compileType(schema: Schema, compileInner: (schema: Schema) => Compiled): Compiled {
  const z = schema._zod
  const def = z.def
  switch (def.type) {
    case 'string':
      return (value) => (typeof value === 'string' ? value : refused)
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? value : refused)
    case 'number': {
      // zod refuses NaN and ±Infinity as numbers; `z.int()` is the safe-integer format.
      const integer = def.format === 'safeint'
      if (def.format !== undefined && !integer)
        throw new Error(`fast-parse: no compiled form for number format '${def.format}'`)
      return integer
        ? (value) => (Number.isSafeInteger(value) ? value : refused)
        : (value) => (typeof value === 'number' && Number.isFinite(value) ? value : refused)
    }
    case 'enum':
    case 'literal': {
      const values = z.values as ReadonlySet<unknown>
      const byLength = stringsByLength(values)
      if (byLength === undefined) return (value) => (values.has(value) ? value : refused)
      return (value) => {
        if (typeof value !== 'string') return refused
        const candidates = byLength[value.length]
        if (candidates !== undefined)
          for (let index = 0; index < candidates.length; index++)
            if (candidates[index] === value) return value
        return refused
      }
    }
    case 'template_literal': {
      const prefixes = prefixesOf(def)
      if (prefixes !== undefined)
        return (value) => {
          if (typeof value !== 'string') return refused
          for (const prefix of prefixes) if (value.startsWith(prefix)) return value
          return refused
        }
      const pattern = z.pattern as RegExp
      return (value) => (typeof value === 'string' && pattern.test(value) ? value : refused)
    }
    case 'readonly': {
      const inner = compileInner(def.innerType as Schema)
      return (value) => {
        const out = inner(value)
        return out === refused ? refused : Object.freeze(out)
      }
    }
    case 'array': {
      const element = compileInner(def.element as Schema)
      return (value) => {
        if (!Array.isArray(value)) return refused
        const out: unknown[] = new Array(value.length)
        for (let index = 0; index < value.length; index++) {
          const item = element(value[index])
          if (item === refused) return refused
          out[index] = item
        }
        return out
      }
    }
    case 'union':
      return compileUnion(def.options as readonly Schema[], compileInner)
    case 'object':
      return compileObject(def, compileInner)
  }
  throw new Error(`fast-parse: no compiled form for zod type '${def.type}'`)
}

/**
 * The prefixes of a template literal made of one choice of strings and then any string (an id: `mhmov…`), or
 * undefined for any other template. Its pattern (`^(mhmov|…)[\s\S]{0,}$`) says no more than `startsWith` one of
 * them, which costs a tenth of running the pattern (measured, bench/from-json-parts.ts).
 */
export function prefixesOf(def: Def): readonly string[] | undefined {
  const [head, tail, ...rest] = (def.parts ?? []) as readonly Schema[]
  if (head?._zod?.def === undefined || tail?._zod?.def === undefined || rest.length > 0) return undefined
  const anyString = tail._zod.def.type === 'string' && (tail._zod.def.checks ?? []).length === 0
  const choice = head._zod.def.type === 'enum' || head._zod.def.type === 'literal'
  const values = [...(head._zod.values ?? [])]
  if (!anyString || !choice || !values.every((value) => typeof value === 'string')) return undefined
  return values as string[]
}

/**
 * An enum of strings as lists by length, or undefined when a value is not a string. A string JSON.parse has
 * just made has no hash yet, so a `Set` lookup hashes every character of it first; comparing it with the few
 * values of its length (by length, then characters) cost ~0.1 of JSON.parse less per quickstart body.
 */
function stringsByLength(
  values: ReadonlySet<unknown>,
): readonly (readonly string[] | undefined)[] | undefined {
  const byLength: string[][] = []
  for (const value of values) {
    if (typeof value !== 'string') return undefined
    ;(byLength[value.length] ??= []).push(value)
  }
  return byLength
}

/** The keys a strict object option takes (through `readonly`), or undefined for any other kind of option. */
export function objectKeysOf(option: Schema): ReadonlySet<string> | undefined {
  const def = option._zod.def
  if (def.type === 'readonly') return objectKeysOf(def.innerType as Schema)
  if (def.type === 'object' && def.catchall?._zod.def.type === 'never' && (def.checks ?? []).length === 0)
    return new Set(Object.keys(def.shape as object))
  return undefined
}

/**
 * A union: zod's result is the first option that accepts (for a discriminated union, the one its
 * discriminator names: the only one that can accept, since the options' discriminators differ). A strict
 * object option cannot accept an object with a key outside its shape, so an object is tried only against
 * the options that take its first key: an operator (`$or`, `$in`…) is tried once, not against every operator
 * before it (that cost ~0.3 µs per `$or` level, measured with bench/from-json-depth.bench.ts).
 */
function compileUnion(schemas: readonly Schema[], compileInner: (schema: Schema) => Compiled): Compiled {
  const options = schemas.map(compileInner)
  const keySets = schemas.map(objectKeysOf)
  const everyKey = new Set(keySets.flatMap((keys) => [...(keys ?? [])]))
  // For each key, the options that may take an object whose first key it is, in the union's order.
  const byFirstKey = new Map(
    [...everyKey].map((key) => [key, options.filter((_, index) => keySets[index]?.has(key) ?? true)]),
  )
  const notObjects = options.filter((_, index) => keySets[index] === undefined)
  const tryAll = (options: readonly Compiled[], value: unknown): unknown => {
    for (const option of options) {
      const out = option(value)
      if (out !== refused) return out
    }
    return refused
  }
  return (value) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      for (const key in value) {
        const candidates = byFirstKey.get(key)
        // A key no object option takes: only the options that are not strict objects may accept.
        return tryAll(candidates ?? notObjects, value)
      }
    return tryAll(options, value)
  }
}

/**
 * A strict object: the shape's keys in order, absent optional keys left out, any other key refused. The
 * input's own keys drive the walk (zod reads them with `for…in` too, to find unknown ones), so a key of the
 * shape that the body leaves out costs nothing; reading every key of the shape (absent ones
 * included, each a failed lookup up the prototype chain) measured ~25% slower.
 */
function compileObject(def: Def, compileInner: (schema: Schema) => Compiled): Compiled {
  if (def.catchall?._zod.def.type !== 'never')
    throw new Error('fast-parse: only strict objects have a compiled form')
  const shape = def.shape as Readonly<Record<string, Schema>>
  const keys = Object.keys(shape)
  const count = keys.length
  const positions = new Map(keys.map((key, index) => [key, index]))
  const optional = keys.map((key) => (shape[key] as Schema)._zod.def.type === 'optional')
  const required = optional.filter((isOptional) => !isOptional).length
  const checks = keys.map((key, index) => {
    const field = shape[key] as Schema
    return compileInner(optional[index] ? (field._zod.def.innerType as Schema) : field)
  })
  return (value) => {
    if (!isPlainObject(value)) return refused
    let out: Record<string, unknown> = {}
    let last = -1
    let inOrder = true
    let seenRequired = 0
    let seen = 0
    for (const key in value) {
      const index = positions.get(key)
      if (index === undefined) return refused
      const item = value[key]
      // A key present as undefined is zod's to judge.
      if (item === undefined) return refused
      const parsed = (checks[index] as Compiled)(item)
      if (parsed === refused) return refused
      if (index < last) inOrder = false
      last = index
      if (optional[index] !== true) seenRequired++
      seen++
      out[key] = parsed
    }
    if (seenRequired !== required) return refused
    // zod reads every key of the shape, enumerable or not: one that `for…in` did not see must be absent.
    // JSON.parse makes no hidden key, so the count of own names settles it at once (~0.1 JSON.parse for
    // the quickstart body); asking for each absent key of the shape cost ~0.4.
    if (seen !== count && Object.getOwnPropertyNames(value).length !== seen)
      for (let index = 0; index < count; index++) {
        const key = keys[index] as string
        if (!(key in out) && key in value) return refused
      }
    // Keys written out of order (by hand) are put in the shape's order, as zod's parse does.
    if (!inOrder) {
      const ordered: Record<string, unknown> = {}
      for (const key of keys) if (key in out) ordered[key] = out[key]
      out = ordered
    }
    return out
  }
}

/**
 * Compiles a zod/mini schema (of the kinds the request schemas use) into a check that returns what
 * `schema.parse` would, or `refused`. Recursive schemas (components, `$or`) compile to recursive closures.
 */
export function compileSchema(schema: ZodMiniType): Compiled {
  const compiled = new Map<Schema, Compiled>()
  const compileInner = (inner: Schema): Compiled => {
    const known = compiled.get(inner)
    if (known !== undefined) return known
    // Registered before it is built, so that a schema reached again through itself calls back into it.
    let built: Compiled | undefined
    compiled.set(inner, (value) => (built as Compiled)(value))
    built = withChecks(inner._zod.def, compileType(inner, compileInner))
    compiled.set(inner, built)
    return built
  }
  return compileInner(schema as unknown as Schema)
}
