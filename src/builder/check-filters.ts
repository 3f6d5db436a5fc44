import {
  HqlError,
  checkIdType,
  checkTypeName,
  filterIdTypes,
  filterNames,
  objectTypeNames,
  operatorKeys,
} from '../model'
import type { FilterName, Filters, JsonPath, ObjectTypeName, Operator } from '../model'
import { didYouMean } from '../model'

/** Checks one filter's operator tree: one operator per level, non-empty lists, values of the right kind. */
export function checkOperator(name: FilterName, operator: unknown, path: JsonPath): void {
  const keys = operator !== null && typeof operator === 'object' ? Object.keys(operator) : []
  const key = keys[0]
  if (keys.length !== 1 || key === undefined || !(operatorKeys as readonly string[]).includes(key))
    throw new HqlError(
      'invalid_operator',
      `expected exactly one operator ($eq, $ne, $in, $all or $or)${key === undefined ? '' : `, got '${keys.join("', '")}'${didYouMean(key, operatorKeys)}`}`,
      { path },
    )
  const value = (operator as Record<string, unknown>)[key]
  const at = [...path, key]
  if (key === '$eq' || key === '$ne') return checkValue(name, value, at)
  if (!Array.isArray(value) || value.length === 0)
    throw new HqlError('invalid_operator', `expected a non-empty array`, { path: at })
  value.forEach((item, index) =>
    key === '$or' ? checkOperator(name, item, [...at, index]) : checkValue(name, item, [...at, index]),
  )
}

function checkValue(name: FilterName, value: unknown, path: JsonPath): void {
  if (name === 'returnType') checkTypeName(value, path)
  else checkIdType(value, filterIdTypes[name], path)
}

/** The object types a returnType operator lets through (all browsable types when it cannot narrow). */
export function typesOfReturnType(
  operator: Operator<string>,
  all: readonly ObjectTypeName[],
): ObjectTypeName[] {
  if ('$eq' in operator) return [operator.$eq as ObjectTypeName]
  if ('$in' in operator) return [...new Set(operator.$in as ObjectTypeName[])]
  if ('$ne' in operator) return all.filter((type) => type !== operator.$ne)
  if ('$or' in operator) return [...new Set(operator.$or.flatMap((branch) => typesOfReturnType(branch, all)))]
  return [...all]
}

/** Every type but Subscription and Image: what a query may return when nothing narrows it. */
export const browsableTypes: readonly ObjectTypeName[] = objectTypeNames.filter(
  (type) => type !== 'Subscription' && type !== 'Image',
)

/** The filters object in canonical key order. */
export function orderFilters(filters: Readonly<Record<string, unknown>>): Filters {
  const ordered: Record<string, unknown> = {}
  for (const name of filterNames) if (filters[name] !== undefined) ordered[name] = filters[name]
  return Object.freeze(ordered) as Filters
}
