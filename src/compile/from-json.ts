import type { ZodMiniType } from 'zod/mini'
import { HqlError, checkComponentTree, checkRequestShape, parseWith, requestSchemas } from '../model'
import type { ComponentRequest, Filters, LookupRequest, ObjectTypeName, RequestBodies } from '../model'
import { QueryValue } from '../builder/query-value'
import type { EndpointName, ExploreQuery, LookupQuery, RelateQuery, SilosQuery } from '../builder'
import { browsableTypes, typesOfReturnType } from '../builder/check-filters'
import { typesOfIds } from '../builder/lookup'
import { upgradeLegacyForms } from './legacy'

const endpointNames: readonly EndpointName[] = ['explore', 'relate', 'silos', 'lookup']

/** What fromJSON returns for each endpoint: a builder query, so it can be extended further. */
interface QueriesByEndpoint {
  explore: ExploreQuery
  relate: RelateQuery
  silos: SilosQuery
  lookup: LookupQuery
}

const defaultTypes: Record<EndpointName, readonly ObjectTypeName[]> = {
  explore: browsableTypes,
  relate: ['Movie', 'ShowSeries'],
  silos: ['Movie', 'ShowSeries'],
  lookup: browsableTypes,
}

/**
 * Turns untrusted JSON into a query: validates it against the endpoint's request schema, accepts the older
 * forms (string factors and components, `boostOnly: "true"`, the filter key `source`, lowercase type names),
 * and checks components against the types the query returns. Errors are `HqlError`s (`HqlValidationError`
 * lists every schema issue) naming the JSON path and what was expected.
 *
 * @example
 * const q = fromJSON('explore', JSON.parse(text))
 * compile(q).body // the canonical form
 */
export function fromJSON<E extends EndpointName>(endpoint: E, json: unknown): QueriesByEndpoint[E] {
  if (!endpointNames.includes(endpoint))
    throw new HqlError('invalid_endpoint', `expected an endpoint name: ${endpointNames.join(', ')}`)
  // Bounds what the rest may cost (depth, list sizes, total size) and refuses `__proto__` keys, first.
  checkRequestShape(json)
  const schema = requestSchemas[endpoint] as unknown as ZodMiniType<RequestBodies[E]>
  const body = parseWith(schema, upgradeLegacyForms(json))
  const types = typesOf(endpoint, body)
  const components = (body as { components?: readonly ComponentRequest[] }).components
  if (components) checkComponentTree(components, types, ['components'])
  return QueryValue.of(endpoint, body, types) as never
}

function typesOf(endpoint: EndpointName, body: RequestBodies[EndpointName]): readonly ObjectTypeName[] {
  // A lookup returns what its ids name; the others, what returnType lets through.
  if (endpoint === 'lookup') return typesOfIds((body as LookupRequest).ids)
  const filters = (body as { filters?: Filters }).filters
  return filters?.returnType ? typesOfReturnType(filters.returnType, browsableTypes) : defaultTypes[endpoint]
}
