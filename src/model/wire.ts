// The facts of the wire that every door needs to agree on, declared once: the endpoint names, where the
// endpoints live, the canonical key order of request bodies, the token path, and the sorted-key JSON that
// compares bodies whatever their key order. The builder, compile, text, the client, testing and the service
// read them from here.
import { isObject } from './check/kit'

/** The four graph endpoints, by the name used in `hql.<name>()` and `fromJSON(<name>, …)`. */
export const endpointNames = ['explore', 'relate', 'silos', 'lookup'] as const
export type EndpointName = (typeof endpointNames)[number]

export const isEndpointName = (name: unknown): name is EndpointName =>
  (endpointNames as readonly unknown[]).includes(name)

/** The path of a graph endpoint below the service's base URL: `/graph/explore`. */
export const graphPath = <E extends EndpointName>(name: E): `/graph/${E}` => `/graph/${name}`

/** The endpoint a `graphPath` names: `/graph/explore` → `explore` (for any other path, `endpointAtPath`). */
export const endpointOfGraphPath = <E extends EndpointName>(path: `/graph/${E}`): E =>
  path.slice('/graph/'.length) as E

/**
 * The paths a graph endpoint answers at: `/graph/<name>`, and the bare `/<name>` too, because relate's
 * responses say `/relate` in `pagingInfo.next.endpoint` (SERVICE-SPEC.md).
 */
export const endpointPaths = (name: EndpointName): readonly string[] => [graphPath(name), `/${name}`]

/** What a response's `pagingInfo.next.endpoint` says for each endpoint: relate's says `/relate` (SERVICE-SPEC.md). */
export const nextEndpointPath = (name: EndpointName): string =>
  name === 'relate' ? '/relate' : graphPath(name)

/** The endpoint a path names (one of its `endpointPaths`), or undefined. */
export const endpointAtPath = (path: string): EndpointName | undefined =>
  endpointNames.find((name) => path === graphPath(name) || path === `/${name}`)

/** The token endpoint's path below an `authUrl`. */
export const TOKEN_PATH = '/1.3/security/oauth/token'

/** The check_token endpoint's path below an `authUrl` (SERVICE-NOTES.md). */
export const CHECK_TOKEN_PATH = '/1.3/security/oauth/check_token'

/**
 * The keys of each endpoint's request body, in canonical order: the order `compile` emits. The body rules
 * (request/bodies.ts) are made from this list; the query value (query/value.ts) writes its parts in one order
 * that holds each of them, as test/model/key-order.test.ts checks. The filters object's keys follow
 * `filterNames` (vocabulary.ts) in the same way.
 */
export const bodyKeys = {
  explore: ['filters', 'sort', 'components', 'page', 'pageSize'],
  relate: ['factors', 'filters', 'components', 'page', 'pageSize'],
  lookup: ['ids', 'components', 'page', 'pageSize'],
  silos: ['ids', 'filters', 'blueprints', 'components', 'page', 'pageSize', 'siloPageSize'],
} as const satisfies Record<EndpointName, readonly string[]>
export type BodyKey = (typeof bodyKeys)[EndpointName][number]

/** How deep `sortedJson` walks: a `next.body` or a request nested deeper is refused. */
export const maxSortedJsonDepth = 64

/**
 * JSON with object keys sorted at every level: one text for equal bodies, whatever their key order. A value
 * nested deeper than `maxSortedJsonDepth` levels, more than any request may (`maxJsonDepth`, limits.ts), throws
 * what `tooDeep` makes: walking it could exhaust the stack.
 */
export function sortedJson(value: unknown, tooDeep: () => Error, depth = 0): string {
  if (depth > maxSortedJsonDepth) throw tooDeep()
  if (Array.isArray(value)) return `[${value.map((item) => sortedJson(item, tooDeep, depth + 1)).join(',')}]`
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${sortedJson(value[key], tooDeep, depth + 1)}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}
