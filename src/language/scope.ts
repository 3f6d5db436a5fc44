import { browsableTypes, recommendedTypes, typesOfIds } from '../model/query/returned-types'
import { componentCatalogue, isComponentName } from '../model/components'
import type { ComponentEntry } from '../model/components'
import { objectTypeNames } from '../model/ids'
import type { ObjectTypeName } from '../model/ids'
import type { Token } from '../text'

// What the tokens of an incomplete query say about where the cursor is: read backwards from it, since the
// text after the cursor is usually not written yet and the parser's tree stops at the first mistake.

const isType = (value: string): value is ObjectTypeName =>
  (objectTypeNames as readonly string[]).includes(value)
export const clauseWords = new Set(['where', 'order', 'with', 'page', 'silo', 'to', 'for', 'lookup', 'query'])
const operations = new Set(['explore', 'relate', 'lookup', 'silos'])

/** The tokens of the query the cursor is in, from its `query` (or operation keyword) to the cursor. */
export function queryTokens(tokens: readonly Token[], before: number): Token[] {
  let start = 0
  for (let i = before - 1; i >= 0; i--) {
    const token = tokens[i] as Token
    if (token.kind !== 'name') continue
    if (token.value === 'query') {
      start = i
      break
    }
    // A lone query starts at its operation, unless a `query` head comes before it.
    if (operations.has(token.value) && start === 0) start = i
  }
  return tokens.slice(start, before) as Token[]
}

/** The operation keyword of a query's tokens. */
export function operationOf(tokens: readonly Token[]): string | undefined {
  return tokens.find((token) => token.kind === 'name' && operations.has(token.value))?.value
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
      else if (token.value === 'and' || clauseWords.has(token.value)) break
    }
    if (tokens[filter + 1]?.value === '!=') return browsableTypes.filter((type) => !named.includes(type))
    if (named.length > 0) return named
  }
  if (operation === 'lookup') {
    const ids = tokens.filter((token) => token.kind === 'string').map((token) => token.value)
    return ids.length > 0 ? typesOfIds(ids) : browsableTypes
  }
  return operation === 'explore' ? browsableTypes : recommendedTypes
}

/**
 * The types the components at the cursor apply to: the query's types at the top of `with`, and inside
 * `name { ... }` the types that component returns.
 */
export function typesInScope(tokens: readonly Token[], withAt: number): readonly ObjectTypeName[] {
  const stack: (readonly ObjectTypeName[])[] = [returnedTypes(tokens)]
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
