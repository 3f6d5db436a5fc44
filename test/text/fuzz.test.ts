import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fromJSON } from 'hql'
import { HqlTextError, parseDocumentCollecting, parseQuery, printQuery } from '../../src/text'
import { requestArbitrary } from './arbitraries'

// Whatever the text, parsing returns a query or throws an HqlTextError, quickly.
// A bound on each input, not a speed figure (bench/text-growth.bench.ts measures that): generous enough for a
// loaded CI machine, far below what a quadratic parse of the 100,000-character inputs below would take.
const budgetMs = 2000

function parsesOrFailsTyped(text: string): void {
  const started = performance.now()
  try {
    parseQuery(text, { placeholders: true })
  } catch (error) {
    if (!(error instanceof HqlTextError)) throw error
    expect(error.line).toBeGreaterThanOrEqual(1)
    expect(error.column).toBeGreaterThanOrEqual(1)
    expect(error.frame).toContain('^')
  }
  const { errors } = parseDocumentCollecting(text)
  for (const error of errors) expect(error).toBeInstanceOf(HqlTextError)
  expect(performance.now() - started).toBeLessThan(budgetMs)
}

const fragments = [
  'explore',
  'relate',
  'lookup',
  'silos',
  'query',
  'where',
  'and',
  'or',
  'in',
  'contains',
  'all',
  'none',
  'order',
  'by',
  'with',
  'page',
  'size',
  'silo',
  'to',
  'weight',
  'boost',
  'only',
  'at',
  'probability',
  'for',
  'Movie',
  'traits',
  'returnType',
  'primaryImage',
  'keyContributors',
  'releaseDate',
  'desc',
  'idsOrder',
  '"mhmov-a"',
  '"mhgnr-a"',
  '"\\u12"',
  '"',
  '\\',
  '$x',
  '$',
  '0',
  '-1',
  '1e5',
  '1.',
  '01',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  '=',
  '!=',
  '!',
  '#',
  '\n',
  ' ',
  '\t',
  '\r',
  'é',
  '😀',
  '\u0000',
  '\ud800',
]
const tokenSoup = fc.array(fc.constantFrom(...fragments), { maxLength: 60 }).map((parts) => parts.join(' '))

describe('the parser on arbitrary input', () => {
  it('never throws anything but HqlTextError, never hangs, on random text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), parsesOrFailsTyped), {
      numRuns: 400,
    })
  })

  it('never throws anything but HqlTextError, never hangs, on token soup', () => {
    fc.assert(fc.property(tokenSoup, parsesOrFailsTyped), { numRuns: 600 })
  })

  it('never throws anything but HqlTextError, never hangs, on mutations of valid queries', () => {
    const mutated = fc
      .tuple(requestArbitrary, fc.nat(), fc.nat({ max: 12 }), fc.constantFrom('', ...fragments))
      .map(([{ endpoint, body }, at, length, insert]) => {
        const text = printQuery(fromJSON(endpoint, body))
        const start = at % (text.length + 1)
        return text.slice(0, start) + insert + text.slice(start + length)
      })
    fc.assert(fc.property(mutated, parsesOrFailsTyped), { numRuns: 600 })
  })

  it('stays linear on long inputs', () => {
    parsesOrFailsTyped(`explore with ${'primaryImage, '.repeat(20_000)}primaryImage`)
    parsesOrFailsTyped('('.repeat(100_000))
    parsesOrFailsTyped('query '.repeat(50_000))
  })
})
