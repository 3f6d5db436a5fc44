// A growth table: time against input size, with the slope of log(time) against log(size) between the first
// and last rows and overall (least squares). A slope of 1 is linear, below 1 better than linear.

export interface GrowthRow {
  readonly size: number
  /** The time measured at this size, ns. */
  readonly ns: number
  readonly baselineNs?: number
  readonly ratio?: number
}

/** The least-squares slope of log(ns) against log(size). */
export function logLogSlope(rows: readonly GrowthRow[]): number {
  const xs = rows.map((row) => Math.log(row.size))
  const ys = rows.map((row) => Math.log(Math.max(row.ns, 1)))
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
  const mx = mean(xs)
  const my = mean(ys)
  let num = 0
  let den = 0
  for (let i = 0; i < xs.length; i++) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my)
    den += ((xs[i] as number) - mx) ** 2
  }
  return num / den
}

export function printGrowth(sizeName: string, timeName: string, rows: readonly GrowthRow[]): void {
  console.log(`| ${sizeName} | ${timeName} | per unit | vs baseline |`)
  console.log('|---|---|---|---|')
  for (const row of rows)
    console.log(
      `| ${row.size} | ${(row.ns / 1000).toFixed(1)} µs | ${(row.ns / row.size).toFixed(0)} ns | ${row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}x`} |`,
    )
  console.log(`slope (log-log, least squares): ${logLogSlope(rows).toFixed(2)} (1 = linear)`)
}
