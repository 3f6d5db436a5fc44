// The answer writer (src/service/query/json-out.ts): text and shared bytes, in any mix and nesting, come out
// as the UTF-8 of the same text joined, and the shared bytes are never written to.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { JsonOut } from '../../src/service/query/json-out'

/** A piece: text, bytes of text, or a nested writer of pieces. */
type Piece = { text: string } | { bytes: string } | { nested: Piece[] }

// ASCII, any grapheme, and ASCII running into a non-ASCII tail: short text is copied a character at a time until
// its first non-ASCII character, and longer text (past 64 characters, joined pieces) by the native encoder.
const ascii = fc.string({ unit: 'grapheme-ascii', maxLength: 80 })
const anyText = fc.string({ unit: 'grapheme', maxLength: 40 })
const text = fc.oneof(
  ascii,
  anyText,
  fc.tuple(ascii, anyText).map(([a, b]) => a + b),
)
const pieces: fc.Arbitrary<Piece[]> = fc.letrec<{ list: Piece[] }>((tie) => ({
  list: fc.array(
    fc.oneof(
      text.map((t) => ({ text: t })),
      text.map((t) => ({ bytes: t })),
      tie('list').map((nested) => ({ nested })),
    ),
    { maxLength: 6 },
  ),
})).list

describe('JsonOut', () => {
  it('gives the UTF-8 of the joined text, whatever mix of text, bytes and nesting made it', () => {
    fc.assert(
      fc.property(pieces, (list) => {
        const shared: Buffer[] = []
        const write = (into: JsonOut, of: Piece[]): string => {
          let joined = ''
          for (const piece of of)
            if ('text' in piece) {
              into.str(piece.text)
              joined += piece.text
            } else if ('bytes' in piece) {
              const bytes = Buffer.from(piece.bytes, 'utf8')
              shared.push(bytes)
              into.bytes(bytes)
              joined += piece.bytes
            } else {
              const inner = new JsonOut()
              joined += write(inner, piece.nested)
              into.append(inner)
            }
          return joined
        }
        const out = new JsonOut()
        const joined = write(out, list)
        const copies = shared.map((b) => Buffer.from(b))
        const written = out.toBuffer()
        expect(written.equals(Buffer.from(joined, 'utf8'))).toBe(true)
        written.fill(0)
        expect(shared).toEqual(copies)
      }),
      { numRuns: 300 },
    )
  })
})
