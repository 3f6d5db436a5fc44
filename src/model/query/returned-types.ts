import { describeId, returnTypeNames } from '../ids'
import type { ObjectTypeName } from '../ids'
import type { Operator } from '../request/filters'
import type { RequestBodies } from '../request/bodies'
import type { EndpointName } from '../wire'

// The object types a query returns, worked out from its body: what the component checks of `.with()` and
// fromJSON measure a component against. The builder's result types compute the same at the type level.

/**
 * Every type but Subscription and Image: what a query may return when nothing narrows it. That is what returnType
 * can name, and OtherMedia (the media kinds the service has no type name for), as any media listing may hold it.
 */
export const browsableTypes: readonly ObjectTypeName[] = [...returnTypeNames, 'OtherMedia']

/**
 * What the reference service recommends from relate and silos when no returnType filter narrows them. The
 * documents do not say what the real service recommends then, so queries type and check those answers as any
 * browsable type (issue 28); this is the reference service's own choice, which its tests hold it to.
 */
export const recommendedTypes: readonly ObjectTypeName[] = ['Movie', 'ShowSeries']

/** The object types a returnType operator lets through (all of `all` when it cannot narrow). */
export function typesOfReturnType(
  operator: Operator<string>,
  all: readonly ObjectTypeName[],
): ObjectTypeName[] {
  if ('$eq' in operator) return [operator.$eq as ObjectTypeName]
  if ('$in' in operator) return [...new Set(operator.$in as ObjectTypeName[])]
  if ('$ne' in operator) return all.filter((type) => type !== operator.$ne)
  if ('$or' in operator) {
    // One set for the whole tree, filled depth first: the branches' types in order, each once. A set and a
    // copy per level cost more than the rest of fromJSON's work on each `$or` level (bench:from-json-depth).
    const found = new Set<ObjectTypeName>()
    addTypesOf(operator, all, found)
    return [...found]
  }
  return [...all]
}

function addTypesOf(
  operator: Operator<string>,
  all: readonly ObjectTypeName[],
  found: Set<ObjectTypeName>,
): void {
  if ('$or' in operator) for (const branch of operator.$or) addTypesOf(branch, all, found)
  else for (const type of typesOfReturnType(operator, all)) found.add(type)
}

/** The types a list of ids names; an id whose text does not tell may be any browsable type. */
export function typesOfIds(ids: readonly string[]): ObjectTypeName[] {
  const types = new Set<ObjectTypeName>()
  for (const id of ids) {
    const description = describeId(id)
    if (description.form === 'unknown' || description.type === undefined)
      browsableTypes.forEach((t) => types.add(t))
    else types.add(description.type)
  }
  return [...types]
}

/** The types a whole body returns: a lookup's ids name them; elsewhere a returnType filter narrows them. */
export function typesOfBody<E extends EndpointName>(
  endpoint: E,
  body: RequestBodies[E],
): readonly ObjectTypeName[] {
  if (endpoint === 'lookup') return typesOfIds((body as RequestBodies['lookup']).ids)
  const { returnType } = (body as { filters?: { returnType?: Operator<string> } }).filters ?? {}
  if (returnType) return typesOfReturnType(returnType, browsableTypes)
  return browsableTypes
}
