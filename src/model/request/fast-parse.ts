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
interface Def {
  readonly type: string
  readonly checks?: readonly { readonly _zod: { readonly def: CheckDef } }[]
  readonly innerType?: Schema
  readonly element?: Schema
  readonly options?: readonly Schema[]
  readonly shape?: Readonly<Record<string, Schema>>
  readonly catchall?: Schema
  readonly format?: string
}
interface CheckDef {
  readonly check: string
  readonly minimum?: number
  readonly value?: number
  readonly inclusive?: boolean
  readonly fn?: (value: unknown) => unknown
  readonly format?: string
}
interface Schema {
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
      return (value) => (values.has(value) ? value : refused)
    }
    case 'template_literal': {
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
    case 'union': {
      // zod's result is the first option that accepts (for a discriminated union, the one its
      // discriminator names: the only one that can accept, since the options' discriminators differ).
      const options = (def.options as readonly Schema[]).map(compileInner)
      return (value) => {
        for (const option of options) {
          const out = option(value)
          if (out !== refused) return out
        }
        return refused
      }
    }
    case 'object':
      return compileObject(def, compileInner)
  }
  throw new Error(`fast-parse: no compiled form for zod type '${def.type}'`)
}

/** A strict object: the shape's keys in order, absent optional keys left out, any other key refused. */
function compileObject(def: Def, compileInner: (schema: Schema) => Compiled): Compiled {
  if (def.catchall?._zod.def.type !== 'never')
    throw new Error('fast-parse: only strict objects have a compiled form')
  const shape = def.shape as Readonly<Record<string, Schema>>
  const keys = Object.keys(shape)
  const known = new Set(keys)
  const fields = keys.map((key) => {
    const field = shape[key] as Schema
    const optional = field._zod.def.type === 'optional'
    return {
      key,
      optional,
      check: compileInner(optional ? (field._zod.def.innerType as Schema) : field),
    }
  })
  return (value) => {
    if (!isPlainObject(value)) return refused
    // zod reads keys with `for…in`, as here. An unknown key: refused.
    for (const key in value) if (!known.has(key)) return refused
    const out: Record<string, unknown> = {}
    for (const { key, optional, check } of fields) {
      const item = value[key]
      if (item === undefined) {
        // An absent optional key stays absent; a key present as undefined is zod's to judge.
        if (optional && !(key in value)) continue
        return refused
      }
      const parsed = check(item)
      if (parsed === refused) return refused
      out[key] = parsed
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
