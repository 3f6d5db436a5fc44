// One cold start-up of the reference service's graph (catalog read and checked, graph built and indexed), in
// a fresh process, printed in milliseconds (then its CPU time) with a baseline measured just before it in the same process: reading
// and `JSON.parse`-ing the same catalog files, the least any start-up from this catalog does. On a shared
// machine the milliseconds move with the load (2–4x between runs); the ratio moves much less.
// bench/service.bench.ts runs this a few times and reports the medians of both and of the ratio.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defaultCatalogDir } from '../src/service/catalog/load'
import { graphFor } from '../src/service/graph/shared-graph'

const dir = defaultCatalogDir()
const started = performance.now()
for (const file of ['movies.json', 'series.json', 'series-episodes.json'])
  if (existsSync(join(dir, file))) JSON.parse(readFileSync(join(dir, file), 'utf8'))
const baseline = performance.now() - started

const cpuBefore = process.cpuUsage()
const { ms } = graphFor(undefined, [{ username: 'demo', password: 'startup', name: 'Demo User' }])
// The start-up's CPU time (user + system, all threads: the collector's helpers too), which moves less than the
// wall time on a shared machine; bench/service-startup-ab.ts compares it between two trees.
const cpu = process.cpuUsage(cpuBefore)
console.log(`${ms.toFixed(1)} ${baseline.toFixed(1)} ${((cpu.user + cpu.system) / 1000).toFixed(1)}`)
