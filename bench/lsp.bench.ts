// The language server's latency on a ~16 KB catalog file (issue 13: diagnostics within ~20 ms of an edit,
// completion within ~10 ms): what the core computes per request, without the protocol's pipes.
// Run: npm run bench:lsp
import { complete, diagnose, idIndex } from '../src/language'
import type { IdEntry } from '../src/language'
import { hqlCatalog } from './text-catalogs'

const catalog = hqlCatalog(16_000)
const ids = idIndex(
  Array.from({ length: 20_000 }, (_, i): IdEntry => ({
    id: `mhric-person-${i}`,
    name: `Person ${i}`,
    type: 'Contributor',
  })),
)

function median(run: (i: number) => unknown, times = 200): number {
  const samples: number[] = []
  for (let i = 0; i < 20; i++) run(i)
  for (let i = 0; i < times; i++) {
    const start = performance.now()
    run(i)
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  return samples[samples.length >> 1] as number
}

// An edit: a different text each time (one query's page size changes), as a keystroke makes it.
const edited = (i: number) => catalog.replace(/page size \d+/, `page size ${(i % 50) + 1}`)
const atEnd = `${catalog}\nquery typing explore Movie where contributors = "person 12" with keyContributors { `
const rows = [
  ['diagnostics after an edit (16 KB)', median((i) => diagnose(edited(i), 'bench.hql')), 20],
  ['completion: components in scope (16 KB)', median(() => complete(atEnd, atEnd.length, ids)), 10],
  [
    'completion: ids by name (16 KB, 20k ids)',
    median(() => complete(atEnd, atEnd.indexOf('"person 12"') + 10, ids)),
    10,
  ],
] as const
console.log(`catalog: ${catalog.length} characters, ${(catalog.match(/^query /gm) ?? []).length} queries`)
for (const [what, ms, target] of rows)
  console.log(`${what.padEnd(44)} ${ms.toFixed(2).padStart(7)} ms  (target ~${target} ms)`)
