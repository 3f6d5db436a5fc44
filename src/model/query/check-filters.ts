import { HqlError } from '../errors'
import type { JsonPath } from '../errors'
import { checkArgShape, checkIdType, isIdOfType, checkTypeName, filterIdTypes, maxJsonDepth } from '../rules'
import { returnTypeNames } from '../ids'
import { operatorKeys, filterNames } from '../vocabulary'
import type { FilterName } from '../vocabulary'
import { checkLimit } from '../limits'
import { didYouMean } from '../suggest'
import { clipped, quoted, shownList } from '../shown'
import type { Filters, Operator } from '../request/filters'

/**
 * Checks one filter's name and operator tree: one operator per level, non-empty lists within the request
 * limits, values of the right kind, and no deeper than a request may nest (each `$or` adds two steps to the path).
 */
/**
 * Checks one filter as the builder takes it (`{ filter, operator }`, from `.filter()` or a blueprint's filters)
 * and returns its path. A JavaScript caller's value that is no object is refused, and a name that is no string
 * gets a path that ends at the filters.
 */
export function checkFilterInput(input: unknown): JsonPath {
  checkArgShape(input, ['filters'])
  const { filter, operator } = input as { filter: FilterName; operator: unknown }
  const path = typeof filter == 'string' ? ['filters', filter] : ['filters']
  checkOperator(filter, operator, path)
  return path
}

export function checkOperator(name: FilterName, operator: unknown, path: JsonPath): void {
  // The name is checked first: it chooses the id types below, and becomes a key of the filters object.
  if (!(filterNames as readonly string[]).includes(name))
    throw new HqlError('unknown_filter', `unknown filter ${quoted(name)}`, { path })
  if (path.length > maxJsonDepth)
    throw new HqlError('too_deep', `operators nest at most ${maxJsonDepth} levels deep`, { path })
  let key: string | undefined
  let count = 0
  if (operator !== null && typeof operator === 'object') for (key in operator) count++
  if (count !== 1 || key === undefined || !(operatorKeys as readonly string[]).includes(key)) {
    const keys = operator !== null && typeof operator === 'object' ? Object.keys(operator) : []
    throw new HqlError(
      'invalid_operator',
      `expected exactly one operator ($eq, $ne, $in, $all or $or)${keys[0] === undefined ? '' : `, got ${shownList(keys, clipped)}${didYouMean(keys[0], operatorKeys)}`}`,
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
 * A filters object's operators as slots, in `filterNames`' order (vocabulary.ts): slot `filterNames.indexOf(name)`
 * holds the operator of `name`. `.filter()` works on slots, where a slot found by index costs less than a
 * load or store under a varying key on an object whose shape varies (it was the hottest line of `.filter()`).
 */
export const filterSlots = (f: Readonly<Record<string, unknown>>): unknown[] => [
  f.returnType,
  f.contributors,
  f.contributorsOf,
  f.sources,
  f.traits,
  f.collections,
]

/**
 * The filters object of slots (filterSlots), frozen, in canonical key order. Written out because it is on the
 * hot path of every `.filter()` (a loop over `filterNames` makes building a query ~15% slower).
 */
export function filtersOfSlots(slots: readonly unknown[]): Filters {
  const ordered: Record<string, unknown> = {}
  if (slots[0] !== undefined) ordered.returnType = slots[0]
  if (slots[1] !== undefined) ordered.contributors = slots[1]
  if (slots[2] !== undefined) ordered.contributorsOf = slots[2]
  if (slots[3] !== undefined) ordered.sources = slots[3]
  if (slots[4] !== undefined) ordered.traits = slots[4]
  if (slots[5] !== undefined) ordered.collections = slots[5]
  return Object.freeze(ordered) as Filters
}

/**
 * The filters object in canonical key order, `filterNames`' (vocabulary.ts). Checked against `filterNames`
 * when the request schemas load (request/filters.ts), which checks filterSlots and filtersOfSlots with it.
 */
export const orderFilters = (f: Readonly<Record<string, unknown>>): Filters => filtersOfSlots(filterSlots(f))
