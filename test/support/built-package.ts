// The built package (dist/), made once per test run and shared by every test that loads it: the CLI and the
// language server as child processes, the package as users install it, the playground's bundle. `npm test`
// builds before vitest starts and says so with HQL_DIST_BUILT=1; a run of some files on their own builds here,
// once, whatever the number of tiers that ask (each tier's global setup runs in this one process).
import { execFileSync } from 'node:child_process'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

export default function setup(): void {
  if (process.env['HQL_DIST_BUILT'] === '1') return
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' })
  process.env['HQL_DIST_BUILT'] = '1'
}

/**
 * tsconfig `paths` that resolve `hql` and its subpaths to the built declarations (dist/*.d.ts), from a tsconfig
 * in `dir`: code a user writes (the docs' blocks, generated modules) is checked against what the package
 * ships. Also cheaper: declarations are read, not checked (skipLibCheck), where `hql` through src/ had tsc check
 * every source file the code reaches (the README's blocks: 18 → 10 CPU-seconds, measured).
 */
export function builtPackagePaths(dir: string): Record<string, string[]> {
  const dist = relative(dir, `${root}dist`)
  return { hql: [`${dist}/index.d.ts`], 'hql/*': [`${dist}/*.d.ts`] }
}
