// A TypeScript script a test starts as a child process, bundled once into plain JavaScript: a child loaded
// through tsx spends ~1.5 CPU-seconds on its loader hooks and transforms (measured, Node 20), which a fleet of
// eight workers paid eight times. Packages stay imports (redis, ioredis, zod): only our own files are bundled.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSync } from 'esbuild'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The path of `entry` (a URL of a .ts file) bundled as an ES module for Node, and a function that removes it.
 * Written under node_modules/.cache, so that Node finds the packages it imports by walking up from it.
 */
export function nodeScript(entry: URL): { path: string; remove: () => void } {
  const cache = join(root, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const dir = mkdtempSync(join(cache, 'hql-node-script-'))
  const path = join(dir, 'script.mjs')
  buildSync({
    entryPoints: [fileURLToPath(entry)],
    outfile: path,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  })
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
