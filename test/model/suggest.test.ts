import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { closest, didYouMean } from '../../src/model/suggest'
import { echoedLength } from '../../src/model/shown'

// "Did you mean" (src/model/suggest.ts) against the plain definition: Levenshtein's distance from the whole
// table, letter case aside; the closest candidate within a third of the word's length (at least 2), the first
// of equals; nothing for a word longer than a message echoes.

function distance(a: string, b: string): number {
  const table = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      table[i]![j] = Math.min(
        table[i - 1]![j]! + 1,
        table[i]![j - 1]! + 1,
        table[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
  return table[a.length]![b.length]!
}

function plainClosest(word: string, candidates: readonly string[]): string | undefined {
  if (word.length > echoedLength) return undefined
  const limit = Math.max(2, Math.floor(word.length / 3))
  let best: string | undefined
  let bestDistance = Infinity
  for (const candidate of candidates) {
    const found = distance(word.toLowerCase(), candidate.toLowerCase())
    if (found <= limit && found < bestDistance) [best, bestDistance] = [candidate, found]
  }
  return best
}

// Few letters, so that words land near each other; 'İ' and 'ß' change length or not when lowercased.
const letter = fc.constantFrom('a', 'b', 'c', 'A', 'B', 'İ', 'ß', '-')
const word = fc.array(letter, { maxLength: 12 }).map((letters) => letters.join(''))

describe('closest', () => {
  it('is the closest candidate within the limit by the plain distance', () => {
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 8 }), (typed, candidates) => {
        expect(closest(typed, candidates)).toBe(plainClosest(typed, candidates))
      }),
      { numRuns: 2000 },
    )
  })

  it('suggests what a typo comes from, and nothing for a word far from every candidate or too long', () => {
    const components = ['primaryImage', 'keyContributors', 'images']
    expect(closest('primaryimag', components)).toBe('primaryImage')
    expect(closest('keyContribtors', components)).toBe('keyContributors')
    expect(closest('traits', components)).toBeUndefined()
    expect(closest('a'.repeat(echoedLength + 1), ['a'.repeat(echoedLength)])).toBeUndefined()
    expect(didYouMean('imges', components)).toBe("; did you mean 'images'?")
    expect(didYouMean('genre', components)).toBe('')
  })
})
