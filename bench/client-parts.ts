// Where the client's time per page goes: the raw fetch loop with one of the client's pieces added at a time,
// and the client with one piece taken away, over the same local server in one run (wall and CPU per page,
// medians of interleaved rounds). CPU includes the in-process server's, which is the same for every contender.
// Run: npx tsx bench/client-parts.ts [rounds] [name fragments…]
import {
  clientLoop,
  coreLoop,
  median,
  rawGenerator,
  rawLoop,
  timeContenders,
  withoutSignal,
} from './client-contenders'

const ROUNDS = Number(process.argv[2] ?? 21)

const all: Record<string, () => Promise<number>> = {
  raw: rawLoop({}),
  'raw, text()+parse': rawLoop({ text: true }),
  'raw, 1 signal': rawLoop({ signals: 1 }),
  'raw, 1 signal+timer': rawLoop({ signals: 1, timers: true }),
  'raw, 2 signals+timers': rawLoop({ signals: 2, timers: true }),
  'raw, 2 sig+timers+race': rawLoop({ signals: 2, timers: true, raceToken: true }),
  'raw, async generator': rawGenerator({}),
  // The core's own loop (a `run` per page): what `pages()` costs over it is the pager's.
  'client core, run per page': coreLoop(),
  'client off': clientLoop('off'),
  'client off, no signal': clientLoop('off', withoutSignal),
  'client strict': clientLoop('strict'),
}
// Pick contenders by name fragments after the round count (`raw` always runs: the ratios are to it).
const picks = process.argv.slice(3)
const contenders = Object.fromEntries(
  Object.entries(all).filter(([n]) => n === 'raw' || picks.length === 0 || picks.some((p) => n.includes(p))),
)
const { wall, cpu, ratio } = await timeContenders(contenders, { rounds: ROUNDS, baseline: 'raw' })
console.log(
  `per page, median of ${ROUNDS} rounds: wall µs, median of per-round ratios to raw | cpu µs, ratio`,
)
for (const n of Object.keys(contenders))
  console.log(
    `  ${n.padEnd(26)} ${median(wall[n]!).toFixed(0).padStart(5)} ${ratio(wall, n).toFixed(3)}x | ${median(cpu[n]!).toFixed(0).padStart(5)} ${ratio(cpu, n).toFixed(3)}x`,
  )
