import { objectTypeNames } from '../model/ids'
import type { ObjectTypeName } from '../model/ids'
import type { Token } from '../text'

// The fragments a text defines, read from its tokens (`fragment <name> on <Type>`), for completion after `...`,
// hover and go to definition: the tokens, not the syntax tree, since the text being edited rarely parses.

/** A fragment's head: its name (the token) and the type it is for, when that is a type. */
export interface FragmentHead {
  readonly name: Token
  readonly on: ObjectTypeName | undefined
}

/**
 * The fragments `tokens` define, in order.
 *
 * @example
 * fragmentHeads(lex('fragment card on Movie { primaryImage }').tokens)[0]?.on // 'Movie'
 */
export function fragmentHeads(tokens: readonly Token[]): FragmentHead[] {
  const heads: FragmentHead[] = []
  for (let i = 0; i + 1 < tokens.length; i++) {
    const token = tokens[i] as Token
    const name = tokens[i + 1] as Token
    if (token.kind !== 'name' || token.value !== 'fragment' || name.kind !== 'name') continue
    // Only at the start of a definition: a component or query of the same name is no fragment.
    const previous = tokens[i - 1]
    if (previous !== undefined && previous.kind === 'name' && previous.value === 'query') continue
    const type = tokens[i + 2]?.value === 'on' ? tokens[i + 3]?.value : undefined
    const on = (objectTypeNames as readonly (string | undefined)[]).includes(type)
      ? (type as ObjectTypeName)
      : undefined
    heads.push({ name, on })
  }
  return heads
}

/** A fragment given to the text from outside it (`hqlText(text, { movieCard })`): its name and type. */
export interface GivenFragment {
  readonly name: string
  readonly on: ObjectTypeName | undefined
}

/**
 * The heads of fragments given to a text, as if the text defined them (with no place in it).
 *
 * @example
 * givenHeads([{ name: 'movieCard', on: 'Movie' }])[0]?.name.value // 'movieCard'
 */
export function givenHeads(given: readonly GivenFragment[]): FragmentHead[] {
  return given.map(({ name, on }) => ({ name: { kind: 'name', value: name, start: -1, end: -1 }, on }))
}

/** Whether token `at` is the name of a spread (`...name`). */
export const isSpreadName = (tokens: readonly Token[], at: number): boolean =>
  tokens[at]?.kind === 'name' && tokens[at - 1]?.kind === 'punctuator' && tokens[at - 1]?.value === '...'
