import { compileSchema, refused } from './fast-parse'
import { generateSchema } from './fast-generate'
import type { Compiled } from './fast-parse'
import { requestSchemas } from './bodies'
import type { RequestBodies } from './bodies'
import type { EndpointName } from '../wire'
import { listLimitAt, requestLimits } from '../limits'
import { maxJsonDepth } from '../rules'
import { withinRequestShape } from '../request-shape'

// What the owned form counts as it checks (request-shape.ts's limits), so that fromOwnedJSON skips that walk.
const countedLimits = {
  nodes: requestLimits.nodes,
  maxDepth: maxJsonDepth,
  listLimit: (key: string) => {
    const limit = listLimitAt(key)
    return limit === undefined ? undefined : requestLimits[limit]
  },
}

// Each endpoint's request schema compiled once, the first time a body for that endpoint is parsed: to
// generated code where the runtime allows it (fast-generate.ts), else to closures (fast-parse.ts).
const compiledBodies: Partial<Record<EndpointName, Compiled>> = {}
const adoptingBodies: Partial<Record<EndpointName, Compiled>> = {}
const frozenBodies: Partial<Record<EndpointName, Compiled>> = {}

/**
 * The fast path of a request body's parse: what `requestSchemas[endpoint]` would return for `json`, or
 * `undefined` when the compiled check cannot tell the schema would accept it as it is (an invalid body, an
 * older form the tolerant reader rewrites); the caller then parses with the schema itself.
 */
export function parseRequestFast<E extends EndpointName>(
  endpoint: E,
  json: unknown,
): RequestBodies[E] | undefined {
  const schema = requestSchemas[endpoint]
  const compiled = (compiledBodies[endpoint] ??= generateSchema(schema) ?? compileSchema(schema))
  const body = compiled(json)
  return body === refused ? undefined : (body as RequestBodies[E])
}

/**
 * `parseRequestFast` for a body the caller made and owns (text's lowered body, which nothing else holds): the
 * parts already canonical are frozen in place and returned as they are, not copied. Never for JSON from
 * outside: that would freeze the caller's value. It also refuses a body past a request size limit
 * (`checkRequestShape`), counted as it checks where code is generated, so a body it returns needs no walk.
 *
 * `frozen`: the owner has frozen every object of the body already (text's lowering freezes each part as it makes
 * it, and hands out shared frozen constants for the parts a query often repeats, such as `{ name: 'primaryImage' }`),
 * so a part returned as it is is not frozen a second time. A part that is not frozen would stay open in the query:
 * only for an owner that freezes all it builds (test/text/shared-parts.test.ts).
 */
export function parseOwnedRequestFast<E extends EndpointName>(
  endpoint: E,
  body: unknown,
  { frozen = false }: { readonly frozen?: boolean } = {},
): RequestBodies[E] | undefined {
  const schema = requestSchemas[endpoint]
  const compiled = ((frozen ? frozenBodies : adoptingBodies)[endpoint] ??=
    generateSchema(schema, { adopt: true, frozen, limits: countedLimits }) ??
    withinShape(compileSchema(schema)))
  const parsed = compiled(body)
  return parsed === refused ? undefined : (parsed as RequestBodies[E])
}

/** The closures (which do not count) behind the walk that does. */
const withinShape =
  (compiled: Compiled): Compiled =>
  (value) =>
    value !== null && typeof value === 'object' && !withinRequestShape(value) ? refused : compiled(value)
