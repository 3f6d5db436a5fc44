import { componentCatalogue, componentNames, isConditional } from '../model/components'
import type { ComponentEntry } from '../model/components'
import { componentSummaries } from '../model/component-docs'
import { mediaTypeNames, objectTypeNames, returnTypeNames } from '../model/ids'
import type { ObjectTypeName } from '../model/ids'
import { browsableTypes } from '../model/query/returned-types'
import { blueprintTypes, filterNames, plainSortTypes, sortProperties } from '../model/vocabulary'
import { endpointNames } from '../model/wire'
import type { EndpointName } from '../model/wire'
import {
  clauseWords,
  definitionKeywords,
  filterOperators,
  lex,
  operationClauses,
  paramTypeNames,
  valueKeywords,
} from '../text'
import type { Token } from '../text'
import type { IdProvider } from './ids'
import { clauseKeywords, clausePosition, lastClause, operationOf, queryTokens, typesInScope } from './scope'
import { fragmentHeads, givenHeads } from './fragments'
import type { FragmentHead, GivenFragment } from './fragments'
import { tokenAt } from './tokens'

export type CompletionKind =
  | 'keyword'
  | 'operator'
  | 'filter'
  | 'type'
  | 'id'
  | 'component'
  | 'sort'
  | 'blueprint'
  | 'param'
  | 'paramType'
  | 'fragment'

/** A completion: `insertText` replaces the text from `start` to `end` (the word being typed). */
export interface CompletionItem {
  readonly label: string
  readonly kind: CompletionKind
  readonly insertText: string
  readonly detail?: string
  readonly start: number
  readonly end: number
}

const idLimit = 50
// The objects each id filter takes (SERVICE-SPEC.md's filters).
const idFilterTypes = new Map<string, readonly ObjectTypeName[]>([
  ['contributors', ['Contributor']],
  ['contributorsOf', mediaTypeNames],
  ['sources', ['Source']],
  ['traits', ['Trait']],
  ['collections', ['Collection']],
])

type Item = Omit<CompletionItem, 'start' | 'end'>
const word = (kind: CompletionKind, label: string, detail?: string): Item =>
  detail === undefined ? { label, kind, insertText: label } : { label, kind, insertText: label, detail }

/**
 * What may be written at `offset`, read from the tokens before it (an incomplete query is the common case):
 * operation and clause keywords, filter names and operators, type names, ids from `ids`, the components
 * that apply to the types in scope, sort keys, blueprint types and the query's `$params`; after `...`, the
 * fragments the text defines and those `given` to it (hqlText's second argument), for the objects in scope.
 */
export function complete(
  text: string,
  offset: number,
  ids: IdProvider,
  given: readonly GivenFragment[] = [],
): CompletionItem[] {
  const { tokens } = lex(text)
  const current = tokenAt(tokens, offset)
  const typing =
    current >= 0 && (tokens[current] as Token).start < offset ? (tokens[current] as Token) : undefined
  const typed = typing && typing.kind !== 'punctuator' ? text.slice(typing.start, offset) : ''
  const before = typing && typing.kind !== 'punctuator' ? current : firstAtOrAfter(tokens, offset)
  const start = typed === '' ? offset : (typing as Token).start
  const end = typed === '' ? offset : (typing as Token).end
  const query = queryTokens(tokens, before)
  const fragments =
    given.length === 0 ? fragmentHeads(tokens) : [...fragmentHeads(tokens), ...givenHeads(given)]
  const items = candidates(query, typed, ids, fragments)
  const prefix = typed.toLowerCase()
  return items
    .filter((item) => item.kind === 'id' || item.insertText.toLowerCase().startsWith(prefix))
    .map((item) => ({ ...item, start, end }))
}

function firstAtOrAfter(tokens: readonly Token[], offset: number): number {
  const i = tokens.findIndex((token) => token.start >= offset)
  return i < 0 ? tokens.length - 1 : i
}

function candidates(
  query: readonly Token[],
  typed: string,
  ids: IdProvider,
  fragments: readonly FragmentHead[],
): Item[] {
  const p1 = query[query.length - 1]
  if (typed.startsWith('$')) return paramsOf(query)
  if (typed.startsWith('"')) return idItems(query, typed.slice(1), ids)
  if (p1 === undefined) return definitionKeywords.map((k) => word('keyword', k))
  if (query[0]?.value === 'fragment') return inFragment(query, p1, fragments)
  if (p1.kind === 'punctuator' && p1.value === '...') {
    const clause = lastClause(query)
    const types = clause?.value === 'with' ? typesInScope(query, query.indexOf(clause)) : undefined
    return fragmentItems(fragments, types)
  }
  // Inside the head's parameter list: after `:` a type; elsewhere the names are being declared.
  const head = headState(query)
  if (head === 'params') return p1.value === ':' ? paramTypeNames.map((t) => word('paramType', t)) : []
  if (head === 'name') return []
  const operation = operationOf(query)
  if (operation === undefined) return endpointNames.map((o) => word('keyword', o))
  const next = nextClauses(operation, clausePosition(query, operation))
  if (p1.kind === 'name' && p1.value === operation) {
    if (operation === 'explore' || operation === 'relate')
      return [...returnTypeNames.map((t) => word('type', t)), ...next]
    if (operation === 'silos') return next
  }
  // A value goes here (`page |`, `to |`, `lookup |`, `weight |`...): the query's parameters fit.
  if (p1.kind === 'name' && valueKeywords.has(p1.value)) {
    const paging = p1.value === 'page' && query[query.length - 2]?.value !== 'at'
    return paging ? [...paramsOf(query), word('keyword', 'size')] : paramsOf(query)
  }
  return inClause(query, operation, p1, next, fragments) ?? (isListStart(p1) ? paramsOf(query) : next)
}

