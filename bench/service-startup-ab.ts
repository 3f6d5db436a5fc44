// `npx tsx bench/service-startup-ab.ts <git ref> [pairs]`: the reference service's cold start-up in this tree
// against another commit's, in fresh processes alternated old, new, old, new… so that the machine's drift (±20 %
// on a shared VM) hits both alike. Prints the medians of wall and CPU time (process.cpuUsage, every thread) and
// of the pairs' ratios. The other commit is exported with `git archive` (src and data only) to a temporary
// folder that shares this tree's node_modules, and both run this tree's bench/service-startup.ts.
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
const ref = process.argv[2]
const pairs = Number(process.argv[3] ?? 12)
if (ref === undefined) throw new Error('usage: npx tsx bench/service-startup-ab.ts <git ref> [pairs]')

const old = mkdtempSync(join(tmpdir(), 'hql-startup-ab-'))
try {
  execFileSync('sh', ['-c', `git -C "${root}" archive "${ref}" src data | tar -x -C "${old}"`])
  // This tree's start-up script in both (an older one may not print the CPU time); it imports ../src relatively.
  mkdirSync(join(old, 'bench'))
  copyFileSync(join(root, 'bench/service-startup.ts'), join(old, 'bench/service-startup.ts'))
  symlinkSync(join(root, 'node_modules'), join(old, 'node_modules'))
  const run = (tree: string): { wall: number; cpu: number } => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(tree, 'bench/service-startup.ts')], {
      cwd: tree,
      encoding: 'utf8',
    })
    const [wall = Number.NaN, , cpu = Number.NaN] = out.trim().split(' ').map(Number)
    return { wall, cpu }
  }
  const rows: { old: { wall: number; cpu: number }; now: { wall: number; cpu: number } }[] = []
  for (let i = 0; i < pairs; i++) rows.push({ old: run(old), now: run(root) })
  const median = (values: number[]): number => {
    const sorted = [...values].sort((a, b) => a - b)
    const mid = sorted.length >> 1
    return sorted.length % 2
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
  }
  const of = (pick: (r: (typeof rows)[number]) => number): string => median(rows.map(pick)).toFixed(0)
  const ratio = (pick: (r: (typeof rows)[number]) => number): string => median(rows.map(pick)).toFixed(2)
  console.log(
    `start-up, ${pairs} alternated pairs of fresh processes, ${ref} → this tree (medians):\n` +
      `  wall ${of((r) => r.old.wall)} → ${of((r) => r.now.wall)} ms, ratio ${ratio((r) => r.now.wall / r.old.wall)}\n` +
      `  CPU  ${of((r) => r.old.cpu)} → ${of((r) => r.now.cpu)} ms, ratio ${ratio((r) => r.now.cpu / r.old.cpu)}` +
      ` (faster in ${rows.filter((r) => r.now.cpu < r.old.cpu).length} of ${pairs})`,
  )
} finally {
  rmSync(old, { recursive: true, force: true })
}
