import fc from 'fast-check'
import { anyString } from '../support/any-text'
import { describe, expect, it } from 'vitest'
import { fromJSON } from 'hql'
import { HqlTextError, parseDocumentCollecting, parseQuery, printQuery } from '../../src/text'
import { requestArbitrary } from './arbitraries'

// Whatever the text, parsing returns a query or throws an HqlTextError, in time proportionate to its length.
// Proportionate, not a number of ms (a loaded machine makes any bound flaky; bench/text-growth.bench.ts measures
// the speed): the CPU time this process spent parsing, against parsing a well-formed query of the same length
// in the same run. CPU time, not the wall clock: time the machine gave to other processes is not counted.

/** The CPU time `run` costs this process, µs. */
function cpuMicros(run: () => void): number {
  const before = process.cpuUsage()
  run()
  const { user, system } = process.cpuUsage(before)
  return user + system
}

function parsesOrFailsTyped(text: string): void {
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
}

/** A well-formed query of about `length` characters: the work a text of that length ought to cost. */
const wellFormed = (length: number): string =>
  `explore Movie with ${'primaryImage, '.repeat(Math.max(0, Math.ceil((length - 31) / 14)))}primaryImage`

/**
 * Checks each text as {@link parsesOrFailsTyped} does, and costs it against a well-formed query of the same
 * length parsed right after it. `holds()` expects the texts to cost less than 20 times the well-formed ones
 * in all (about 2: an error's frame costs more than a parse), and the dearest text less than 5 times all the
 * well-formed ones together (a garbage collection falling in one parse is up to about 1): one input that made
 * the parser backtrack or loop, seconds where the baseline is tens of ms, fails either.
 */
function proportionate(): { check: (text: string) => void; holds: () => void } {
  let spent = 0
  let baseline = 0
  let dearest = 0
  return {
    check(text) {
      const cost = cpuMicros(() => parsesOrFailsTyped(text))
      spent += cost
      dearest = Math.max(dearest, cost)
      const reference = wellFormed(text.length)
      baseline += cpuMicros(() => parsesOrFailsTyped(reference))
    },
    holds() {
      expect(spent / baseline).toBeLessThan(20)
      expect(dearest / baseline).toBeLessThan(5)
    },
  }
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
    const parses = proportionate()
    fc.assert(fc.property(anyString({ maxLength: 200 }), parses.check), { numRuns: 400 })
    parses.holds()
  })

  it('never throws anything but HqlTextError, never hangs, on token soup', () => {
    const parses = proportionate()
    fc.assert(fc.property(tokenSoup, parses.check), { numRuns: 600 })
    parses.holds()
  })

  it('never throws anything but HqlTextError, never hangs, on mutations of valid queries', () => {
    const mutated = fc
      .tuple(requestArbitrary, fc.nat(), fc.nat({ max: 12 }), fc.constantFrom('', ...fragments))
      .map(([{ endpoint, body }, at, length, insert]) => {
        const text = printQuery(fromJSON(endpoint, body))
        const start = at % (text.length + 1)
        return text.slice(0, start) + insert + text.slice(start + length)
      })
    const parses = proportionate()
    fc.assert(fc.property(mutated, parses.check), { numRuns: 600 })
    parses.holds()
  })

  it('stays linear on long inputs', () => {
    // Each long input against the same shape 20 times shorter, the cheapest of 5 parses each (a collection
    // that happens to fall in one parse is not the parser's cost): linear is a ratio of about 20 (up to ~40
    // where the garbage collector promotes a large tree), quadratic about 400.
    const shapes = [
      (n: number) => `explore with ${'primaryImage, '.repeat(n)}primaryImage`,
      (n: number) => '('.repeat(5 * n),
      (n: number) => 'query '.repeat(2.5 * n),
    ]
    for (const shape of shapes) {
      const [long, short] = [shape(20_000), shape(1_000)]
      const cheapest = (text: string) =>
        Math.min(...Array.from({ length: 5 }, () => cpuMicros(() => parsesOrFailsTyped(text))))
      expect(cheapest(long) / cheapest(short)).toBeLessThan(100)
    }
  })
})