/** The clauses that may follow clause `position` of `operation`, up to the first one it cannot go without. */
function nextClauses(operation: EndpointName, position: number): Item[] {
  const rules = operationClauses[operation]
  const next: Item[] = []
  const current = rules[position]
  if (current?.repeats) next.push(word('keyword', clauseWords[current.name]))
  for (const rule of rules.slice(position + 1)) {
    next.push(word('keyword', clauseWords[rule.name]))
    if (rule.required) break
  }
  return next
}

/** What goes at the cursor inside the clause it is in, or undefined where any list's value may go. */
function inClause(
  query: readonly Token[],
  operation: EndpointName,
  p1: Token,
  next: Item[],
  fragments: readonly FragmentHead[],
): Item[] | undefined {
  const clause = lastClause(query)
  const p2 = query[query.length - 2]
  switch (clause?.value) {
    case 'where':
      return whereItems(query, p1, p2, next)
    case 'order':
      if (p1.value === 'order') return [word('keyword', 'by')]
      if (p1.value === 'by' || p1.value === ',') return sortItems()
      if (p1.value === 'idsOrder') return paramsOf(query)
      if (sortKeys.has(p1.value) || p2?.value === 'idsOrder' || p1.value === ']')
        return [word('keyword', 'asc'), word('keyword', 'desc'), ...next]
      return isListStart(p1) ? undefined : next
    case 'with': {
      if (p1.value === 'with' || p1.value === ',' || p1.value === '{') {
        const types = typesInScope(query, query.indexOf(clause))
        return [...componentItems(types), ...spreadItems(fragments, types)]
      }
      if (p1.value === 'at') return [word('keyword', 'page')]
      return insideBraces(query, query.indexOf(clause)) ? [] : next
    }
    case 'silo': {
      if (p1.value !== 'silo') return undefined
      // `silo size` only once a blueprint is written: the clauses allowed before this `silo` say so.
      const before = nextClauses(operation, clausePosition(query.slice(0, -1), operation))
      const size = before.some((item) => item.label === clauseWords.siloSize)
      return [
        ...(size ? [word('keyword', 'size')] : []),
        ...blueprintTypes.map((b) => word('blueprint', b, 'silo blueprint')),
      ]
    }
    case 'to':
      if (isValue(p1) && p2?.value === 'weight') return [word('keyword', 'boost only'), ...next]
      if (isValue(p1)) return [word('keyword', 'weight'), word('keyword', 'boost only'), ...next]
      return undefined
    case 'page':
      if (isValue(p1) && p2?.value === 'page') return [word('keyword', 'size'), ...next]
      return undefined
  }
  return undefined
}

const sortKeys: ReadonlySet<string> = new Set([...sortProperties, ...plainSortTypes])
const isValue = (token: Token) =>
  token.kind === 'string' || token.kind === 'number' || token.kind === 'variable' || token.value === ']'
const isListStart = (token: Token) => token.kind === 'punctuator' && [',', '[', '='].includes(token.value)

/** Whether the cursor is inside a component's `{ ... }` (where no clause may begin). */
function insideBraces(query: readonly Token[], withAt: number): boolean {
  let depth = 0
  for (const token of query.slice(withAt + 1))
    if (token.kind === 'punctuator') depth += token.value === '{' ? 1 : token.value === '}' ? -1 : 0
  return depth > 0
}

/** 'name' while the query's name is being typed, 'params' inside `( ... )` of the head, else 'body'. */
function headState(query: readonly Token[]): 'name' | 'params' | 'body' {
  if (query[0]?.value !== 'query') return 'body'
  if (query.length === 1) return 'name'
  if (query[2]?.value !== '(') return 'body'
  return query.slice(3).some((token) => token.kind === 'punctuator' && token.value === ')')
    ? 'body'
    : 'params'
}

