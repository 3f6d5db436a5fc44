import type { ZodMiniType } from 'zod/mini'
// Each name from the file that defines it, not through the model's entry: where the code runs untranspiled
// into one module graph (tsx, vitest, a CommonJS build) every re-export level is a getter call per use,
// and a chain of them cost ~0.2 of JSON.parse per fromJSON of the quickstart body (bench/from-json-compile).
import { HqlError } from '../model/errors'
import { QueryValue } from '../model/query/value'
import { withRequiredFilters } from '../model/query/required-filters'
import { typesOfBody } from '../model/query/returned-types'
import { checkComponentTree } from '../model/rules'
import { checkRequestShape } from '../model/request-shape'
import { endpointNames, isEndpointName } from '../model/wire'
import { parseWith } from '../model/issues'
import { requestSchemas } from '../model/request/bodies'
import { parseOwnedRequestFast, parseRequestFast } from '../model/request/fast-bodies'
import type { EndpointName } from '../model/wire'
import type { RequestBodies } from '../model/request/bodies'
import type { ComponentRequest } from '../model/request/components'
import { upgradeLegacyForms } from './legacy'

/**
 * Turns untrusted JSON into a query: validates it against the endpoint's request schema, accepts the older
 * forms (string factors and components, `boostOnly: "true"`, the filter key `source`, lowercase type names),
 * and checks components against the types the query returns. Errors are `HqlError`s (`HqlValidationError`
 * lists every schema issue) naming the JSON path and what was expected. This is the untyped door: the package
 * entry (src/index.ts) gives it the builder's query types, so that `hql`'s fromJSON returns a query that can
 * be extended further.
 *
 * @example
 * const q = fromJSON('explore', JSON.parse(text))
 * compile(q).body // the canonical form
 */
export function fromJSON<E extends EndpointName>(endpoint: E, json: unknown): QueryValue {
  return read(endpoint, json, 'shared')
}

/**
 * `fromJSON` for a body the caller built and holds no other reference to (text's lowered body): the same
 * checks, errors and result, but the parts already canonical become the query's own (frozen in place) instead
 * of being copied. Not part of the package's API: JSON from outside must never be frozen under its owner.
 */
export function fromOwnedJSON<E extends EndpointName>(
  endpoint: E,
  body: unknown,
  { frozen = false }: { readonly frozen?: boolean } = {},
): QueryValue {
  return read(endpoint, body, frozen ? 'frozen' : 'owned')
}

/**
 * `owned`: the body is the caller's own (fromOwnedJSON), and its fast path counts the size limits itself;
 * `frozen`: its owner froze each of its objects already (parseOwnedRequestFast's `frozen`).
 */
function read<E extends EndpointName>(
  endpoint: E,
  json: unknown,
  ownership: 'shared' | 'owned' | 'frozen',
): QueryValue {
  const owned = ownership !== 'shared'
  if (!isEndpointName(endpoint))
    throw new HqlError('invalid_endpoint', `expected an endpoint name: ${endpointNames.join(', ')}`)
  // Bounds what the rest may cost (depth, list sizes, total size) and refuses `__proto__` keys, first; the
  // owned form's fast path counts the same limits as it checks (its recursion bounded by the depth limit), so
  // the walk runs only for a body it refuses (then first, with the errors and paths it always had).
  if (!owned) checkRequestShape(json)
  const schema = requestSchemas[endpoint] as unknown as ZodMiniType<RequestBodies[E]>
  // The schema compiled to plain checks accepts a canonical body at a small fraction of zod's cost (≈0.4 µs
  // against ≈12.7 µs for the quickstart body, bench/from-json-compile.bench.ts); what it refuses (an error,
  // an older form) takes the schema's own path, so issues, messages and paths are zod's as before. It reads
  // the body as it came: a body it accepts holds no older form, which the tolerant reader would leave alone.
  let body = owned
    ? parseOwnedRequestFast(endpoint, json, { frozen: ownership === 'frozen' })
    : parseRequestFast(endpoint, json)
  if (body === undefined) {
    if (owned) checkRequestShape(json)
    body = parseWith(schema, upgradeLegacyForms(json))
  }
  const types = typesOfBody(endpoint, body)
  const components = (body as { components?: readonly ComponentRequest[] }).components
  if (components) checkComponentTree(components, types, ['components'])
  return QueryValue.of(endpoint, withRequiredFilters(endpoint, body), types)
}
