// The built package (dist/), made once per test run and shared by every test that loads it: the CLI and the
// language server as child processes, the package as users install it, the playground's bundle. `npm test`
// builds before vitest starts and says so with HQL_DIST_BUILT=1; a run of some files on their own builds here,
// once, whatever the number of tiers that ask (each tier's global setup runs in this one process).
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

export default function setup(): void {
  if (process.env['HQL_DIST_BUILT'] === '1') return
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' })
  process.env['HQL_DIST_BUILT'] = '1'
}
