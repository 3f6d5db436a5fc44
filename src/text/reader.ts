import type { Comments } from './ast'
import { HqlSyntaxError } from './errors'
import type { Scanner } from './lexer'
import type { TextSource } from './source'
import type { Token } from './token'
import { describeToken } from './token'

/** A node that owns a line of the printed layout, and so the comments on it. */
export interface LineOwner {
  readonly comments: Comments
}

/**
 * The lines of the printed layout, in source order: the source range whose comments each takes, and the node
 * that owns it. Three arrays rather than an object per line: the lines live as long as the parse, and every
 * object that lives that long is copied by the young generation's collector (docs/performance.md).
 */
export interface Lines {
  readonly starts: readonly number[]
  readonly ends: readonly number[]
  /** Undefined while the node is being parsed, and for good when its definition failed to parse. */
  readonly owners: readonly (LineOwner | undefined)[]
}

// Deep enough for any real query; shallow enough that a pathological input cannot overflow the stack.
const maxDepth = 64

/**
 * The parser's view of the tokens: look at the next ones, consume them, and fail with a syntax error that
 * says what was expected and what was found. Keywords are names compared by value, so a keyword stays usable
 * as a name wherever the grammar does not expect it.
 */
export class TokenReader {
  /**
   * The next three tokens, pulled from the scanner only when looked at (the grammar never looks further).
   * Consumed tokens are dropped, so a large text never holds all its tokens at once (the garbage collector
   * would copy and promote them all); three fields rather than an array keep `peek()` and `advance()` cheap.
   */
  private first: Token
  private second: Token | undefined
  private third: Token | undefined
  private previousEnd = 0
  private depth = 0
  /** The lines of the layout, in source order, for attaching comments. */
  readonly lines: { starts: number[]; ends: number[]; owners: (LineOwner | undefined)[] } = {
    starts: [],
    ends: [],
    owners: [],
  }

  constructor(
    readonly source: TextSource,
    private readonly scanner: Scanner,
  ) {
    this.first = scanner.next()
  }

  /** The next token (`ahead` 0), or the one or two after it; past the end, `end`. */
  peek(ahead = 0): Token {
    if (ahead === 0) return this.first
    const second = (this.second ??= this.pull(this.first))
    if (ahead === 1) return second
    if (ahead === 2) return (this.third ??= this.pull(second))
    throw new RangeError(`the reader looks at most 2 tokens ahead, not ${ahead}`)
  }

  /** The token after `token`: past the end the scanner would return `end` again, so it is not asked. */
  private pull(token: Token): Token {
    return token.kind === 'end' ? token : this.scanner.next()
  }

  /** The end offset of the last consumed token. */
  get lastEnd(): number {
    return this.previousEnd
  }

  advance(): Token {
    const token = this.first
    if (token.kind !== 'end') {
      this.first = this.second ?? this.scanner.next()
      this.second = this.third
      this.third = undefined
      this.previousEnd = token.end
    }
    return token
  }

  /** Reads the rest of the text, so that the scanner has seen every comment even after parsing stopped early. */
  finish(): void {
    while (this.advance().kind !== 'end');
  }

  isName(value?: string, ahead = 0): boolean {
    const token = this.peek(ahead)
    return token.kind === 'name' && (value === undefined || token.value === value)
  }

  isPunctuator(value: string, ahead = 0): boolean {
    const token = this.peek(ahead)
    return token.kind === 'punctuator' && token.value === value
  }

  /** Consumes the keyword `value` when it is next. */
  skipName(value: string): boolean {
    if (!this.isName(value)) return false
    this.advance()
    return true
  }

  skipPunctuator(value: string): boolean {
    if (!this.isPunctuator(value)) return false
    this.advance()
    return true
  }

  expectName(value: string): Token {
    if (!this.isName(value)) this.fail(`'${value}'`)
    return this.advance()
  }

  expectPunctuator(value: string): Token {
    if (!this.isPunctuator(value)) this.fail(`'${value}'`)
    return this.advance()
  }

  /** Throws a syntax error at the next token. */
  fail(expected: string): never {
    const token = this.peek()
    const found = describeToken(token)
    throw new HqlSyntaxError(
      this.source,
      token.start,
      expected,
      found,
      token.kind === 'invalid' ? found : undefined,
    )
  }

  /**
   * Registers a line of the layout that spans [start, end), before the node that owns it is made (its
   * clauses come after its line); returns the line's number, for `owns`.
   */
  line(start: number, end = this.lastEnd): number {
    const lines = this.lines
    lines.starts.push(start)
    lines.ends.push(end)
    return lines.owners.push(undefined) - 1
  }

  /** Gives line `line` to `node`, which then takes the comments on it; returns `node`. */
  owns<T extends LineOwner>(line: number, node: T): T {
    this.lines.owners[line] = node
    return node
  }

  /** Runs `parse` one nesting level deeper, refusing to go deeper than `maxDepth`. */
  nested<T>(parse: () => T): T {
    if (this.depth >= maxDepth) this.fail(`at most ${maxDepth} levels of nesting`)
    this.depth++
    try {
      return parse()
    } finally {
      this.depth--
    }
  }

  /**
   * Skips, after a syntax error, to the next line that starts with `query` or an operation keyword, so the
   * queries after a broken one are still parsed and checked.
   */
  recover(): void {
    this.advance()
    while (this.peek().kind !== 'end' && !(this.startsLine() && this.startsDefinition())) this.advance()
  }

  private startsLine(): boolean {
    // Nothing consumed yet when previousEnd is 0: every token but `end` (never consumed) holds a character.
    return (
      this.previousEnd === 0 || /[\n\r]/.test(this.source.body.slice(this.previousEnd, this.peek().start))
    )
  }

  private startsDefinition(): boolean {
    return ['query', 'explore', 'relate', 'lookup', 'silos'].some((keyword) => this.isName(keyword))
  }
}
