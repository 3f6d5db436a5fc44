// The first-run demo (`npm start`, examples/demo.ts) as a user sees it: in a pipe, on a terminal, with NO_COLOR.
import { execFileSync, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const bold = '\x1b[1m'
// Without the test run's bundled graph worker (test/support/graph-worker-bundle.ts): `npm start` loads the
// worker through tsx, as this runs it.
const env = (extra: Record<string, string>) => ({
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.endsWith('_COLOR') && name !== 'HQL_GRAPH_WORKER_BUNDLE',
    ),
  ),
  ...extra,
})
const demo = [process.execPath, '--import', 'tsx', 'examples/demo.ts']
// util-linux `script` gives the demo a terminal for its stdout; without it the terminal cases are skipped.
const hasScript = spawnSync('script', ['--version']).status === 0
const onTerminal = (extra: Record<string, string>) =>
  execFileSync('script', ['-qec', demo.join(' '), '/dev/null'], {
    cwd: root,
    encoding: 'utf8',
    env: env(extra),
  })

describe('the demo', () => {
  it('prints plain text into a pipe, and counts the carousels it prints', () => {
    const out = execFileSync(demo[0]!, demo.slice(1), { cwd: root, encoding: 'utf8', env: env({}) })
    expect(out).not.toContain('\x1b')
    const [heading, ...rest] = out.slice(out.indexOf('\nSilos: ') + 1).split('\n')
    const carousels = rest.filter((line) => line.startsWith('  ')).length
    expect(carousels).toBeGreaterThan(3)
    expect(heading).toBe(`Silos: ${carousels} carousels from three blueprints, in one call`)
  })

  it.runIf(hasScript)('prints bold headings on a terminal, and none with NO_COLOR', () => {
    expect(onTerminal({})).toContain(`${bold}Silos: `)
    expect(onTerminal({ NO_COLOR: '1' })).not.toContain('\x1b')
  })
})
