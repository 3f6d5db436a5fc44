// Each name from the file that defines it, not through the model's entry: where the code runs untranspiled
// into one module graph (tsx, vitest, a CommonJS build) every re-export level is a getter call per use,
// and a chain of them cost ~0.2 of JSON.parse per fromJSON of the quickstart body (bench/from-json-compile).
import { HqlError, HqlValidationError } from '../model/errors'
import type { ValidationIssue } from '../model/errors'
import { QueryValue } from '../model/query/value'
import { withRequiredFilters } from '../model/query/required-filters'
import { typesOfBody } from '../model/query/returned-types'
import { checkComponentTree } from '../model/rules'
import { checkRequestShape } from '../model/request-shape'
import { endpointNames, isEndpointName } from '../model/wire'
import { checkBody } from '../model/request/rule'
import { canonical } from '../model/request/canonical'
import { requestRules } from '../model/request/bodies'
import { IdListRule } from '../model/request/ids'
import type { EndpointName } from '../model/wire'
import type { RequestBody } from '../model/request/bodies'
import type { ComponentRequest } from '../model/request/components'
import { upgradeLegacyForms } from './legacy'

/**
 * Turns untrusted JSON into a query: checks it with the endpoint's request rule (request/bodies.ts, the rules
 * the builder and text check with), accepts the older forms (string factors and components, `boostOnly:
 * "true"`, the filter key `source`, lowercase type names), and checks components against the types the query
 * returns. Errors are `HqlError`s (`HqlValidationError` lists every mistake the rule finds) naming the JSON path
 * and what was expected. This is the untyped door: the package entry (src/index.ts) gives it the builder's
 * query types, so that `hql`'s fromJSON returns a query that can be extended further.
 *
 * @example
 * const q = fromJSON('explore', JSON.parse(text))
 * compile(q).body // the canonical form
 */
export function fromJSON<E extends EndpointName>(endpoint: E, json: unknown): QueryValue {
  return read(endpoint, json, true)
}

/**
 * `fromJSON` for a body the caller made, froze and holds no other reference to (text's lowered body): the
 * same checks, errors and result, but its parts are the query's own as they are (canonical already), not
 * copied. Not part of the package's API: JSON from outside must be copied, never kept under its owner.
 */
export function fromOwnedJSON<E extends EndpointName>(endpoint: E, body: unknown): QueryValue {
  return read(endpoint, body, false)
}

function read<E extends EndpointName>(endpoint: E, json: unknown, copy: boolean): QueryValue {
  if (!isEndpointName(endpoint))
    throw new HqlError('invalid_endpoint', `expected an endpoint name: ${endpointNames.join(', ')}`)
  const rule = requestRules[endpoint]
  // The rule bounds its own work (depth, each list, the values in all; `__proto__` is no key of any object), so
  // a body it takes needs no walk for the limits, only the copy below (of a body known to be within them). One
  // it refuses is walked for the limits first, which then answer with their own errors and paths
  // (request-shape.ts); it may be in an older form: rewritten, it is checked again and then copied whole (the
  // rewrite made new parts), and what the rule says of that is the answer.
  let given = json
  let owned = !copy
  if (checkBody(rule, json)) {
    checkRequestShape(json)
    given = upgradeLegacyForms(json)
    owned = false
    const issues = checkBody(rule, given)
    if (issues) throw new HqlValidationError(issues as [ValidationIssue])
  }
  // Then the query's own copy, in canonical key order (JSON from outside is never kept under its owner).
  const body = canonical(rule, given, owned) as RequestBody
  const types = typesOfBody(endpoint, body as never)
  const components = (body as { components?: readonly ComponentRequest[] }).components
  if (components) checkComponentTree(components, types, ['components'])
  return QueryValue.of(endpoint, withRequiredFilters(endpoint, body), types, IdListRule)
}
