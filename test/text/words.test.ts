// The lexer hands out one interned string for each known name (src/text/words.ts) instead of a slice of the
// text: what it hands out must still be exactly the text's name, for every name, known or not.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { lex } from '../../src/text/lexer'
import { knownWord } from '../../src/text/words'
import { componentNames } from '../../src/model/components'
import { filterNames } from '../../src/model/vocabulary'

describe('known words', () => {
  it('finds each component and filter name and keyword where it stands in a text', () => {
    for (const word of [...componentNames, ...filterNames, 'explore', 'where', 'desc', 'Movie']) {
      const text = `( ${word})`
      expect(knownWord(text, 2, 2 + word.length)).toBe(word)
    }
  })

  it('finds no word for a near miss: a prefix, a longer name, another case', () => {
    for (const miss of ['primaryImag', 'primaryImages', 'PrimaryImage', 'wher', 'movie', 'x'])
      expect(knownWord(miss, 0, miss.length)).toBeUndefined()
  })

  it('lexes every name, known or not, to exactly its text', () => {
    const name = fc.oneof(
      fc.constantFrom(...componentNames, ...filterNames, 'with', 'order', 'by', 'desc'),
      fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,20}$/),
    )
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 8 }), (names) => {
        const text = names.join(' ')
        const tokens = lex(text).tokens.filter((token) => token.kind === 'name')
        expect(tokens.map((token) => token.value)).toStrictEqual(names)
        for (const token of tokens) expect(token.value).toBe(text.slice(token.start, token.end))
      }),
    )
  })
})
