import { describe, expect, it } from 'vitest'
import { lex, makeSource, parseDocumentCollecting } from '../../src/text'
import type { Token } from '../../src/text'
import { maxErrorsPerText } from '../../src/text/errors'
import { Scanner } from '../../src/text/lexer'
import { parseOperation } from '../../src/text/parse-operations'
import { TokenReader } from '../../src/text/reader'

/** A scanner that counts the tokens the parser asked it for, and the token objects it made. */
class CountingScanner extends Scanner {
  pulled = 0
  objects = 0
  override scan(): void {
    this.pulled++
    super.scan()
  }
  override next(): Token {
    this.objects++
    return super.next()
  }
}

const query = (i: number) =>
  `explore Movie where contributors = "mhcon-${i}" order by name with primaryImage page size 5\n`

describe('the parser pulls tokens as it goes', () => {
  it('asks the scanner for no more than three tokens beyond the ones it has read', () => {
    const text = Array.from({ length: 100 }, (_, i) => query(i)).join('')
    const scanner = new CountingScanner(text)
    const reader = new TokenReader(makeSource(text), scanner)
    parseOperation(reader)
    // The first query's tokens, and the look-ahead that ended it (the next query's `explore`).
    const firstQuery = lex(query(0)).tokens.length - 1
    expect(scanner.pulled).toBeLessThanOrEqual(firstQuery + 3)
    expect(lex(text).tokens.length).toBeGreaterThan(50 * firstQuery)
  })

  it('makes no object per token: the reader copies the fields the scanner leaves', () => {
    const text = Array.from({ length: 10 }, (_, i) => query(i)).join('')
    const scanner = new CountingScanner(text)
    const reader = new TokenReader(makeSource(text), scanner)
    const operation = parseOperation(reader)
    expect(scanner.pulled).toBeGreaterThan(10)
    expect(scanner.objects).toBe(0)
    // The fields made it into the tree all the same.
    expect(operation.kind === 'Explore' && operation.where?.conditions[0]).toMatchObject({
      value: {
        kind: 'String',
        value: 'mhcon-0',
        start: text.indexOf('"'),
        end: text.indexOf(' ', text.indexOf('"')),
      },
    })
  })

  it('yields the same tokens and comments, pulled one by one, as lex', () => {
    const text =
      '# head\nquery a($n: Int = -1.5e3) explore where x != "a\\u0041" # tail\n  and y in [1, 0x, $] ?'
    const scanner = new Scanner(text)
    const pulled: Token[] = []
    let token: Token
    do pulled.push((token = scanner.next()))
    while (token.kind !== 'end')
    expect(scanner.next()).toEqual(pulled.at(-1))
    expect(pulled).toEqual(lex(text).tokens)
    expect(scanner.comments).toEqual(lex(text).comments)
  })

  it('still attaches the comments after the point where too many errors stopped the parse', () => {
    const broken = Array.from({ length: maxErrorsPerText + 5 }, () => 'explore page x\n').join('')
    const { document, errors } = parseDocumentCollecting(`${broken}# the last word\n`)
    expect(errors).toHaveLength(maxErrorsPerText)
    expect(document.comments.leading).toEqual([' the last word'])
  })

  it('refuses to look further ahead than the grammar needs', () => {
    const reader = new TokenReader(makeSource('a b c d'), new Scanner('a b c d'))
    expect(reader.value(2)).toBe('c')
    expect(reader.kind(2)).toBe('name')
    expect(() => reader.kind(3)).toThrow(RangeError)
  })
})
