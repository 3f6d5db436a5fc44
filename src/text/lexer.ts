import type { Comment, Token, TokenKind } from './token'
import { knownWord } from './words'

/** The tokens and comments of a text. The last token is always `end`. */
export interface Lexed {
  readonly tokens: readonly Token[]
  readonly comments: readonly Comment[]
}

const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95
const isDigit = (c: number) => c >= 48 && c <= 57
const isNameContinue = (c: number) => isNameStart(c) || isDigit(c)

/** The punctuator a character code is, or undefined: by code, so that no one-character string is made to look it up. */
function punctuatorOf(c: number): string | undefined {
  switch (c) {
    case 40:
      return '('
    case 41:
      return ')'
    case 91:
      return '['
    case 93:
      return ']'
    case 123:
      return '{'
    case 125:
      return '}'
    case 44:
      return ','
    case 58:
      return ':'
    case 61:
      return '='
  }
  return undefined
}

/**
 * Splits HQL text into tokens. It never throws: text that is not a token becomes an `invalid` token whose
 * value says why, so the parser reports it with a location like any other unexpected token.
 *
 * Lexical grammar (grammar/hql.ebnf): whitespace and `#` comments separate tokens; names are
 * `[A-Za-z_][A-Za-z0-9_]*`, variables `$` name, strings and numbers are JSON's, punctuators `( ) [ ] { } , : = !=`.
 */
export function lex(body: string): Lexed {
  const tokens: Token[] = []
  const comments: Comment[] = []
  const push = (kind: TokenKind, start: number, end: number, value: string) =>
    tokens.push({ kind, start, end, value })
  // Read once: unbundled (tsx, vitest, CommonJS) each read of an imported binding is a getter call.
  const known = knownWord
  let i = 0
  const length = body.length
  while (i < length) {
    const c = body.charCodeAt(i)
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) {
      i++
    } else if (c === 35 /* # */) {
      let end = i + 1
      while (end < length && body.charCodeAt(end) !== 10 && body.charCodeAt(end) !== 13) end++
      comments.push({ text: body.slice(i + 1, end).trimEnd(), start: i, end })
      i = end
    } else if (isNameStart(c)) {
      let end = i + 1
      while (end < length && isNameContinue(body.charCodeAt(end))) end++
      // A keyword, type, filter or component name is the one interned string for it (words.ts).
      push('name', i, end, known(body, i, end) ?? body.slice(i, end))
      i = end
    } else if (c === 36 /* $ */) {
      let end = i + 1
      if (end < length && isNameStart(body.charCodeAt(end))) {
        while (end < length && isNameContinue(body.charCodeAt(end))) end++
        push('variable', i, end, body.slice(i + 1, end))
      } else push('invalid', i, end, "'$' not followed by a parameter name")
      i = end
    } else if (c === 34 /* " */) {
      i = lexString(body, i, push)
    } else if (isDigit(c) || c === 45 /* - */) {
      i = lexNumber(body, i, push)
    } else if (c === 33 /* ! */ && body.charCodeAt(i + 1) === 61) {
      push('punctuator', i, i + 2, '!=')
      i += 2
    } else if (punctuatorOf(c) !== undefined) {
      push('punctuator', i, i + 1, punctuatorOf(c) as string)
      i++
    } else {
      const char = String.fromCodePoint(body.codePointAt(i) ?? c)
      push('invalid', i, i + char.length, `unexpected character ${describeChar(char)}`)
      i += char.length
    }
  }
  push('end', length, length, '')
  return { tokens, comments }
}

function describeChar(char: string): string {
  const code = char.codePointAt(0) ?? 0
  return code < 32 || code === 127 ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `'${char}'`
}

type Push = (kind: TokenKind, start: number, end: number, value: string) => void

// A Map: the character looked up comes from the text.
const escapes: ReadonlyMap<string, string> = new Map(
  Object.entries({
    '"': '"',
    '\\': '\\',
    '/': '/',
    b: '\b',
    f: '\f',
    n: '\n',
    r: '\r',
    t: '\t',
  }),
)

/** A JSON string. Returns the offset after it; an error becomes an `invalid` token ending at the problem. */
function lexString(body: string, start: number, push: Push): number {
  let value = ''
  let i = start + 1
  let chunk = i
  while (i < body.length) {
    const c = body.charCodeAt(i)
    if (c === 34) {
      push('string', start, i + 1, value + body.slice(chunk, i))
      return i + 1
    }
    if (c === 10 || c === 13) break
    if (c < 32) {
      push(
        'invalid',
        start,
        i + 1,
        `unescaped control character U+${c.toString(16).padStart(4, '0')} in a string`,
      )
      return i + 1
    }
    if (c === 92 /* \ */) {
      value += body.slice(chunk, i)
      const e = body[i + 1] ?? ''
      if (e === 'u') {
        const hex = body.slice(i + 2, i + 6)
        if (!/^[0-9A-Fa-f]{4}$/.test(hex)) {
          push('invalid', start, i + 2, 'expected four hex digits after \\u')
          return i + 2
        }
        value += String.fromCharCode(parseInt(hex, 16))
        i += 6
      } else if (escapes.has(e)) {
        value += escapes.get(e)
        i += 2
      } else {
        push('invalid', start, i + 2, `unknown escape \\${e === '' ? '' : e} in a string`)
        return Math.min(body.length, i + 2)
      }
      chunk = i
      continue
    }
    i++
  }
  push('invalid', start, i, 'unterminated string: close it with " on the same line')
  return i
}

/** A JSON number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, not followed by a name. */
function lexNumber(body: string, start: number, push: Push): number {
  let i = start
  const digits = () => {
    const from = i
    while (isDigit(body.charCodeAt(i))) i++
    return i - from
  }
  const fail = (why: string) => {
    push('invalid', start, Math.max(i, start + 1), why)
    return Math.max(i, start + 1)
  }
  if (body.charCodeAt(i) === 45) i++
  if (body.charCodeAt(i) === 48) {
    i++
    if (isDigit(body.charCodeAt(i))) return fail('a number cannot start with 0 followed by digits')
  } else if (digits() === 0) return fail("expected a digit after '-'")
  if (body.charCodeAt(i) === 46 /* . */) {
    i++
    if (digits() === 0) return fail("expected a digit after '.'")
  }
  if (body.charCodeAt(i) === 101 || body.charCodeAt(i) === 69) {
    i++
    if (body.charCodeAt(i) === 43 || body.charCodeAt(i) === 45) i++
    if (digits() === 0) return fail('expected a digit in the exponent')
  }
  if (isNameStart(body.charCodeAt(i)) || body.charCodeAt(i) === 46) {
    i++
    return fail('expected a space or punctuation after a number')
  }
  push('number', start, i, body.slice(start, i))
  return i
}
