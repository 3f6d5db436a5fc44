import type { JsonPath } from '../model/errors'
import { InvalidResponseError, type RequestDescription } from './errors'

/** How much of a 2xx response is checked against the model: all of it (default), or nothing. */
export type ValidationMode = 'strict' | 'off'

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
 * Checks `json` against `schema` and returns it, or throws an `InvalidResponseError` at the first issue's path.
 * The response is returned as received (not zod's copy), so fields the model does not know survive.
 */
export function checkResponse(
  schema: ResponseSchema,
  json: unknown,
  what: string,
  request?: RequestDescription,
  scrub: (text: string) => string = (text) => text,
): unknown {
  const result = schema.safeParse(json)
  if (result.success) return json
  const [first, ...rest] = result.error.issues
  const more = rest.length === 0 ? '' : ` (and ${rest.length} more issue${rest.length === 1 ? '' : 's'})`
  throw new InvalidResponseError(
    `${what} does not match the model: ${scrub(first?.message ?? 'invalid')}${more}`,
    {
      path: first?.path ?? [],
      request,
    },
  )
}
