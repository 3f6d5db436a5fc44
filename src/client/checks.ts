import { endpointAtPath, envelopeSchemas, responseCheckOf, responseCheckOfBody } from '../model/core'
import type { JsonPath } from '../model/errors'
import { pathDeeperThan } from '../model/request-shape'
import type { CheckFunction, CheckInfo } from './check'
import { InvalidResponseError, type RequestDescription } from './errors'

/** The part of a response checker (src/model/check/kit.ts) the client uses. */
export interface ResponseSchema {
  safeParse(value: unknown):
    | { readonly success: true; readonly data: unknown }
    | {
        readonly success: false
        readonly error: { readonly issues: readonly { readonly path: JsonPath; readonly message: string }[] }
      }
}

/**
 * The strict response check: each page against what its query promises (the types it returns, every
 * component it requested at every depth with its shape and context, paging info; `userSocial`, which only a
 * user's token gets, may be absent). A page of a continuation (a list's, a silo's) is checked against what its
 * own request body asks for. The response is returned as received: fields the query did not ask for are kept.
 *
 * @example
 * const client = createClient({ baseUrl, auth, check: strictCheck })
 */
export const strictCheck: CheckFunction = (json, info) => {
  const endpoint = endpointAtPath(info.endpoint)
  if (endpoint === undefined) return json
  const schema =
    info.query === undefined ? responseCheckOfBody(endpoint, info.body) : responseCheckOf(info.query)
  return checkInfo(schema, json, endpoint, info)
}

/**
 * The loose response check: the envelope only (content, pagingInfo, silos), whatever the query asked for.
 *
 * @example
 * const client = createClient({ baseUrl, auth, check: looseCheck })
 */
export const looseCheck: CheckFunction = (json, info) => {
  const endpoint = endpointAtPath(info.endpoint)
  return endpoint === undefined ? json : checkInfo(envelopeSchemas[endpoint], json, endpoint, info)
}

const checkInfo = (schema: ResponseSchema, json: unknown, endpoint: string, info: CheckInfo) =>
  checkResponse(schema, json, `the ${endpoint} response`, () => info.request, info.scrub)

/**
 * How deep a response may nest before it is checked: the model's deepest response (components nested
 * `maxComponentDepth` = 5 levels, four JSON levels each, inside the envelope) is about 30 levels; the checker
 * recurses per level and overflows the stack past ~2,000 in Node (fewer in browsers with smaller stacks).
 */
export const maxResponseDepth = 256

/**
 * Checks `json` against `schema` and returns it, or throws an `InvalidResponseError` at the first issue's path.
 * The response is returned as received (not zod's copy), so fields the model does not know survive. Its depth
 * is bounded first, by an iterative walk, so that the recursive check never overflows the stack. `request` may
 * be a function that describes it, called only for an error: a redacted description costs work that a
 * response that passes never needs.
 */
export function checkResponse(
  schema: ResponseSchema,
  json: unknown,
  what: string,
  request?: RequestDescription | (() => RequestDescription),
  scrub: (text: string) => string = (text) => text,
): unknown {
  // The path is only worked out for a response that is too deep: the common case walks depths, not paths.
  const deep = nestsDeeperThan(json, maxResponseDepth) ? pathDeeperThan(json, maxResponseDepth) : undefined
  if (deep !== undefined)
    throw new InvalidResponseError(`${what} nests more than ${maxResponseDepth} levels deep`, {
      path: deep,
      request: typeof request === 'function' ? request() : request,
    })
  const result = schema.safeParse(json)
  if (result.success) return json
  const [first, ...rest] = result.error.issues
  const more = rest.length === 0 ? '' : ` (and ${rest.length} more issue${rest.length === 1 ? '' : 's'})`
  throw new InvalidResponseError(
    `${what} does not match the model: ${scrub(first?.message ?? 'invalid')}${more}`,
    {
      path: first?.path ?? [],
      request: typeof request === 'function' ? request() : request,
    },
  )
}

/**
 * Whether an object or array in parsed JSON sits more than `maxDepth` levels deep: `pathDeeperThan`'s answer
 * without its paths, so that a response that passes allocates no path per object. Recursive, but never more
 * than `maxDepth` calls deep (it stops there), which every engine's stack holds: no array of pending nodes is
 * built, and arrays are walked by index (`for…in` would make a string key per element).
 */
function nestsDeeperThan(json: unknown, maxDepth: number): boolean {
  return json !== null && typeof json === 'object' && deeper(json, maxDepth)
}

/** Whether `node`, an object or array `left` levels above the limit, holds one at or past it. */
function deeper(node: object, left: number): boolean {
  if (left <= 0) return true
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i]
      if (child !== null && typeof child === 'object' && deeper(child, left - 1)) return true
    }
    return false
  }
  for (const key in node) {
    const child = (node as Record<string, unknown>)[key]
    if (child !== null && typeof child === 'object' && deeper(child, left - 1)) return true
  }
  return false
}
