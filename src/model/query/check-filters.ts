import { HqlError } from '../errors'
import type { JsonPath } from '../errors'
import { checkIdType, isIdOfType, checkTypeName, filterIdTypes, maxJsonDepth } from '../rules'
import { returnTypeNames } from '../ids'
import { operatorKeys, filterNames } from '../vocabulary'
import type { FilterName } from '../vocabulary'
import { checkLimit } from '../limits'
import { didYouMean } from '../suggest'
import type { Filters, Operator } from '../request/filters'

/**
 * Checks one filter's name and operator tree: one operator per level, non-empty lists within the request
 * limits, values of the right kind, and no deeper than a request may nest (each `$or` adds two steps to the path).
 */
export function checkOperator(name: FilterName, operator: unknown, path: JsonPath): void {
  // The name is checked first: it chooses the id types below, and becomes a key of the filters object.
  if (!(filterNames as readonly string[]).includes(name))
    throw new HqlError('unknown_filter', `unknown filter '${String(name)}'`, { path })
  if (path.length > maxJsonDepth)
    throw new HqlError('too_deep', `operators nest at most ${maxJsonDepth} levels deep`, { path })
  let key: string | undefined
  let count = 0
  if (operator !== null && typeof operator === 'object') for (key in operator) count++
  if (count !== 1 || key === undefined || !(operatorKeys as readonly string[]).includes(key)) {
    const keys = operator !== null && typeof operator === 'object' ? Object.keys(operator) : []
    throw new HqlError(
      'invalid_operator',
      `expected exactly one operator ($eq, $ne, $in, $all or $or)${keys[0] === undefined ? '' : `, got '${keys.join("', '")}'${didYouMean(keys[0], operatorKeys)}`}`,
      { path },
    )
  }
  const value = (operator as Record<string, unknown>)[key]
  // Paths are built only for the error being reported; this runs on every `.filter()`.
  if (key === '$eq' || key === '$ne') {
    if (!isValid(name, value)) reportValue(name, value, [...path, key])
    return
  }
  if (!Array.isArray(value) || value.length === 0)
    throw new HqlError('invalid_operator', `expected a non-empty array`, { path: [...path, key] })
  checkLimit('values', value.length, [...path, key])
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index]
    if (key === '$or') checkOperator(name, item, [...path, key, index])
    else if (!isValid(name, item)) reportValue(name, item, [...path, key, index])
  }
}

function isValid(name: FilterName, value: unknown): boolean {
  if (name === 'returnType') return (returnTypeNames as readonly unknown[]).includes(value)
  return typeof value === 'string' && isIdOfType(value, filterIdTypes[name])
}

// Throws for every value isValid refuses: the two agree by construction (checkIdType uses isIdOfType).
function reportValue(name: FilterName, value: unknown, path: JsonPath): void {
  if (name === 'returnType') checkTypeName(value, path)
  else checkIdType(value, filterIdTypes[name], path)
}

/**
 * The filters object in canonical key order, `filterNames`' (vocabulary.ts). Written out because it is on the
 * hot path of every `.filter()` (a loop over `filterNames` makes building a query ~15% slower); checked
 * against `filterNames` when the request schemas load (request/filters.ts), so the two cannot drift apart.
 */
export function orderFilters(f: Readonly<Record<string, unknown>>): Filters {
  const ordered: Record<string, unknown> = {}
  if (f.returnType !== undefined) ordered.returnType = f.returnType
  if (f.contributors !== undefined) ordered.contributors = f.contributors
  if (f.contributorsOf !== undefined) ordered.contributorsOf = f.contributorsOf
  if (f.sources !== undefined) ordered.sources = f.sources
  if (f.traits !== undefined) ordered.traits = f.traits
  if (f.collections !== undefined) ordered.collections = f.collections
  return Object.freeze(ordered) as Filters
}
