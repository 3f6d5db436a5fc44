// The reference service's graph worker (src/service/query/graph-worker.ts) as one JavaScript file, for the tiers
// that start services from the sources. A worker thread started from the TypeScript sources registers tsx's
// loader and loads ~100 modules through it: ~1.4 s of CPU per thread (and a loader thread of its own), against
// ~0.5 s from one bundled file, and the unit tiers start six. Bundled once per run (and again on each rerun of
// watch mode, so that the worker never runs older code than the tests), named to the worker in
// HQL_GRAPH_WORKER_BUNDLE, which the threads and processes vitest starts afterwards inherit.
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { TestProject } from 'vitest/node'

const root = fileURLToPath(new URL('../..', import.meta.url))
// Under the package, not the system's temporary folder: the catalog is found by walking up from the module.
const folder = join(root, 'node_modules', '.cache', 'hql-graph-worker')

/** Bundles the worker; its file is named by its content, so runs side by side (`npm test`) share one. */
async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'src/service/query/graph-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    outdir: folder,
    logLevel: 'error',
  })
  const code = result.outputFiles[0]?.text ?? ''
  const file = join(folder, `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`)
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true })
    // Written whole, then renamed: a run beside this one never reads half a file.
    const partial = `${file}.${process.pid}.partial`
    writeFileSync(partial, code)
    renameSync(partial, file)
  } else {
    // Used again: touched, so that pruning (below) counts from its last use.
    const now = new Date()
    utimesSync(file, now, now)
  }
  prune(file)
  return file
}

/** Bundles of older sources, a day untouched: a file per change of the sources would pile up. */
function prune(kept: string): void {
  const dayAgo = Date.now() - 86_400_000
  for (const name of readdirSync(folder)) {
    const file = join(folder, name)
    try {
      if (file !== kept && statSync(file).mtimeMs < dayAgo) rmSync(file, { force: true })
    } catch {
      // Pruned by a run beside this one: nothing to do.
    }
  }
}

export default async function setup(project: TestProject): Promise<void> {
  process.env['HQL_GRAPH_WORKER_BUNDLE'] = await bundle()
  project.onTestsRerun(async () => {
    process.env['HQL_GRAPH_WORKER_BUNDLE'] = await bundle()
  })
}
