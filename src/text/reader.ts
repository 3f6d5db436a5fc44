import type { Comments } from './ast'
import { definitionKeywords } from './clauses'
import { HqlSyntaxError } from './errors'
import type { Scanner } from './lexer'
import type { TextSource } from './source'
import type { Token, TokenKind } from './token'
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

/** Deep enough for any real query; shallow enough that a pathological input cannot overflow the stack. */
export const maxDepth = 64

/**
 * The parser's view of the tokens: look at the next ones, consume them, and fail with a syntax error that
 * says what was expected and what was found. Keywords are names compared by value, so a keyword stays usable
 * as a name wherever the grammar does not expect it.
 */
export class TokenReader {
  /**
   * The next three tokens, pulled from the scanner only when looked at (the grammar never looks further), each
   * as four fields rather than an object: consumed tokens are dropped, and no object is made per token, so a
   * large text neither holds its tokens nor fills the young generation with them (docs/performance.md).
   * Slot 0 is the next token; `ahead` says how many of slots 1 and 2 hold a token.
   */
  private kind0: TokenKind
  private start0: number
  private end0: number
  private value0: string
  private kind1: TokenKind = 'end'
  private start1 = 0
  private end1 = 0
  private value1 = ''
  private kind2: TokenKind = 'end'
  private start2 = 0
  private end2 = 0
  private value2 = ''
  private ahead = 0
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
    scanner.scan()
    this.kind0 = scanner.kind
    this.start0 = scanner.start
    this.end0 = scanner.end
    this.value0 = scanner.value
  }

  /** The next token's kind (`ahead` 0), or the kind of the one or two after it; past the end, `end`. */
  kind(ahead = 0): TokenKind {
    if (ahead === 0) return this.kind0
    this.fill(ahead)
    return ahead === 1 ? this.kind1 : this.kind2
  }

  /** The next token's value (`ahead` 0), or the value of the one or two after it (see `Token`). */
  value(ahead = 0): string {
    if (ahead === 0) return this.value0
    this.fill(ahead)
    return ahead === 1 ? this.value1 : this.value2
  }

  /** The start offset of the next token. */
  get start(): number {
    return this.start0
  }

  /** The end offset of the next token. */
  get end(): number {
    return this.end0
  }

  /** The next token as an object, for an error message. */
  private token(): Token {
    return { kind: this.kind0, start: this.start0, end: this.end0, value: this.value0 }
  }

  /** Pulls tokens into slots 1 (and 2) up to `ahead`; past the end, copies `end` without asking the scanner. */
  private fill(ahead: number): void {
    if (ahead > 2) throw new RangeError(`the reader looks at most 2 tokens ahead, not ${ahead}`)
    const scanner = this.scanner
    if (this.ahead === 0) {
      if (this.kind0 !== 'end') scanner.scan()
      const past = this.kind0 === 'end'
      this.kind1 = past ? 'end' : scanner.kind
      this.start1 = past ? this.start0 : scanner.start
      this.end1 = past ? this.end0 : scanner.end
      this.value1 = past ? '' : scanner.value
      this.ahead = 1
    }
    if (ahead === 2 && this.ahead === 1) {
      if (this.kind1 !== 'end') scanner.scan()
      const past = this.kind1 === 'end'
      this.kind2 = past ? 'end' : scanner.kind
      this.start2 = past ? this.start1 : scanner.start
      this.end2 = past ? this.end1 : scanner.end
      this.value2 = past ? '' : scanner.value
      this.ahead = 2
    }
  }

  /** The end offset of the last consumed token. */
  get lastEnd(): number {
    return this.previousEnd
  }

  /** Consumes the next token (not `end`, which stays next); returns its start offset. */
  advance(): number {
    const start = this.start0
    if (this.kind0 === 'end') return start
    this.previousEnd = this.end0
    if (this.ahead === 0) {
      const scanner = this.scanner
      scanner.scan()
      this.kind0 = scanner.kind
      this.start0 = scanner.start
      this.end0 = scanner.end
      this.value0 = scanner.value
      return start
    }
    this.kind0 = this.kind1
    this.start0 = this.start1
    this.end0 = this.end1
    this.value0 = this.value1
    this.kind1 = this.kind2
    this.start1 = this.start2
    this.end1 = this.end2
    this.value1 = this.value2
    this.ahead--
    return start
  }

  /** Reads the rest of the text, so that the scanner has seen every comment even after parsing stopped early. */
  finish(): void {
    while (this.kind0 !== 'end') this.advance()
  }

  isName(value?: string, ahead = 0): boolean {
    if (ahead === 0) return this.kind0 === 'name' && (value === undefined || this.value0 === value)
    return this.kind(ahead) === 'name' && (value === undefined || this.value(ahead) === value)
  }

  isPunctuator(value: string, ahead = 0): boolean {
    if (ahead === 0) return this.kind0 === 'punctuator' && this.value0 === value
    return this.kind(ahead) === 'punctuator' && this.value(ahead) === value
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

  /** Consumes the keyword `value`, or fails; returns its start offset. */
  expectName(value: string): number {
    if (!this.isName(value)) this.fail(`'${value}'`)
    return this.advance()
  }

  /** Consumes the punctuator `value`, or fails; returns its start offset. */
  expectPunctuator(value: string): number {
    if (!this.isPunctuator(value)) this.fail(`'${value}'`)
    return this.advance()
  }

  /** Throws a syntax error at the next token; `hint` ends its message (`; did you mean 'order by'?`). */
  fail(expected: string, hint = ''): never {
    const token = this.token()
    const found = describeToken(token)
    throw new HqlSyntaxError(
      this.source,
      token.start,
      expected,
      found,
      token.kind === 'invalid'
        ? found
        : hint === ''
          ? undefined
          : `expected ${expected}, found ${found}${hint}`,
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
   * Skips, after a syntax error in the definition that began at `failed`, to the next line that starts a
   * definition, so the queries after a broken one are still parsed and checked. The error may be at that
   * line already (`with` left unfinished before the next `query`): then nothing is skipped.
   */
  recover(failed: number): void {
    if (this.start0 === failed || !this.atDefinition()) this.advance()
    while (this.kind0 !== 'end' && !this.atDefinition()) this.advance()
  }

  /**
   * Whether the next token is `query` or an operation keyword at the start of a line: a new definition, which
   * no name of the one before may swallow (`with` unfinished before the next `query`).
   */
  atDefinition(): boolean {
    return this.kind0 === 'name' && definitionStarts.has(this.value0) && this.startsLine()
  }

  private startsLine(): boolean {
    // Nothing consumed yet when previousEnd is 0: every token but `end` (never consumed) holds a character.
    return this.previousEnd === 0 || /[\n\r]/.test(this.source.body.slice(this.previousEnd, this.start0))
  }
}

const definitionStarts: ReadonlySet<string> = new Set(definitionKeywords)
