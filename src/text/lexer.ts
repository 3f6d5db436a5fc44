import type { Comment, Token, TokenKind } from './token'
import { knownWord } from './words'

/** The tokens and comments of a text. The last token is always `end`. */
export interface Lexed {
  readonly tokens: readonly Token[]
  readonly comments: readonly Comment[]
}

// Read once: unbundled (tsx, vitest, CommonJS) each read of an imported binding is a getter call.
const known = knownWord

const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95
const isDigit = (c: number) => c >= 48 && c <= 57
// A table of the ASCII name characters: one load per character of a name, where the comparisons of
// isNameStart and isDigit took up to seven (≈4% of parsing and compiling a query, bench/text.bench.ts).
const nameCharacters = new Uint8Array(128)
for (let c = 0; c < 128; c++) if (isNameStart(c) || isDigit(c)) nameCharacters[c] = 1
const isNameContinue = (c: number) => c < 128 && nameCharacters[c] === 1
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
 * Splits HQL text into tokens, all at once: for tools that want the whole list (highlighting, the language
 * server). The parser pulls tokens one at a time from a `Scanner` instead, so that a large text never holds
 * an array of every token (which the garbage collector would otherwise copy and promote, see
 * docs/performance.md).
 */
export function lex(body: string): Lexed {
  const tokens: Token[] = []
  const scanner = new Scanner(body)
  let token: Token
  do tokens.push((token = scanner.next()))
  while (token.kind !== 'end')
  return { tokens, comments: scanner.comments }
}

/**
 * Reads HQL text one token at a time. It never throws: text that is not a token becomes an `invalid` token
 * whose value says why, so the parser reports it with a location like any other unexpected token. Comments
 * passed over are collected in `comments`, in source order.
 *
 * `scan()` leaves the token in `kind`, `start`, `end` and `value` rather than in an object: the parser copies
 * the fields it keeps, and a token object per token was half of what parsing a large text allocated, which
 * made the young generation's collections come twice as often, each copying the tree built so far
 * (docs/performance.md, "Parse speed"). `next()` makes the object, for `lex` and tools.
 *
 * Lexical grammar (grammar/hql.ebnf): whitespace and `#` comments separate tokens; names are
 * `[A-Za-z_][A-Za-z0-9_]*`, variables `$` name, strings and numbers are JSON's, punctuators `( ) [ ] { } , : = != ...`.
 */
export class Scanner {
  readonly comments: Comment[] = []
  /** The token `scan()` read last (see `Token` for what `value` holds); `end` before the first scan. */
  kind: TokenKind = 'end'
  start = 0
  end = 0
  value = ''
  private position = 0

  constructor(private readonly body: string) {}

  /** The next token, as an object; `end` (again) once the text is exhausted. */
  next(): Token {
    this.scan()
    return token(this.kind, this.start, this.end, this.value)
  }

  /** Reads the next token into `kind`, `start`, `end` and `value`; `end` (again) once the text is exhausted. */
  scan(): void {
    this.read()
    // An error token may end past the text (a `\` at its very end); scanning resumes no further than the end.
    this.position = Math.min(this.body.length, this.end)
  }

  private set(kind: TokenKind, start: number, end: number, value: string): void {
    this.kind = kind
    this.start = start
    this.end = end
    this.value = value
  }

