// Where parse time goes as the text grows: lex alone, parse, and the share of it spent in GC pauses.
// Run: npx tsx bench/text-growth-probe.ts
import { PerformanceObserver } from 'node:perf_hooks'
import { lex, parseDocument } from '../src/text'
import { hqlCatalog } from './text-catalogs'

let gcMs = 0
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration
}).observe({ entryTypes: ['gc'] })

let sink: unknown
function time(run: () => unknown, n: number): { ns: number; gc: number } {
  for (let i = 0; i < n; i++) sink = run()
  const times: number[] = []
  const gcs: number[] = []
  for (let round = 0; round < 5; round++) {
    const gc0 = gcMs
    const t = process.hrtime.bigint()
    for (let i = 0; i < n; i++) sink = run()
    times.push(Number(process.hrtime.bigint() - t) / n)
    gcs.push(gcMs - gc0)
  }
  const order = times.map((_, i) => i).sort((a, b) => (times[a] as number) - (times[b] as number))
  const mid = order[2] as number
  return { ns: times[mid] as number, gc: ((gcs[mid] as number) * 1e6) / n / (times[mid] as number) }
}

await new Promise((r) => setTimeout(r, 0))
for (const size of [1_000, 10_000, 100_000, 1_000_000]) {
  const text = hqlCatalog(size)
  const n = Math.max(3, Math.round(2_000_000 / size))
  const l = time(() => lex(text), n)
  const p = time(() => parseDocument(text), n)
  console.log(
    `${size}: lex ${(l.ns / text.length).toFixed(1)} ns/char (gc ${(l.gc * 100).toFixed(0)}%), parse ${(p.ns / text.length).toFixed(1)} ns/char (gc ${(p.gc * 100).toFixed(0)}%)`,
  )
}
void sink
