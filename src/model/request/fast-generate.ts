import type { ZodMiniType } from 'zod/mini'
import { objectKeysOf, prefixesOf, refused } from './fast-parse'
import type { CheckDef, Compiled, Def, Schema } from './fast-parse'

// The request schemas compiled a second way: to JavaScript source, turned into functions once with
// `new Function`. Same input, same rules, same result as fast-parse.ts's closures (test/model/fast-parse.test.ts
// runs its properties on both); what differs is speed. fast-parse.ts builds every strict object's check from
// one closure, and V8 keeps one set of inline caches per closure site, so the property reads and writes of
// every request object meet in the same caches, which go megamorphic; here each schema has its own function,
// with its keys written as constants (≈0.3 of JSON.parse less per quickstart body, bench/from-json-parts.ts).
//
// In a web page (whose Content-Security-Policy may forbid eval, and would report even a caught attempt), where
// code cannot be generated (a runtime without eval), or for a schema kind this generator does not know,
// `generateSchema` returns undefined and the caller uses the closures. Nothing in the generated source comes from a request: only the schema's own keys and values,
// written with JSON.stringify, and indexes into a list of the schema's functions.

/** Thrown inside generation for a schema it has no code for; the closures take that schema. */
class NotGenerated extends Error {}

const literal = (value: unknown): string => {
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return JSON.stringify(value)
  if (typeof value === 'number' && Number.isFinite(value)) return Object.is(value, -0) ? '-0' : String(value)
  throw new NotGenerated('a literal of another kind')
}

/**
 * The request size limits (request-shape.ts) that generated code may count as it checks, so that a body it
 * accepts needs no separate walk: the limits' values, the depth limit, and the limit of the list under a key.
 */
export interface CountedLimits {
  readonly nodes: number
  readonly maxDepth: number
  readonly listLimit: (key: string) => number | undefined
}

class Generator {
  /**
   * `adopt`: the input is the caller's own, fresh value (text's lowered body), so a part that is already
   * canonical is returned (and frozen) as it is rather than copied; anything else is copied as usual.
   * `limits`: the code also counts depth (`D`) and values (`N`) as request-shape.ts's walk does, and refuses a
   * body past a limit; the caller then runs that walk, which throws the error with its path.
   * `frozen` (with `adopt`): the caller froze every object of its input already, so a part returned as it is
   * is not frozen again (a freeze is a call into the runtime, ≈30 ns, even on a frozen object); a copy is.
   * Such an owner also made each object with literals and plain stores, so every own key of it is enumerable:
   * the search for a key that `for…in` skipped (a list of own names made per object) is left out.
   */
  constructor(
    private readonly adopt: boolean,
    readonly limits?: CountedLimits,
    private readonly frozen = false,
  ) {}

  readonly functions: string[] = []
  readonly externals: unknown[] = []
  private readonly names = new Map<Schema, string>()

  external(value: unknown): string {
    this.externals.push(value)
    return `x[${this.externals.length - 1}]`
  }

  /** The name of the function that checks `schema`, generating it (once) first. */
  nameOf(schema: Schema): string {
    const known = this.names.get(schema)
    if (known !== undefined) return known
    const name = `f${this.names.size}`
    // Named before its body is generated, so that a schema reached again through itself calls itself.
    this.names.set(schema, name)
    const index = this.functions.length
    this.functions.push('')
    const body = this.body(schema)
    const checks = (schema._zod.def.checks ?? []).map((check) => this.check(check._zod.def))
    const type = schema._zod.def.type
    // One level deeper for an object or array, as request-shape.ts counts it (the top one is level 1); the
    // bound also keeps this recursion's stack as small as the walk's.
    const nested = this.limits !== undefined && (type === 'object' || type === 'array')
    const inner = nested ? `${name}d` : name
    // The schema's own checks run on its output, as zod runs them: the type's function, then the checks.
    this.functions[index] =
      (checks.length === 0
        ? `function ${inner}(v) {\n${body}\n}`
        : `function ${inner}t(v) {\n${body}\n}
function ${inner}(v) {
const o = ${inner}t(v)
return o !== R && ${checks.join(' && ')} ? o : R
}`) +
      (nested
        ? `\nfunction ${name}(v) {
if (++D > ${literal(this.limits?.maxDepth)}) return R
const o = ${inner}(v)
D--
return o
}`
        : '')
    return name
  }

