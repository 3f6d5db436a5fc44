// hql: the typed builder, compile and fromJSON, HQL text (parseQuery, printQuery), the client, and the
// model's types and schemas. No Node imports: this entry runs in browsers, Deno, Bun and edge runtimes.
export * from './builder'
export * from './compile'
export * from './text'
export * from './client'
export * from './model'

// fromJSON is compile's untyped door; the entry gives it the builder's query types (compile does not import
// the builder: docs/architecture.md), so that the query it returns can be extended with the builder.
import { fromJSON as readQueryJSON } from './compile'
import type { EndpointName } from './model'
import type { QueriesByEndpoint } from './builder'

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
export const fromJSON: <E extends EndpointName>(endpoint: E, json: unknown) => QueriesByEndpoint[E] =
  readQueryJSON as never