  /** Skips whitespace and comments, then reads one token at `position`. */
  private read(): void {
    const body = this.body
    const length = body.length
    let i = this.position
    while (i < length) {
      const c = body.charCodeAt(i)
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) {
        i++
      } else if (c === 35 /* # */) {
        let end = i + 1
        while (end < length && body.charCodeAt(end) !== 10 && body.charCodeAt(end) !== 13) end++
        this.comments.push({ text: body.slice(i + 1, end).trimEnd(), start: i, end })
        i = end
      } else if (isNameStart(c)) {
        let end = i + 1
        while (end < length && isNameContinue(body.charCodeAt(end))) end++
        // A keyword, type, filter or component name is the one interned string for it (words.ts).
        return this.set('name', i, end, known(body, i, end) ?? body.slice(i, end))
      } else if (c === 36 /* $ */) {
        let end = i + 1
        if (end < length && isNameStart(body.charCodeAt(end))) {
          while (end < length && isNameContinue(body.charCodeAt(end))) end++
          return this.set('variable', i, end, body.slice(i + 1, end))
        }
        return this.set('invalid', i, end, "'$' not followed by a parameter name")
      } else if (c === 34 /* " */) {
        return this.string(i)
      } else if (isDigit(c) || c === 45 /* - */) {
        return this.number(i)
      } else if (c === 33 /* ! */ && body.charCodeAt(i + 1) === 61) {
        return this.set('punctuator', i, i + 2, '!=')
      } else if (c === 46 /* . */ && body.charCodeAt(i + 1) === 46 && body.charCodeAt(i + 2) === 46) {
        // A fragment's spread, `...movieCard`; a lone '.' or '..' is no token.
        return this.set('punctuator', i, i + 3, '...')
      } else {
        const punctuator = punctuatorOf(c)
        if (punctuator !== undefined) return this.set('punctuator', i, i + 1, punctuator)
        const char = String.fromCodePoint(body.codePointAt(i) ?? c)
        return this.set('invalid', i, i + char.length, `unexpected character ${describeChar(char)}`)
      }
    }
    this.set('end', length, length, '')
  }

  /** A JSON string; an error becomes an `invalid` token ending at the problem. */
  private string(start: number): void {
    const body = this.body
    let value = ''
    let i = start + 1
    let chunk = i
    while (i < body.length) {
      const c = body.charCodeAt(i)
      if (c === 34) return this.set('string', start, i + 1, value + body.slice(chunk, i))
      if (c === 10 || c === 13) break
      if (c < 32) {
        const code = c.toString(16).padStart(4, '0')
        return this.set('invalid', start, i + 1, `unescaped control character U+${code} in a string`)
      }
      if (c === 92 /* \ */) {
        value += body.slice(chunk, i)
        const e = body[i + 1] ?? ''
        if (e === 'u') {
          const hex = body.slice(i + 2, i + 6)
          if (!/^[0-9A-Fa-f]{4}$/.test(hex)) {
            return this.set('invalid', start, i + 2, 'expected four hex digits after \\u')
          }
          value += String.fromCharCode(parseInt(hex, 16))
          i += 6
        } else if (escapes.has(e)) {
          value += escapes.get(e)
          i += 2
        } else {
          return this.set('invalid', start, i + 2, `unknown escape \\${e === '' ? '' : e} in a string`)
        }
        chunk = i
        continue
      }
      i++
    }
    this.set('invalid', start, i, 'unterminated string: close it with " on the same line')
  }

  /**
   * A JSON number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, not followed by a name. Written
   * without closures: a closure made per number showed in profiles of large texts.
   */
  private number(start: number): void {
    const body = this.body
    let i = start
    let why: string | undefined
    if (body.charCodeAt(i) === 45) i++
    if (body.charCodeAt(i) === 48) {
      i++
      if (isDigit(body.charCodeAt(i))) why = 'a number cannot start with 0 followed by digits'
    } else if (skipDigits(body, i) === i) why = "expected a digit after '-'"
    else i = skipDigits(body, i)
    if (why === undefined && body.charCodeAt(i) === 46 /* . */) {
      const after = skipDigits(body, ++i)
      if (after === i) why = "expected a digit after '.'"
      i = after
    }
    if (why === undefined && (body.charCodeAt(i) === 101 || body.charCodeAt(i) === 69)) {
      i++
      if (body.charCodeAt(i) === 43 || body.charCodeAt(i) === 45) i++
      const after = skipDigits(body, i)
      if (after === i) why = 'expected a digit in the exponent'
      i = after
    }
    if (why === undefined && (isNameStart(body.charCodeAt(i)) || body.charCodeAt(i) === 46)) {
      i++
      why = 'expected a space or punctuation after a number'
    }
    if (why !== undefined) return this.set('invalid', start, Math.max(i, start + 1), why)
    this.set('number', start, i, body.slice(start, i))
  }
}

// Every token object has the same shape, made in one place, so reads of its fields stay monomorphic.
const token = (kind: TokenKind, start: number, end: number, value: string): Token => ({
  kind,
  start,
  end,
  value,
})

function describeChar(char: string): string {
  const code = char.codePointAt(0) ?? 0
  return code < 32 || code === 127 ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `'${char}'`
}

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

/** The offset after the digits at `i` (`i` itself when there are none). */
function skipDigits(body: string, i: number): number {
  while (isDigit(body.charCodeAt(i))) i++
  return i
}
