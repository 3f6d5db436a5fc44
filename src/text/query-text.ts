import { HqlError } from '../model/errors'
import { clipped, shownList, shownValue } from '../model/shown'
import { compile } from '../compile'
import { endpointOfGraphPath } from '../model/core'
import type { Query } from '../model/core'
import type { QueryDefinitionNode } from './ast'
import { noComments } from './ast'
import { HqlTextError } from './errors'
import { operationFromBody } from './from-body'
import { parseDocument } from './parser'
import { printDefinition } from './printer'
import { resolveDefinition } from './resolve'
import { withGivenFragments } from './fragments'
import type { GivenFragments } from './fragments'
import type { ResolveOptions } from './resolve'
import { makeSource } from './source'
import { expectArgument, expectOptions } from './arguments'

const isStringOption = (value: unknown): boolean => value === undefined || typeof value === 'string'

export interface ParseQueryOptions extends ResolveOptions {
  /** Which query of the text, by name; needed when the text holds more than one. */
  readonly query?: string
  /** The name errors print for the text (a file path); `<query>` by default. */
  readonly source?: string
  /**
   * Fragments the builder made, by the name the text spreads each by: `...movieCard` spreads `{ movieCard }`'s
   * components as `.with(...movieCard)` does (beside the text's own `fragment … on …`).
   */
  readonly fragments?: GivenFragments
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
 *
 * const movieCard = fragment('Movie', primaryImage, keyContributors(primaryImage))
 * parseQuery('explore Movie with ...movieCard', { fragments: { movieCard } }) // as .with(...movieCard)
 */
export function parseQuery(text: string, options: ParseQueryOptions = {}): Query {
  // JavaScript callers get the same typed error as everyone else, not a TypeError from deep inside.
  if (typeof text !== 'string')
    throw new HqlError(
      'invalid_argument',
      `parseQuery expects the query text as a string, got ${typeof text}`,
    )
  expectOptions(options, ['query', 'source', 'params', 'placeholders', 'fragments'], 'parseQuery')
  expectArgument(isStringOption(options.query), options.query, 'parseQuery expects query as a string', [
    'query',
  ])
  expectArgument(isStringOption(options.source), options.source, 'parseQuery expects source as a string', [
    'source',
  ])
  const { params } = options
  if (params !== undefined && (params === null || typeof params !== 'object' || Array.isArray(params)))
    throw new HqlError('invalid_argument', 'parseQuery expects params as an object of named values', {
      path: ['params'],
    })
  const source = makeSource(text, options.source)
  const document = parseDocument(text, options.source)
  const definition = chooseDefinition(source, document.definitions, options.query)
  const fragments = withGivenFragments(document, options.fragments, source)
  const resolved = resolveDefinition(
    source,
    definition,
    { params, placeholders: options.placeholders },
    fragments,
  )
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
      reason: `no query named ${clipped(name)}; the text holds ${names.length > 0 ? shownList(names, clipped) : 'no named query'}`,
      offset: 0,
    })
  }
  const [only, second] = definitions
  if (only !== undefined && second === undefined) return only
  throw new HqlTextError(source, {
    code: 'ambiguous_query',
    reason: `the text holds ${definitions.length} queries; choose one by name (the query option; --query in the CLI)`,
    offset: second?.start ?? 0,
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
  expectOptions(options, ['name'], 'printQuery')
  // The name is printed as it is, so it must be one the parser reads back as a name.
  if (options.name !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(options.name))
    throw new HqlError(
      'invalid_name',
      `a query name is letters, digits and _, not starting with a digit; got ${shownValue(options.name)}`,
      {
        path: ['name'],
      },
    )
  const { endpoint, body } = compile(query)
  const operation = operationFromBody(endpointOfGraphPath(endpoint), body)
  const none = { start: -1, end: -1 }
  return printDefinition({
    kind: 'QueryDefinition',
    name: options.name === undefined ? undefined : { kind: 'Name', value: options.name, ...none },
    params: [],
    operation,
    comments: noComments,
    ...none,
  })
}
