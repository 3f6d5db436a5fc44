// `npm run bench:all`: every bench of docs/performance.md, one after another, each in its own process (so that
// one bench's garbage and JIT state do not colour the next), after a header naming the machine and the date.
// Each bench prints both sides of its ratios from its own run; nothing here compares across processes.
import { spawnSync } from 'node:child_process'
import { cpus, totalmem } from 'node:os'

const benches = [
  'bench:build-compile',
  'bench:from-json',
  'bench:from-json-depth',
  'bench:text',
  'bench:text-growth',
  'bench:client',
  'bench:response-check',
  'bench:types',
  'bench:size-commonjs',
  'bench:service',
  'bench/service-renderers.bench.ts',
  'bench:fleet',
] as const

const cores = cpus()
console.log(
  `# hql benches, ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cores.length} × ${cores[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
)
let failed = 0
for (const script of benches) {
  console.log(`\n## ${script.startsWith('bench/') ? 'npx tsx' : 'npm run'} ${script}\n`)
  // An npm script by name, or a bench file (package.json's scripts are not edited for each new bench).
  const run = script.startsWith('bench/')
    ? spawnSync('npx', ['tsx', script], { stdio: 'inherit' })
    : spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' })
  if (run.status !== 0) failed++
}
// The browser bundle's figure is size-limit's (npm test enforces it): printed last, as the table lists it.
console.log('\n## size-limit\n')
if (spawnSync('npx', ['size-limit'], { stdio: 'inherit' }).status !== 0) failed++
process.exitCode = failed === 0 ? 0 : 1