  private check(def: CheckDef): string {
    switch (def.check) {
      case 'min_length':
        return `o.length >= ${literal(def.minimum)}`
      case 'greater_than':
        return `o ${def.inclusive ? '>=' : '>'} ${literal(def.value)}`
      case 'less_than':
        return `o ${def.inclusive ? '<=' : '<'} ${literal(def.value)}`
      case 'custom':
        return `${this.external(def.fn)}(o) === true`
    }
    throw new NotGenerated(`zod check '${def.check}'`)
  }

  private body(schema: Schema): string {
    const z = schema._zod
    const def = z.def
    switch (def.type) {
      case 'string':
      case 'boolean':
        return `return typeof v === ${JSON.stringify(def.type)} ? v : R`
      case 'number':
        if (def.format === 'safeint') return 'return Number.isSafeInteger(v) ? v : R'
        if (def.format !== undefined) throw new NotGenerated(`number format '${def.format}'`)
        return `return typeof v === 'number' && Number.isFinite(v) ? v : R`
      case 'enum':
      case 'literal': {
        const cases = [...(z.values ?? [])].map((value) => `case ${literal(value)}:`)
        if (cases.length === 0) throw new NotGenerated('an enum without values')
        return `switch (v) {\n${cases.join('\n')}\nreturn v\n}\nreturn R`
      }
      case 'template_literal': {
        const prefixes = prefixesOf(def)
        const test =
          prefixes === undefined
            ? `${this.external(z.pattern)}.test(v)`
            : prefixes.map((prefix) => `v.startsWith(${literal(prefix)})`).join(' || ')
        return `return typeof v === 'string' && (${test}) ? v : R`
      }
      case 'readonly':
        return `const o = ${this.nameOf(def.innerType as Schema)}(v)\nreturn o === R ${this.adopt && this.frozen ? '|| o === v ' : ''}? o : Object.freeze(o)`
      case 'array':
        if (this.adopt)
          return `if (!Array.isArray(v)) return R
const n = v.length
${this.limits === undefined ? '' : `if ((N += n) > ${literal(this.limits.nodes)}) return R`}
let out
for (let i = 0; i < n; i++) {
  const item = v[i], o = ${this.nameOf(def.element as Schema)}(item)
  if (o === R) return R
  if (out === undefined && o !== item) out = v.slice(0, i)
  if (out !== undefined) out.push(o)
}
return out === undefined ? v : out`
        return `if (!Array.isArray(v)) return R
const n = v.length, out = new Array(n)
${this.limits === undefined ? '' : `if ((N += n) > ${literal(this.limits.nodes)}) return R`}
for (let i = 0; i < n; i++) {
  const o = ${this.nameOf(def.element as Schema)}(v[i])
  if (o === R) return R
  out[i] = o
}
return out`
      case 'union':
        return this.union(def.options as readonly Schema[])
      case 'object':
        return this.object(def)
    }
    throw new NotGenerated(`zod type '${def.type}'`)
  }

  /** As fast-parse.ts's compileUnion: an object is tried only against the options that take its first key. */
  private union(schemas: readonly Schema[]): string {
    const names = schemas.map((schema) => this.nameOf(schema))
    const keySets = schemas.map(objectKeysOf)
    // Counting, an option that refuses has counted what it read: each try starts from the counts before it.
    const reset = this.limits === undefined ? '' : 'D = d; N = n; '
    const tryAll = (indexes: readonly number[]) =>
      indexes.map((index) => `{ ${reset}const o = ${names[index]}(v); if (o !== R) return o }`).join('\n') +
      '\nreturn R'
    const all = names.map((_, index) => index)
    const notObjects = all.filter((index) => keySets[index] === undefined)
    const everyKey = [...new Set(keySets.flatMap((keys) => [...(keys ?? [])]))]
    const byKey = everyKey.map(
      (key) => `case ${literal(key)}: ${tryAll(all.filter((index) => keySets[index]?.has(key) ?? true))}`,
    )
    return `${this.limits === undefined ? '' : 'const d = D, n = N'}
if (v !== null && typeof v === 'object' && !Array.isArray(v))
for (const k in v) {
switch (k) {
${byKey.join('\n')}
}
${tryAll(notObjects)}
}
${tryAll(all)}`
  }

