import { compile } from '../compile'
import type { Query } from '../builder'
import type { QueryDefinitionNode } from './ast'
import { noComments } from './ast'
import { HqlTextError } from './errors'
import { operationFromBody } from './from-body'
import { parseDocument } from './parser'
import { printDefinition } from './printer'
import { resolveDefinition } from './resolve'
import type { ResolveOptions } from './resolve'
import { makeSource } from './source'

export interface ParseQueryOptions extends ResolveOptions {
  /** Which query of the text, by name; needed when the text holds more than one. */
  readonly query?: string
  /** The name errors print for the text (a file path); `<query>` by default. */
  readonly source?: string
}

/**
 * Parses HQL text into the model's query: the same value the builder and `fromJSON` produce, ready for
 * `compile` or a client. Throws an `HqlTextError` (an `HqlSyntaxError` for text that breaks the grammar)
 * naming the line and column, and nothing else.
 *
 * @example
 * const q = parseQuery('explore Movie where contributors = "mhric-brad-pitt" order by releaseDate desc')
 * compile(q).body // { filters: { returnType: { $eq: 'Movie' }, contributors: { $eq: 'mhric-brad-pitt' } }, sort: [...] }
 *
 * parseQuery(catalogText, { query: 'moviesByContributor', params: { contributor: 'mhric-brad-pitt' } })
 */
export function parseQuery(text: string, options: ParseQueryOptions = {}): Query {
  const source = makeSource(text, options.source)
  const document = parseDocument(text, options.source)
  const definition = chooseDefinition(source, document.definitions, options.query)
  const resolved = resolveDefinition(source, definition, options)
  if (!resolved.ok) throw resolved.errors[0]
  return resolved.query
}

function chooseDefinition(
  source: ReturnType<typeof makeSource>,
  definitions: readonly QueryDefinitionNode[],
  name: string | undefined,
): QueryDefinitionNode {
  if (name !== undefined) {
    const found = definitions.find((definition) => definition.name?.value === name)
    if (found) return found
    const names = definitions.flatMap((definition) => (definition.name ? [definition.name.value] : []))
    throw new HqlTextError(source, {
      code: 'unknown_query',
      reason: `no query named '${name}'; the text holds ${names.length > 0 ? names.join(', ') : 'no named query'}`,
      offset: 0,
    })
  }
  const [only, second] = definitions
  if (only !== undefined && second === undefined) return only
  throw new HqlTextError(source, {
    code: 'ambiguous_query',
    reason: `the text holds ${definitions.length} queries; choose one by name with { query }`,
    offset: second?.loc.start ?? 0,
  })
}

export interface PrintQueryOptions {
  /** Print as a named query: `query <name>` above it. */
  readonly name?: string
}

/**
 * Prints a query as canonical HQL text (no trailing newline). `parseQuery(printQuery(q))` compiles to the
 * same JSON as `q`.
 *
 * @example
 * printQuery(hql.explore().filter(returnType.eq('Movie')).sort(releaseDate.desc()))
 * // explore Movie
 * //   order by releaseDate desc
 */
export function printQuery(query: Query, options: PrintQueryOptions = {}): string {
  const { endpoint, body } = compile(query)
  const operation = operationFromBody(endpoint.slice('/graph/'.length) as Query['endpoint'], body)
  const none = { start: -1, end: -1 }
  return printDefinition({
    kind: 'QueryDefinition',
    name: options.name === undefined ? undefined : { kind: 'Name', value: options.name, loc: none },
    params: [],
    operation,
    comments: noComments(),
    loc: none,
  })
}
