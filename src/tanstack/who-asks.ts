import { currentUserAlias } from '../model/ids'
import type { JsonPath } from '../model/errors'
import type { KeyedRequest } from './query-key'

// Answers that depend on who asks (SERVICE-SPEC.md): a userSocial component (the asking user's likes and
// follows), the current-user alias (`mhals-current-user`), and silos (recommendations for the user). A cache
// shared by two users must not hand one user's answer to the other, so such a query's key carries a scope.

/** What makes the answer depend on who asks, at `path`: undefined when nothing does. */
export interface WhoAsks {
  readonly path: JsonPath
  readonly what: string
}

/** The first part of a request whose answer depends on who asks, or undefined. */
export function dependsOnWhoAsks({ endpoint, body }: KeyedRequest): WhoAsks | undefined {
  if (endpoint === 'silos') return { path: [], what: 'silos are recommendations for the user who asks' }
  return find(body, [])
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
  if (record.name === 'userSocial' && path.at(-2) === 'components')
    return { path: [...path, 'name'], what: 'userSocial is what the user who asks likes and follows' }
  for (const key of Object.keys(record)) {
    const found = find(record[key], [...path, key])
    if (found) return found
  }
  return undefined
}