  /** As fast-parse.ts's compileObject, with the output built in the shape's order from locals. */
  private object(def: Def): string {
    if (def.catchall?._zod.def.type !== 'never') throw new NotGenerated('an object that is not strict')
    const shape = def.shape as Readonly<Record<string, Schema>>
    const keys = Object.keys(shape)
    if (keys.includes('__proto__')) throw new NotGenerated('a __proto__ key')
    const optional = keys.map((key) => (shape[key] as Schema)._zod.def.type === 'optional')
    const names = keys.map((key, index) => {
      const field = shape[key] as Schema
      return this.nameOf(optional[index] ? (field._zod.def.innerType as Schema) : field)
    })
    const required = optional.filter((isOptional) => !isOptional).length
    const locals = keys.map((_, index) => `a${index}`)
    const listLimits = keys.map((key) => this.limits?.listLimit(key))
    const cases = keys.map(
      (key, index) => `case ${literal(key)}: {
  const item = v[k]
  if (item === undefined) return R
  ${listLimits[index] === undefined ? '' : `if (Array.isArray(item) && item.length > ${literal(listLimits[index])}) return R`}
  ${locals[index]} = ${names[index]}(item)
  if (${locals[index]} === R) return R
  ${optional[index] ? '' : 'required++'}
  ${this.adopt ? `if (${locals[index]} !== item || last > ${index}) same = false\n  last = ${index}` : ''}
  break
}`,
    )
    const hidden = keys.map((key, index) => `(${locals[index]} === undefined && ${literal(key)} in v)`)
    const stores = keys.map((key, index) =>
      optional[index]
        ? `if (${locals[index]} !== undefined) out[${literal(key)}] = ${locals[index]}`
        : `out[${literal(key)}] = ${locals[index]}`,
    )
    return `if (v === null || typeof v !== 'object') return R
const proto = Object.getPrototypeOf(v)
if (proto !== P && proto !== null) return R
${locals.length > 0 ? `let ${locals.join(', ')}` : ''}
let seen = 0, required = 0, same = true, last = -1
for (const k in v) {
seen++
switch (k) {
${cases.join('\n')}
default: return R
}
}
if (required !== ${required}) return R
${this.limits === undefined ? '' : `if ((N += seen) > ${literal(this.limits.nodes)}) return R`}
${keys.length > 0 && !this.frozen ? `if (seen !== ${keys.length} && Object.getOwnPropertyNames(v).length !== seen && (${hidden.join(' || ')})) return R` : ''}
${this.adopt ? 'if (same && proto === P) return v' : ''}
const out = {}
${stores.join('\n')}
return out`
  }
}

/**
 * `schema` compiled to generated functions that return what `schema.parse` would, or `refused`; undefined
 * where code cannot be generated here (then fast-parse.ts's `compileSchema` does the same job).
 */
export function generateSchema(
  schema: ZodMiniType,
  {
    adopt = false,
    frozen = false,
    limits,
  }: { adopt?: boolean; frozen?: boolean; limits?: CountedLimits } = {},
): Compiled | undefined {
  // Not in a web page: a page's Content-Security-Policy reports (securitypolicyviolation, console) the
  // attempt to evaluate a string even when the EvalError is caught, so pages get the closures without trying.
  if ('document' in globalThis) return undefined
  let source: string
  const generator = new Generator(adopt, limits, frozen)
  try {
    let entry = generator.nameOf(schema as unknown as Schema)
    // The top value is the first one counted.
    if (limits !== undefined) {
      generator.functions.push(`function counted(v) {
D = 0
N = 1
return ${entry}(v)
}`)
      entry = 'counted'
    }
    source = `'use strict'\nconst [R, P, x] = arguments\nlet D = 0, N = 0\n${generator.functions.join('\n')}\nreturn ${entry}`
  } catch (error) {
    if (error instanceof NotGenerated) return undefined
    throw error
  }
  try {
    const make = new Function(source) as (...args: unknown[]) => Compiled
    return make(refused, Object.prototype, generator.externals)
  } catch {
    // EvalError under a Content-Security-Policy, or a runtime without eval.
    return undefined
  }
}
