// The language server's latency on a ~16 KB catalog file (issue 13: diagnostics within ~20 ms of an edit,
// completion within ~10 ms): what the core computes per request, without the protocol's pipes.
// Run: npm run bench:lsp
import { complete, diagnose, idIndex } from '../src/language'
import type { IdEntry } from '../src/language'
import { hqlCatalog } from './text-catalogs'
import { compare, report } from './harness'
import { sampleIds } from '../src/cli/commands/lsp'
import { IdSource } from '../src/lsp/id-source'
import { createService, DEMO } from '../src/service'

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

// Ids from a configured service (hql.service): read ahead into memory once, off the hot path, so completion
// by name costs what it costs over the embedded catalog. Both sides index the same sample catalog (the
// reference service serves the embedded one), so the ratio is the service path's own cost.
const service = await createService()
const started = performance.now()
const source = new IdSource(sampleIds(), { info: () => {}, warn: (m) => console.warn(m) }, 60_000, {
  maxPerType: 20_000,
  timeoutMs: 30_000,
})
source.configure({ ...DEMO, baseUrl: service.baseUrl, authUrl: service.authUrl })
const byName = `${catalog}\nquery typing explore Movie where contributors = "brad pi`
await source.completion((provider) => complete(byName, byName.length, provider))
const readAhead = performance.now() - started
const embedded = sampleIds()
complete(byName, byName.length, embedded) // indexes the embedded catalog before timing
const onService = compare(
  {
    name: 'completion by name, service ids (IdSource)',
    // After the read-ahead, IdSource computes at once: the promise is settled, nothing waits on the network.
    run: () => source.completion((provider) => complete(byName, byName.length, provider)),
  },
  { name: 'embedded ids', run: () => complete(byName, byName.length, embedded) },
  { rounds: 9, iterations: 300, warmup: 300 },
)
console.log(`service read-ahead (all ids of the sample catalog over HTTP, once): ${readAhead.toFixed(0)} ms`)
report(onService)
await service.close()
