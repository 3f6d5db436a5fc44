// The reference service's graph worker (src/service/query/graph-worker.ts) as one JavaScript file, for the tiers
// that start services from the sources. A worker thread started from the TypeScript sources registers tsx's
// loader and loads ~100 modules through it: ~1.4 s of CPU per thread (and a loader thread of its own), against
// ~0.5 s from one bundled file, and the unit tiers start six. Bundled once per run by `nodeScript` (again on each
// rerun of watch mode, so that the worker never runs older code than the tests), named to the worker in
// HQL_GRAPH_WORKER_BUNDLE, which the threads and processes vitest starts afterwards inherit.
import type { TestProject } from 'vitest/node'
import { nodeScript } from './node-script'

const worker = new URL('../../src/service/query/graph-worker.ts', import.meta.url)

/** Bundles the worker and names it to the workers started from now on. */
function bundled(): ReturnType<typeof nodeScript> {
  const script = nodeScript(worker)
  process.env['HQL_GRAPH_WORKER_BUNDLE'] = script.path
  return script
}

export default function setup(project: TestProject): () => void {
  let script = bundled()
  project.onTestsRerun(() => {
    const before = script
    script = bundled()
    before.remove()
  })
  return () => script.remove()
}
