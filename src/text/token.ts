import { clipped } from '../model/shown'
import { shownParameter } from './errors'

/** The kinds of token the lexer produces. Keywords are names: the parser checks their text in context. */
export type TokenKind = 'name' | 'variable' | 'string' | 'number' | 'punctuator' | 'invalid' | 'end'

export interface Token {
  readonly kind: TokenKind
  /** Offsets into the source: [start, end). */
  readonly start: number
  readonly end: number
  /**
   * name: the name; variable: the name without `$`; string: the decoded value; number: the source text;
   * punctuator: the punctuator; invalid: why the text is not a token; end: ''.
   */
  readonly value: string
}

/** A `#` comment: `text` is everything after the `#`, without the line break. */
export interface Comment {
  readonly text: string
  readonly start: number
  readonly end: number
}

/** How an error message names a token: `'with'`, `"mhmov-x"`, `20`, `$size`, `end of input`. */
export function describeToken(token: Token): string {
  switch (token.kind) {
    case 'name':
      return clipped(token.value)
    case 'variable':
      return shownParameter(token.value)
    case 'string': {
      const text = JSON.stringify(token.value)
      return text.length > 40 ? `${text.slice(0, 37)}..."` : text
    }
    case 'number':
      return clipped(token.value, String)
    case 'punctuator':
      return `'${token.value}'`
    case 'invalid':
      return token.value
    case 'end':
      return 'end of input'
  }
}
