import { endpointAtPath, envelopeSchemas, responseCheckOf, responseCheckOfBody } from '../model/core'
import type { JsonPath } from '../model/errors'
import { MAX_RESPONSE_DEPTH } from '../model/limits'
import { scrubPath, type CheckFunction } from './check'
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
  return checkResponse(schema, json, `the ${endpoint} response`, () => info.request, info.scrub)
}

/**
 * The loose response check: the envelope only (content, pagingInfo, silos), whatever the query asked for.
 *
 * @example
 * const client = createClient({ baseUrl, auth, check: looseCheck })
 */
export const looseCheck: CheckFunction = (json, info) => {
  const endpoint = endpointAtPath(info.endpoint)
  return endpoint === undefined
    ? json
    : checkResponse(
        envelopeSchemas[endpoint],
        json,
        `the ${endpoint} response`,
        () => info.request,
        info.scrub,
      )
}

/** How deep a response may nest before it is checked: the model's bound (src/model/limits.ts). */
export { MAX_RESPONSE_DEPTH as maxResponseDepth }

/**
 * Checks `json` against `schema` and returns it, or throws an `InvalidResponseError` at the first issue's path.
 * The response is returned as received (not zod's copy), so fields the model does not know survive. Its depth
 * is bounded first, by a walk that stops at the limit, so that the recursive check never overflows the stack. `request`
 * describes the request, called only for an error: a redacted description costs work that a response that
 * passes never needs.
 */
export function checkResponse(
  schema: ResponseSchema,
  json: unknown,
  what: string,
  request?: () => RequestDescription,
  scrub: (text: string) => string = (text) => text,
): unknown {
  const deep = deepPath(json, MAX_RESPONSE_DEPTH)
  if (deep !== undefined)
    throw new InvalidResponseError(`${what} nests more than ${MAX_RESPONSE_DEPTH} levels deep`, {
      path: scrubPath(deep, scrub),
      request: request?.(),
    })
  const result = schema.safeParse(json)
  if (result.success) return json
  const [first, ...rest] = result.error.issues
  const more = rest.length === 0 ? '' : ` (and ${rest.length} more issue${rest.length === 1 ? '' : 's'})`
  throw new InvalidResponseError(
    `${what} does not match the model: ${scrub(first?.message ?? 'invalid')}${more}`,
    {
      path: scrubPath(first?.path ?? [], scrub),
      request: request?.(),
    },
  )
}

/**
 * The path of an object or array in parsed JSON that sits `left` or more levels below `node` (`[]` when `node`
 * is one and `left` is 0), or undefined. Recursive, but never more than `left` calls deep (it stops there),
 * which every engine's stack holds; the path is built only on the way back from a node too deep, so that a
 * response that passes allocates nothing, and arrays are walked by index (`for…in` would make a string key
 * per element).
 */
function deepPath(node: unknown, left: number): JsonPath | undefined {
  if (node === null || typeof node !== 'object') return undefined
  if (left <= 0) return []
  // Leaves are tested here rather than in a call of their own: most of a page is leaves.
  let child: unknown
  let path: JsonPath | undefined
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++)
      if ((child = node[i]) !== null && typeof child === 'object' && (path = deepPath(child, left - 1)))
        return [i, ...path]
    return undefined
  }
  for (const key in node)
    if (
      (child = (node as Record<string, unknown>)[key]) !== null &&
      typeof child === 'object' &&
      (path = deepPath(child, left - 1))
    )
      return [key, ...path]
  return undefined
}
