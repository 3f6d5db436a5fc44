// Go to definition: a `$param` used in a query's body goes to its declaration in that query's head.
import { describe, expect, it } from 'vitest'
import { definitionAt } from '../../src/language'

const text = [
  'query q($size: Int = 20, $t: TraitId) explore Movie where traits = $t page size $size',
  'query r($t: SourceId) explore where sources = $t',
  'explore Movie page size $loose',
].join('\n')

/** The declared text the definition of the `nth` occurrence of `word` points at. */
function definitionOf(word: string, nth = 0): string | undefined {
  let at = -1
  for (let i = 0; i <= nth; i++) at = text.indexOf(word, at + 1)
  const found = definitionAt(text, at + 1)
  return found && `${text.slice(found.start, found.end)}@${found.start}`
}

describe('definitionAt', () => {
  it("goes to the param's declaration in its own query's head", () => {
    expect(definitionOf('$t', 1)).toBe(`$t@${text.indexOf('$t')}`)
    expect(definitionOf('$size', 1)).toBe(`$size@${text.indexOf('$size')}`)
    // The second query declares its own $t.
    expect(definitionOf('$t', 3)).toBe(`$t@${text.indexOf('$t', text.indexOf('query r'))}`)
  })

  it('a declaration is its own definition', () => {
    expect(definitionOf('$size', 0)).toBe(`$size@${text.indexOf('$size')}`)
  })

  it('finds nothing for an undeclared param, a lone query, or a word that is not a param', () => {
    expect(definitionOf('$loose')).toBeUndefined()
    expect(definitionOf('traits')).toBeUndefined()
    expect(definitionAt('query q($a: Int) explore page size $b', 36)).toBeUndefined()
  })
})
