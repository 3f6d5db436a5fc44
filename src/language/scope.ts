import { browsableTypes, typesOfIds } from '../model/query/returned-types'
import { componentCatalogue, isComponentName } from '../model/components'
import type { ComponentEntry } from '../model/components'
import { objectTypeNames } from '../model/ids'
import type { ObjectTypeName } from '../model/ids'
import { endpointNames, isEndpointName } from '../model/wire'
import type { EndpointName } from '../model/wire'
import { clauseKeyword, definitionKeywords, operationClauses } from '../text'
import type { ClauseName, Token } from '../text'

// What the tokens of an incomplete query say about where the cursor is: read backwards from it, since the
// text after the cursor is usually not written yet and the parser's tree stops at the first mistake
// (docs/editors.md, "Completion"). The grammar itself (which clauses, in which order) is the parser's table.

const isType = (value: string): value is ObjectTypeName =>
  (objectTypeNames as readonly string[]).includes(value)

/** The words that begin a definition or a clause of any operation. */
export const clauseKeywords: ReadonlySet<string> = new Set([
  ...definitionKeywords,
  ...endpointNames.flatMap((name) => operationClauses[name].map((rule) => clauseKeyword(rule.name))),
])
const operations: ReadonlySet<string> = new Set(endpointNames)

/**
 * The tokens of the query the cursor is in, from its `query` (or operation keyword) to the cursor; in a fragment's
 * definition, from its `fragment`.
 */
export function queryTokens(tokens: readonly Token[], before: number): Token[] {
  let start = 0
  for (let i = before - 1; i >= 0; i--) {
    const token = tokens[i] as Token
    if (token.kind !== 'name') continue
    if (token.value === 'query' || token.value === 'fragment') {
      start = i
      break
    }
    // A lone query starts at its operation, unless a `query` head comes before it.
    if (operations.has(token.value) && start === 0) start = i
  }
  return tokens.slice(start, before) as Token[]
}

/** The operation keyword of a query's tokens. */
export function operationOf(tokens: readonly Token[]): EndpointName | undefined {
  const operation = tokens.find((token) => token.kind === 'name' && operations.has(token.value))?.value
  return isEndpointName(operation) ? operation : undefined
}

/**
 * The clause the cursor is in: the last clause of the operation begun at the top level (not inside brackets,
 * and not a component's `at page`), found in the order of the parser's table, so a clause word written out
 * of order (a blueprint's own `where`) leaves the position where it was. -1 before the first clause.
 */
export function clausePosition(tokens: readonly Token[], operation: EndpointName): number {
  const rules = operationClauses[operation]
  let position = -1
  let depth = 0
  for (let i = tokens.findIndex((token) => token.value === operation) + 1; i < tokens.length; i++) {
    const token = tokens[i] as Token
    if (token.kind === 'punctuator')
      depth += '([{'.includes(token.value) ? 1 : ')]}'.includes(token.value) ? -1 : 0
    if (token.kind !== 'name' || depth > 0 || tokens[i - 1]?.value === 'at') continue
    const name = clauseAt(tokens, i)
    const at = rules.findIndex((rule, index) => rule.name === name && index >= position)
    if (at >= 0) position = at
  }
  return position
}

/** The clause whose keyword is token `i` (`silo size` is siloSize, a bare `silo` a blueprint). */
export function clauseAt(tokens: readonly Token[], i: number): ClauseName | undefined {
  const value = (tokens[i] as Token).value
  if (value === 'silo') return tokens[i + 1]?.value === 'size' ? 'siloSize' : 'silo'
  return clauseNames.get(value)
}

const clauseNames: ReadonlyMap<string, ClauseName> = new Map(
  endpointNames.flatMap((name) =>
    operationClauses[name].map((rule) => [clauseKeyword(rule.name), rule.name]),
  ),
)

/** The last clause (or definition) keyword before the cursor: the part of the query it is in. */
export function lastClause(tokens: readonly Token[]): Token | undefined {
  for (let i = tokens.length - 1; i > 0; i--) {
    const token = tokens[i] as Token
    if (token.kind === 'name' && clauseKeywords.has(token.value) && tokens[i - 1]?.value !== 'at')
      return token
  }
  return undefined
}

/** The types a query returns, from `explore Movie`, a returnType filter or a lookup's ids. */
export function returnedTypes(tokens: readonly Token[]): readonly ObjectTypeName[] {
  const operation = operationOf(tokens)
  const at = tokens.findIndex((token) => token.kind === 'name' && token.value === operation)
  const shorthand = tokens[at + 1]
  if ((operation === 'explore' || operation === 'relate') && shorthand && isType(shorthand.value))
    return [shorthand.value]
  const filter = tokens.findIndex(
    (token, i) => token.value === 'returnType' && tokens[i + 1]?.value !== undefined,
  )
  if (filter >= 0) {
    const named: ObjectTypeName[] = []
    for (let i = filter + 1; i < tokens.length; i++) {
      const token = tokens[i] as Token
      if (token.kind === 'name' && isType(token.value)) named.push(token.value)
      else if (token.value === 'and' || clauseKeywords.has(token.value)) break
    }
    if (tokens[filter + 1]?.value === '!=') return browsableTypes.filter((type) => !named.includes(type))
    if (named.length > 0) return named
  }
  if (operation === 'lookup') {
    const ids = tokens.filter((token) => token.kind === 'string').map((token) => token.value)
    return ids.length > 0 ? typesOfIds(ids) : browsableTypes
  }
  return browsableTypes
}

/**
 * The types the components at the cursor apply to: the query's types at the top of `with`, and inside
 * `name { ... }` the types that component returns.
 */
export function typesInScope(tokens: readonly Token[], withAt: number): readonly ObjectTypeName[] {
  // In a fragment (`fragment card on Movie {`), the top is its type, and its components begin after its `{`.
  const fragment = tokens[0]?.value === 'fragment'
  const on = tokens[3]?.value ?? ''
  const stack: (readonly ObjectTypeName[])[] = [fragment ? (isType(on) ? [on] : []) : returnedTypes(tokens)]
  if (fragment) withAt = tokens.findIndex((token) => token.kind === 'punctuator' && token.value === '{')
  for (let i = withAt + 1; i < tokens.length; i++) {
    const token = tokens[i] as Token
    if (token.value === '{' && token.kind === 'punctuator') {
      // The component before `{` (skipping `size n` / `at page n`).
      let j = i - 1
      while (j > withAt && !(tokens[j]?.kind === 'name' && isComponentName(tokens[j]!.value))) j--
      const name = tokens[j]?.value ?? ''
      const entry: ComponentEntry | undefined = isComponentName(name) ? componentCatalogue[name] : undefined
      stack.push(entry?.of ?? [])
    } else if (token.value === '}' && token.kind === 'punctuator' && stack.length > 1) stack.pop()
  }
  return stack[stack.length - 1] as readonly ObjectTypeName[]
}
