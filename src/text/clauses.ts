// The clauses of each operation and their one order (docs/text.md, "Decisions": the order of the request's
// keys), declared once: the parser reads an operation's clauses by walking this table (parse-operations.ts),
// and the language service offers after a clause only the clauses that may follow it (src/language).
import { endpointNames } from '../model/wire'
import type { EndpointName } from '../model/wire'

/** A clause, by the keyword that begins it; `siloSize` is `silo size`. */
export type ClauseName = 'to' | 'for' | 'where' | 'order' | 'silo' | 'with' | 'page' | 'siloSize'

export interface ClauseRule {
  readonly name: ClauseName
  /** The operation cannot go without it (relate's `to`, silos' first `silo`). */
  readonly required: boolean
  /** It may be written again right after itself (one `silo` per blueprint). */
  readonly repeats: boolean
}

const optional = (name: ClauseName): ClauseRule => ({ name, required: false, repeats: false })
const required = (name: ClauseName): ClauseRule => ({ name, required: true, repeats: false })

/** Each operation's clauses, in the order they must be written. */
export const operationClauses: Readonly<Record<EndpointName, readonly ClauseRule[]>> = {
  explore: [optional('where'), optional('order'), optional('with'), optional('page')],
  relate: [required('to'), optional('where'), optional('with'), optional('page')],
  silos: [
    optional('for'),
    optional('where'),
    { name: 'silo', required: true, repeats: true },
    optional('with'),
    optional('page'),
    optional('siloSize'),
  ],
  lookup: [optional('with'), optional('page')],
}

/** The words that begin each clause, as written (and as completion offers them). */
export const clauseWords: Readonly<Record<ClauseName, string>> = {
  to: 'to',
  for: 'for',
  where: 'where',
  order: 'order by',
  silo: 'silo',
  with: 'with',
  page: 'page',
  siloSize: 'silo size',
}

/** The keyword a clause begins with: `silo` for `silo size`. */
export const clauseKeyword = (name: ClauseName): string => clauseWords[name].split(' ')[0] as string

/**
 * The clauses written on the operation's own line (`relate Movie to "…"`, `silos for […]`); every other
 * clause starts a line of the layout, and so takes the comments on it.
 */
export const onOperationLine: ReadonlySet<ClauseName> = new Set<ClauseName>(['to', 'for'])

/**
 * The keywords a definition starts with: `query`, or an operation (each named by its endpoint), or `fragment`
 * (a fragment's definition).
 */
export const definitionKeywords: readonly string[] = ['query', ...endpointNames, 'fragment']

/**
 * The keywords after which the grammar reads a value, where a `$param` fits (docs/text.md: "anywhere a
 * value goes"): `page 2`, `page size 20`, `to "…"`, `lookup "…"`, `weight 2`, `for […]`, `probability 0.5`,
 * `silo size 3`. test/language/completion.test.ts parses each with a parameter after it.
 */
export const valueKeywords: ReadonlySet<string> = new Set([
  'page',
  'size',
  'to',
  'lookup',
  'weight',
  'for',
  'probability',
])
