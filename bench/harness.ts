// The project's benchmark harness: runs a candidate and its baseline in the same process, interleaved in
// rounds so that machine noise hits both alike, and reports the median time per operation and the ratio.

export interface Case {
  readonly name: string
  readonly run: () => unknown
}

export interface Comparison {
  readonly candidate: string
  readonly baseline: string
  readonly candidateNs: number
  readonly baselineNs: number
  /** candidate time / baseline time: 1.5 means the candidate costs 50% more. */
  readonly ratio: number
}

// Results are stored in a module-level variable, which the engine must assume is read later, so it cannot
// drop the measured work as dead code.
export let sink: unknown

function timePerOp(run: () => unknown, iterations: number): number {
  const start = process.hrtime.bigint()
  for (let i = 0; i < iterations; i++) sink = run()
  return Number(process.hrtime.bigint() - start) / iterations
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** Compares `candidate` with `baseline`: warm-up, then `rounds` interleaved rounds of `iterations` each. */
export function compare(
  candidate: Case,
  baseline: Case,
  { rounds = 15, iterations = 20_000, warmup = 50_000 } = {},
): Comparison {
  timePerOp(candidate.run, warmup)
  timePerOp(baseline.run, warmup)
  const candidateTimes: number[] = []
  const baselineTimes: number[] = []
  for (let round = 0; round < rounds; round++) {
    // Alternate which side goes first, so neither always runs on a warmer (or cooler) machine.
    if (round % 2 === 0) {
      candidateTimes.push(timePerOp(candidate.run, iterations))
      baselineTimes.push(timePerOp(baseline.run, iterations))
    } else {
      baselineTimes.push(timePerOp(baseline.run, iterations))
      candidateTimes.push(timePerOp(candidate.run, iterations))
    }
  }
  const candidateNs = median(candidateTimes)
  const baselineNs = median(baselineTimes)
  return {
    candidate: candidate.name,
    baseline: baseline.name,
    candidateNs,
    baselineNs,
    ratio: candidateNs / baselineNs,
  }
}

/** Prints a comparison as one table row. */
export function report(comparison: Comparison): void {
  const ns = (value: number) => `${value.toFixed(0)} ns`
  console.log(
    `${comparison.candidate}: ${ns(comparison.candidateNs)} | ${comparison.baseline}: ${ns(comparison.baselineNs)} | ratio ${comparison.ratio.toFixed(2)}x`,
  )
}
