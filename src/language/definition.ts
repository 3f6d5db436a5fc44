import { lex } from '../text'
import type { Token } from '../text'
import { queryTokens } from './scope'
import { tokenAt } from './tokens'
import { fragmentHeads, isSpreadName } from './fragments'

// Go to definition: the language's references are `$params`, declared in their query's head
// (`query name($size: Int = 20)`), and fragments' spreads (`...movieCard`), defined by `fragment movieCard on …`;
// a query's name is not referred to from other text.

/**
 * Where the `$param` or the fragment spread under the cursor is declared, or undefined (neither, or not
 * declared).
 */
export function definitionAt(text: string, offset: number): { start: number; end: number } | undefined {
  const { tokens } = lex(text)
  const at = tokenAt(tokens, offset)
  // On the spread's name, or on its `...`.
  const spread = isSpreadName(tokens, at) ? at : isSpreadName(tokens, at + 1) ? at + 1 : -1
  if (spread >= 0) {
    const name = (tokens[spread] as Token).value
    const head = fragmentHeads(tokens).find((fragment) => fragment.name.value === name)
    return head === undefined ? undefined : { start: head.name.start, end: head.name.end }
  }
  const used = tokens[at]
  if (used === undefined || used.kind !== 'variable') return undefined
  const start = at + 1 - queryTokens(tokens, at + 1).length
  if (tokens[start]?.value !== 'query' || tokens[start + 2]?.value !== '(') return undefined
  for (let i = start + 3; i < tokens.length; i++) {
    const token = tokens[i] as Token
    if (token.kind === 'punctuator' && token.value === ')') break
    // A declaration is a variable followed by `:` (a default value may name another variable); on the
    // declaration itself, it is its own definition, as editors expect.
    if (token.kind === 'variable' && token.value === used.value && tokens[i + 1]?.value === ':')
      return { start: token.start, end: token.end }
  }
  return undefined
}
