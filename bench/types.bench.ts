// Type-checking cost of typical queries, counted in type instantiations (bench/type-cost.ts, the measure
// @ark/attest's bench took). Prints each count beside its budget (bench/type-budgets.json, which
// test/builder/type-budget.test.ts enforces in `npm test`) and issue 15's target, with the ratio count/target.
// Run: npm run bench:types. Lower a budget when a change lowers a count; raise one only with a reason in the commit.
import { readFileSync } from 'node:fs'
import { budgetsPath, instantiationCounter } from './type-cost'
import { prelude, scenarios } from './type-scenarios'

/** Issue 15's target for each count ("this issue"; the stretch is 1,000). */
const target = 1_500

const budgets = JSON.parse(readFileSync(budgetsPath, 'utf8')) as Record<string, number>
// A scenario may bring its own prelude (the TanStack call site's): one counter per prelude.
const counters = new Map<string, (code: string) => number>()
let over = false
console.log('type instantiations   count   budget   target   count/target')
for (const scenario of scenarios) {
  const { name, code } = scenario
  const own = 'prelude' in scenario ? scenario.prelude : prelude
  if (!counters.has(own)) counters.set(own, instantiationCounter(own))
  const counted = counters.get(own)!(code)
  const budget = budgets[name] ?? Number.NaN
  if (!(counted <= budget)) over = true
  console.log(
    `${name.padEnd(20)} ${String(counted).padStart(6)}   ${String(budget).padStart(6)}   ${String(target).padStart(6)}   ${(counted / target).toFixed(2)}x${counted > budget ? '  OVER BUDGET' : ''}`,
  )
}
if (over) process.exitCode = 1
