// The tolerant reader: older forms the service has accepted, rewritten to the canonical form before the
// request schema sees them. Each rewrite is small and only applies where the older form is unambiguous.
import { objectTypeNames } from '../model'

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

// A Map, not an object: the text looked up is untrusted, and an object would answer `__proto__` or
// `constructor` with a prototype or a constructor (which the schema's `readonly` would then freeze).
// Every type of the model has its lowercase spelling, so a new type gets one with it.
const typeNames: ReadonlyMap<string, string> = new Map(
  objectTypeNames.map((name) => [name.toLowerCase(), name]),
)
const typeName = (value: string): string => typeNames.get(value.toLowerCase()) ?? value

/** `"primaryImage"` is the older form of `{ "name": "primaryImage" }`; nested lists are rewritten too. */
function components(value: unknown): unknown {
  if (!Array.isArray(value)) return value
  return value.map((item) => {
    if (typeof item === 'string') return { name: item }
    if (isObject(item) && item.components !== undefined)
      return { ...item, components: components(item.components) }
    return item
  })
}

/** A plain id is the older form of `{ id }`; `boostOnly: "true"` appears in one documented example. */
function factors(value: unknown): unknown {
  if (!Array.isArray(value)) return value
  return value.map((item) => {
    if (typeof item === 'string') return { id: item }
    if (isObject(item) && (item.boostOnly === 'true' || item.boostOnly === 'false'))
      return { ...item, boostOnly: item.boostOnly === 'true' }
    return item
  })
}

/** Lowercase type names (`movie`) in returnType operators, at any depth. */
function returnTypeOperator(operator: unknown): unknown {
  if (!isObject(operator)) return operator
  // Object.fromEntries defines each key as an own property: no key, whatever its name, reaches a setter.
  return Object.fromEntries(
    Object.entries(operator).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? typeName(value)
        : Array.isArray(value)
          ? value.map((v) =>
              typeof v === 'string' ? typeName(v) : key === '$or' ? returnTypeOperator(v) : v,
            )
          : value,
    ]),
  )
}

/** The filter key `source` is an older spelling of `sources`. */
function filters(value: unknown): unknown {
  if (!isObject(value)) return value
  const out: Json = { ...value }
  if ('source' in out && !('sources' in out)) {
    out.sources = out.source
    delete out.source
  }
  if (out.returnType !== undefined) out.returnType = returnTypeOperator(out.returnType)
  return out
}

/** Rewrites the older forms in a request body; anything else passes through for the schema to judge. */
export function upgradeLegacyForms(body: unknown): unknown {
  if (!isObject(body)) return body
  const out: Json = { ...body }
  if (out.components !== undefined) out.components = components(out.components)
  if (out.factors !== undefined) out.factors = factors(out.factors)
  if (out.filters !== undefined) out.filters = filters(out.filters)
  if (Array.isArray(out.blueprints))
    out.blueprints = out.blueprints.map((b) =>
      isObject(b) && b.filters !== undefined ? { ...b, filters: filters(b.filters) } : b,
    )
  return out
}
