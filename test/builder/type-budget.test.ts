// The type-checking cost of the budgeted queries (bench/type-scenarios.ts) stays within bench/type-budgets.json.
// Counts are deterministic (type instantiations, not time), so this is an exact gate: a change that makes the
// builder's types dearer fails here, and `npm run bench:types` shows the figures.
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { budgetsPath, instantiationCounter } from '../../bench/type-cost'
import { prelude, scenarios } from '../../bench/type-scenarios'

const budgets = JSON.parse(readFileSync(budgetsPath, 'utf8')) as Record<string, number>

describe('type instantiation budgets', () => {
  test('every budgeted query has a budget', () => {
    expect(Object.keys(budgets).sort()).toEqual(scenarios.map((s) => s.name).sort())
  })

  test('each query type-checks within its budget', () => {
    // A scenario may bring its own prelude (the TanStack call site's): one counter per prelude.
    const counters = new Map<string, (code: string) => number>()
    for (const scenario of scenarios) {
      const { name, code } = scenario
      const own = 'prelude' in scenario ? scenario.prelude : prelude
      if (!counters.has(own)) counters.set(own, instantiationCounter(own))
      const counted = counters.get(own)!(code)
      expect(counted, `${name}: ${counted} type instantiations, budget ${budgets[name]}`).toBeLessThanOrEqual(
        budgets[name] ?? 0,
      )
    }
  }, 120_000)
})
