// Issue 29: a query that spreads a fragment costs no more type instantiations than the same components written
// out, and a card's `FragmentOf` prop check of its items costs at most 500 more. Counted in one run, over one
// prelude (bench/type-scenarios.ts, fragmentPrelude), so the figures are compared with each other, not with numbers
// written down; bench/type-budgets.json holds each count too (test/builder/type-budget.test.ts).
import { describe, expect, test } from 'vitest'
import { instantiationCounter } from '../../bench/type-cost'
import { fragmentPrelude, scenarios } from '../../bench/type-scenarios'

const codeOf = (name: string): string => {
  const scenario = scenarios.find((s) => s.name === name)
  if (scenario === undefined) throw new Error(`no scenario named ${name}`)
  return scenario.code
}

describe('what a fragment costs the type checker', () => {
  // One counter for both tests: a counter's first count (the prelude's) is most of its time.
  let counter: ((code: string) => number) | undefined
  const count = (code: string): number => (counter ??= instantiationCounter(fragmentPrelude))(code)

  test('a spread costs no more than the components written out; a FragmentOf prop at most 500 more', () => {
    const writtenOut = count(codeOf('quickstart, written out'))
    const spread = count(codeOf('quickstart, fragment spread'))
    const prop = count(codeOf('quickstart, FragmentOf prop'))
    expect(spread, `spread ${spread}, written out ${writtenOut}`).toBeLessThanOrEqual(writtenOut)
    expect(prop - spread, `FragmentOf prop ${prop}, spread ${spread}`).toBeLessThanOrEqual(500)
    // The prop check is counted: it is not free (a scenario that checked nothing would pass the line above).
    expect(prop).toBeGreaterThan(spread)
  }, 120_000)

  test('HQL text given a fragment (hqlText(text, { movieCard })) costs no more than its components written out', () => {
    const writtenOut = count(codeOf('quickstart text'))
    const given = count(codeOf('quickstart text, fragment passed in'))
    expect(given, `given ${given}, written out ${writtenOut}`).toBeLessThanOrEqual(writtenOut)
    // The spread is read: the result type reaches the fragment's nested component (the scenario reads it).
    expect(given).toBeGreaterThan(count(codeOf('quickstart, fragment spread')))
  }, 120_000)
})
