import { currentUserAlias } from '../model/ids'
import type { ObjectTypeName } from '../model/ids'
import { componentCatalogue, isComponentName, type ComponentEntry } from '../model/components'
import { typesOfBody, typesOfIds } from '../model/query/returned-types'
import type { JsonPath } from '../model/errors'
import type { KeyedRequest } from './query-key'

// Answers that depend on who asks (SERVICE-SPEC.md, SERVICE-NOTES.md), the one list of them:
// - silos: recommendations for the user who asks;
// - the current-user alias (`mhals-current-user`), anywhere in the body: the user who asks;
// - a `likeOrder` or `followOrder` sort: the order of what the user who asks likes or follows;
// - a User object (its email is sent to that user only) or a Collection (a private one only to its owner), where
//   the answer may hold one: by the query's own types (a lookup's ids, a returnType filter, or none: any type),
//   or by a component at any depth whose catalogue entry returns one (`of`);
// - a `userSocial` component: what the user who asks likes and follows.
// A cache shared by two users must not hand one user's answer to the other, so such a query's key carries a
// scope. The types and the components are read from the model's own tables, so a new one is covered as it comes.

/** What makes the answer depend on who asks, at `path`: undefined when nothing does. */
export interface WhoAsks {
  readonly path: JsonPath
  readonly what: string
}

/** The object types whose content depends on who asks, and why. */
const privateTypes: Partial<Record<ObjectTypeName, string>> = {
  User: "a User's email is sent to that user only",
  Collection: 'a private Collection is sent to its owner only',
}

/** The sort types that order by what the user who asks did. */
const userSorts: readonly string[] = ['likeOrder', 'followOrder']

/** The first part of a request whose answer depends on who asks, or undefined. */
export function dependsOnWhoAsks({ endpoint, body }: KeyedRequest): WhoAsks | undefined {
  if (endpoint === 'silos') return { path: [], what: 'silos are recommendations for the user who asks' }
  return find(body, []) ?? bySort(body) ?? byTypes({ endpoint, body } as KeyedRequest)
}

/** The first of these types that makes the answer depend on who asks, with why: `a User, and …`; or undefined. */
function privateIn(types: readonly ObjectTypeName[]): string | undefined {
  const type = types.find((name) => privateTypes[name] !== undefined)
  return type && `a ${type}, and ${privateTypes[type]}`
}

function bySort(body: KeyedRequest['body']): WhoAsks | undefined {
  const sort = (body as { sort?: readonly { type?: unknown }[] }).sort ?? []
  const index = sort.findIndex(({ type }) => userSorts.includes(type as string))
  if (index < 0) return undefined
  const type = sort[index]!.type as string
  return { path: ['sort', index, 'type'], what: `${type} orders by what the user who asks did` }
}

/** By the query's own types: a lookup's ids (the first that may name one), else its returnType filter. */
function byTypes({ endpoint, body }: KeyedRequest): WhoAsks | undefined {
  if (endpoint === 'lookup') {
    const { ids } = body as { ids: readonly string[] }
    for (let index = 0; index < ids.length; index++) {
      const why = privateIn(typesOfIds([ids[index]!]))
      if (why) return { path: ['ids', index], what: `this id may name ${why}` }
    }
    return undefined
  }
  const why = privateIn(typesOfBody(endpoint, body as never))
  if (!why) return undefined
  const filters = (body as { filters?: { returnType?: unknown } }).filters
  return filters?.returnType === undefined
    ? { path: filters ? ['filters'] : [], what: `with no returnType filter, the answer may hold ${why}` }
    : { path: ['filters', 'returnType'], what: `this returnType lets through ${why}` }
}

// Request bodies nest at most 64 levels (maxJsonDepth): the walk is bounded by the query it was built from.
function find(value: unknown, path: JsonPath): WhoAsks | undefined {
  if (value === currentUserAlias) return { path, what: `${currentUserAlias} is the user who asks` }
  if (value === null || typeof value !== 'object') return undefined
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = find(value[index], [...path, index])
      if (found) return found
    }
    return undefined
  }
  const record = value as Record<string, unknown>
  if (path.at(-2) === 'components' && typeof record.name === 'string' && isComponentName(record.name)) {
    const found = byComponent(record.name, [...path, 'name'])
    if (found) return found
  }
  for (const key of Object.keys(record)) {
    const found = find(record[key], [...path, key])
    if (found) return found
  }
  return undefined
}

function byComponent(name: keyof typeof componentCatalogue, path: JsonPath): WhoAsks | undefined {
  const entry: ComponentEntry = componentCatalogue[name]
  if (entry.needsUser) return { path, what: `${name} is what the user who asks likes and follows` }
  const why = privateIn(entry.of ?? [])
  return why ? { path, what: `${name} may return ${why}` } : undefined
}
