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
    const count = instantiationCounter(prelude)
    for (const { name, code } of scenarios) {
      const counted = count(code)
      expect(counted, `${name}: ${counted} type instantiations, budget ${budgets[name]}`).toBeLessThanOrEqual(
        budgets[name] ?? 0,
      )
    }
  }, 120_000)
})