function whereItems(query: readonly Token[], p1: Token, p2: Token | undefined, next: Item[]): Item[] {
  const filterSlot = ['where', 'and', 'or', '('].includes(p1.value)
  if (filterSlot)
    return [
      ...filterNames.map((f) => word('filter', f)),
      ...(p1.value === 'where' ? [word('keyword', 'none')] : []),
    ]
  if (
    p1.kind === 'name' &&
    (filterNames as readonly string[]).includes(p1.value) &&
    p2 &&
    ['where', 'and', 'or', '('].includes(p2.value)
  )
    return filterOperators.map((o) => word('operator', o))
  if (['=', '!=', 'in', '[', ',', 'all'].includes(p1.value)) {
    const filter = lastFilter(query)
    if (filter === 'returnType') return returnTypeNames.map((t) => word('type', t))
    return [...paramsOf(query)]
  }
  if (p1.value === 'none' && p2?.value === 'where') return next
  return [word('keyword', 'and'), ...next]
}

function lastFilter(query: readonly Token[]): string | undefined {
  for (let i = query.length - 1; i >= 0; i--) {
    const token = query[i] as Token
    if (token.kind === 'name' && (filterNames as readonly string[]).includes(token.value)) return token.value
    if (token.kind === 'name' && clauseKeywords.has(token.value)) return undefined
  }
  return undefined
}

function sortItems(): Item[] {
  return [
    ...sortProperties.map((p) => word('sort', p, 'property sort')),
    ...plainSortTypes.map((s) => word('sort', s)),
    word('sort', 'idsOrder', 'in the order of the ids given'),
    word('keyword', 'none'),
  ]
}

function componentItems(types: readonly ObjectTypeName[]): Item[] {
  return componentNames
    .filter((name) =>
      (componentCatalogue[name] as ComponentEntry).appliesTo.some((type) => types.includes(type)),
    )
    .map((name) => {
      const entry: ComponentEntry = componentCatalogue[name]
      const optional = isConditional(entry) ? ' (may be absent)' : ''
      return word('component', name, `${componentSummaries[name]}${optional}`)
    })
}

/** What goes at the cursor in a fragment's definition: `on`, its type, then its components and spreads. */
function inFragment(query: readonly Token[], p1: Token, fragments: readonly FragmentHead[]): Item[] {
  if (query.length === 1) return []
  if (query.length === 2) return [word('keyword', 'on')]
  if (query.length === 3) return objectTypeNames.map((t) => word('type', t))
  const types = typesInScope(query, 0)
  // A fragment spreading itself is a cycle: not offered.
  const others = fragments.filter((fragment) => fragment.name.value !== query[1]?.value)
  if (p1.kind === 'punctuator' && p1.value === '...') return fragmentItems(others, types)
  if (p1.value === '{' || p1.value === ',') return [...componentItems(types), ...spreadItems(others, types)]
  if (p1.value === 'at') return [word('keyword', 'page')]
  return []
}

/** The fragments of the text, as names to write after `...`: those for one of `types` when they are known. */
function fragmentItems(fragments: readonly FragmentHead[], types?: readonly ObjectTypeName[]): Item[] {
  return fragments
    .filter((fragment) => types === undefined || fragment.on === undefined || types.includes(fragment.on))
    .map((fragment) => word('fragment', fragment.name.value, `fragment on ${fragment.on ?? '?'}`))
}

/** The same fragments as spreads, `...name`, among the components a list may take. */
function spreadItems(fragments: readonly FragmentHead[], types: readonly ObjectTypeName[]): Item[] {
  return fragmentItems(fragments, types).map((item) => ({
    ...item,
    label: `...${item.label}`,
    insertText: `...${item.insertText}`,
  }))
}

/** The `$params` the query's head declares. */
function paramsOf(query: readonly Token[]): Item[] {
  const declared: Item[] = []
  for (let i = 0; i + 1 < query.length; i++) {
    const token = query[i] as Token
    if (token.kind === 'variable' && query[i + 1]?.value === ':') {
      const type =
        query[i + 2]?.value === '[' ? `[${query[i + 3]?.value ?? ''}]` : (query[i + 2]?.value ?? '')
      declared.push({ label: `$${token.value}`, kind: 'param', insertText: `$${token.value}`, detail: type })
    }
  }
  return declared
}

/** Ids of the types the place takes, by prefix and by name, as JSON strings. */
function idItems(query: readonly Token[], text: string, ids: IdProvider): Item[] {
  const clause = lastClause(query)?.value
  const filter = clause === 'where' ? lastFilter(query) : undefined
  const types =
    (filter !== undefined ? idFilterTypes.get(filter) : undefined) ??
    (clause === 'to' ? [...browsableTypes, 'User'] : browsableTypes)
  return ids.search(text, types as readonly ObjectTypeName[], idLimit).map((entry) => ({
    label: entry.id,
    kind: 'id',
    insertText: JSON.stringify(entry.id),
    detail: `${entry.name} (${entry.type})`,
  }))
}
