// Time per page: the client (its core alone, a run per page; the quickstart configuration, recommended()'s strict
// check, retries and pages(); pages() without a check) against a raw fetch loop that
// does the least a caller must do (POST JSON with a bearer token, parse, follow next). Same local node:http
// server, same pages, one run: warm up, interleave the contenders, report the median of several rounds. The
// ratio is the median of each round's ratio to the raw loop of the same round (a load that comes and goes on a
// shared machine hits both sides of a pair alike), in wall time and in CPU time (the process's, the in-process
// server's included: the same for every contender). `bench/client-parts.ts` takes the client apart.
// Run: npx tsx bench/client.bench.ts
import {
  clientLoop,
  coreLoop,
  median,
  PAGES,
  quickstartLoop,
  rawLoop,
  timeContenders,
} from './client-contenders'

const ROUNDS = 21

const contenders: Record<string, () => Promise<number>> = {
  'raw fetch loop': rawLoop({}),
  // What any timeout costs at the least: a controller and a timer per request, its signal given to fetch.
  'raw loop + timeout signal': rawLoop({ signals: 1, timers: true }),
  'client core (run per page)': coreLoop(),
  'client quickstart (recommended)': quickstartLoop(),
  'client pages(), no check': clientLoop('off'),
}
const { wall, cpu, ratio } = await timeContenders(contenders, {
  rounds: ROUNDS,
  baseline: 'raw fetch loop',
})
console.log(`client per-page overhead: ${PAGES} pages of 20 items, median of ${ROUNDS} rounds`)
for (const name of Object.keys(contenders))
  console.log(
    `  ${name.padEnd(32)} ${median(wall[name]!).toFixed(1).padStart(7)} µs/page   ${ratio(wall, name).toFixed(2)}x` +
      `   cpu ${median(cpu[name]!).toFixed(1).padStart(7)} µs/page   ${ratio(cpu, name).toFixed(2)}x`,
  )
