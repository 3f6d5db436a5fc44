// The reference service against a bare node:http server answering a fixed JSON body, in one run: requests/s
// and p99 at 8 keep-alive connections, start-up (catalog load + graph index), and latency against page number
// and page size with slopes. The servers run in this process. The load (bench/service-load.ts) comes twice:
// from this same process (as the issue's "today" figures were measured: the client's work is on both sides
// of the ratio), and from a second process, so that the servers' process does nothing but serve (the p99s
// and the page table). Cases are interleaved in
// rounds (each round runs every case once, in a rotated order) and each figure is the median of its rounds,
// so machine noise hits the service and its baseline alike.
// Run: npm run bench:service (BENCH_MS per case per round, default 500; BENCH_ROUNDS, default 5: short
// rounds, many, so that noise falls on every case alike)
import { execFileSync, fork, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createService } from '../src/service'
import { load, type LoadOrder, type LoadResult } from './service-load'
import { benchExplore, benchLookup, benchRelate } from './service-requests'

const DURATION_MS = Number(process.env.BENCH_MS ?? 500)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const CONNECTIONS = 8
const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url))

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** Least-squares slope and intercept of y against x. */
function fit(points: readonly (readonly [number, number])[]): { slope: number; intercept: number } {
  const n = points.length
  const mx = points.reduce((s, [x]) => s + x, 0) / n
  const my = points.reduce((s, [, y]) => s + y, 0) / n
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0)
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0)
  const slope = sxx === 0 ? 0 : sxy / sxx
  return { slope, intercept: my - slope * mx }
}

/** The load generator: one child process, one order at a time. */
function loader(): { run: (order: LoadOrder) => Promise<LoadResult>; stop: () => void } {
  const child: ChildProcess = fork(here('./service-load.ts'), [], { execArgv: ['--import', 'tsx'] })
  return {
    run: (order) =>
      new Promise((resolve, reject) => {
        child.once('message', (result: LoadResult) =>
          result.error === undefined ? resolve(result) : reject(new Error(result.error)),
        )
        child.send(order)
      }),
    stop: () => child.kill(),
  }
}

interface Case {
  readonly name: string
  readonly order: LoadOrder
}

/** Runs every case `ROUNDS` times, interleaved, and gives each case's rounds. */
async function rounds(
  run: (order: LoadOrder) => Promise<LoadResult>,
  cases: readonly Case[],
): Promise<LoadResult[][]> {
  const results: LoadResult[][] = cases.map(() => [])
  for (let round = 0; round < ROUNDS; round++)
    for (let k = 0; k < cases.length; k++) {
      const i = (k + round) % cases.length
      results[i]?.push(await run((cases[i] as Case).order))
    }
  return results
}

/** Cold start-ups, each in a fresh process: the start-up and its baseline (bench/service-startup.ts), in ms. */
function coldStartups(): { ms: number; baseline: number }[] {
  return Array.from({ length: ROUNDS }, () => {
    const [ms = Number.NaN, baseline = Number.NaN] = execFileSync(
      process.execPath,
      ['--import', 'tsx', here('./service-startup.ts')],
      { encoding: 'utf8' },
    )
      .trim()
      .split(' ')
      .map(Number)
    return { ms, baseline }
  })
}

function printStartups(startups: readonly { ms: number; baseline: number }[]): void {
  const ms = startups.map((s) => s.ms)
  console.log(
    `\nstart-up (catalog load + graph index), cold, fresh process: ${median(ms).toFixed(0)} ms ` +
      `(runs: ${ms.map((x) => x.toFixed(0)).join(', ')}; target ≤ 300, stretch ≤ 150); baseline (reading and ` +
      `JSON.parse of the catalog files, same process, just before): ` +
      `${median(startups.map((s) => s.baseline)).toFixed(0)} ms; start-up / baseline: ` +
      `${median(startups.map((s) => s.ms / s.baseline)).toFixed(1)}x (median of the runs' ratios)`,
  )
}

async function main(): Promise<void> {
  const startups = coldStartups()
  // BENCH_STARTUP_ONLY=1: the start-up line alone, without the minutes of load rounds.
  if (process.env.BENCH_STARTUP_ONLY) return printStartups(startups)
  // The load comes from one address at 8 connections: the admission of costly requests (issue 24: 4 per address
  // running or waiting) would answer the lookup's extra connections 503 at once, so it lets that many in.
  const service = await createService({
    rateLimit: false,
    admission: { perAddress: CONNECTIONS, waiting: CONNECTIONS },
  })
  const form = new URLSearchParams({
    grant_type: 'password',
    username: service.demo.username,
    password: service.demo.password,
    scope: 'public_profile user_likes',
  })
  const tokenResponse = await fetch(`${service.authUrl}/1.3/security/oauth/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${service.demo.clientId}:${service.demo.clientSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: form,
  })
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string }
  const auth = { Authorization: `Bearer ${token}` }

  const [explore, lookup, relate] = [benchExplore, benchLookup, benchRelate]

  // The baseline answers with no work behind it: at /, a body of the same size as the explore answer (the
  // issue's baseline for every case); at /<endpoint>, that endpoint's own answer, byte for byte, so that a
  // case's second ratio leaves out what carrying its bytes costs (a lookup's answer is 4 times explore's).
  const answerOf = async (endpoint: string, body: unknown): Promise<string> =>
    (
      await fetch(`${service.baseUrl}/graph/${endpoint}`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).text()
  const fixed = await answerOf('explore', explore)
  const answers = new Map<string, Buffer>([
    ['/', Buffer.from(fixed)],
    ['/explore', Buffer.from(fixed)],
    ['/lookup', Buffer.from(await answerOf('lookup', lookup))],
    ['/relate', Buffer.from(await answerOf('relate', relate))],
  ])
  const bare = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const bytes = answers.get(req.url ?? '/') ?? Buffer.from(fixed)
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': bytes.length })
      res.end(bytes)
    })
  })
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`
  const at = (endpoint: string, body: unknown, connections = CONNECTIONS, ms = DURATION_MS): LoadOrder => ({
    url: `${service.baseUrl}/graph/${endpoint}`,
    headers: auth,
    body: JSON.stringify(body),
    ms,
    connections,
  })

  const { run, stop } = loader()
  const throughput: Case[] = [
    {
      name: 'bare node:http (fixed JSON)',
      order: {
        url: bareUrl,
        headers: {},
        body: JSON.stringify(explore),
        ms: DURATION_MS,
        connections: CONNECTIONS,
      },
    },
    { name: 'explore (Drama films, by date, primaryImage)', order: at('explore', explore) },
    { name: 'lookup (3 titles, nested components)', order: at('lookup', lookup) },
    { name: 'relate (a film + a weighted contributor)', order: at('relate', relate) },
    ...(['explore', 'lookup', 'relate'] as const).map((endpoint, i) => ({
      name: `bare node:http (the ${endpoint} answer's bytes)`,
      order: {
        url: `${bareUrl}${endpoint}`,
        headers: {},
        body: JSON.stringify([explore, lookup, relate][i]),
        ms: DURATION_MS,
        connections: CONNECTIONS,
      },
    })),
  ]
  const inProcess = await rounds(load, throughput)
  const measured = await rounds(run, throughput)

  // Latency against page number (pageSize 20) and page size (page 0), one connection, for explore and relate.
  const PAGES = [0, 5, 10, 20, 40]
  const SIZES = [10, 20, 50, 100]
  const pointMs = Math.max(250, DURATION_MS / 2)
  const scaling: {
    name: 'explore' | 'relate'
    x: number
    axis: 'page' | 'pageSize'
    order: LoadOrder
  }[] = []
  for (const [endpoint, body] of [
    ['explore', explore],
    ['relate', relate],
  ] as const) {
    for (const page of PAGES)
      scaling.push({
        name: endpoint,
        x: page,
        axis: 'page',
        order: at(endpoint, { ...body, pageSize: 20, page }, 1, pointMs),
      })
    for (const pageSize of SIZES)
      scaling.push({
        name: endpoint,
        x: pageSize,
        axis: 'pageSize',
        order: at(endpoint, { ...body, pageSize }, 1, pointMs),
      })
  }
  const scaled = await rounds(run, scaling)
  stop()
  bare.close()
  await service.close()

  const rps = (results: readonly LoadResult[]): number => median(results.map((r) => r.requests / r.seconds))
  console.log(`node ${process.version}, ${ROUNDS} interleaved rounds of ${DURATION_MS} ms per case, medians`)
  printStartups(startups)
  const table = (title: string, results: readonly LoadResult[][]): void => {
    const base = rps(results[0] ?? [])
    console.log(`\n${title}\n`)
    console.log('| case | requests/s | p50 ms | p99 ms | vs bare (fixed JSON) | vs bare (same bytes) |')
    console.log('|---|---:|---:|---:|---:|---:|')
    throughput.forEach((c, i) => {
      const rounds = results[i] ?? []
      const r = rps(rounds)
      // Cases 1–3 (the endpoints) have their same-bytes baselines at 4–6.
      const same = i >= 1 && i <= 3 ? (r / rps(results[i + 3] ?? [])).toFixed(2) : ''
      console.log(
        `| ${c.name} | ${r.toFixed(0)} | ${median(rounds.map((x) => x.p50)).toFixed(2)} | ` +
          `${median(rounds.map((x) => x.p99)).toFixed(2)} | ${(r / base).toFixed(2)} | ${same} |`,
      )
    })
  }
  table(
    `load from this process, ${CONNECTIONS} keep-alive connections (as the issue's "today" column)`,
    inProcess,
  )
  table(`load from a second process, ${CONNECTIONS} keep-alive connections`, measured)
  console.log(
    '\nlatency against page number (pageSize 20) and page size (page 0), 1 connection, load from the second ' +
      'process, µs (fit: least squares)',
  )
  for (const name of ['explore', 'relate'])
    for (const axis of ['page', 'pageSize'] as const) {
      const points = scaling
        .map((s, i) => ({
          s,
          http: median((scaled[i] ?? []).map((r) => r.p50)) * 1000,
          p99: median((scaled[i] ?? []).map((r) => r.p99)) * 1000,
        }))
        .filter(({ s }) => s.name === name && s.axis === axis)
      const unit = axis === 'page' ? 'page' : 'item'
      const slopeOf = (pick: (p: (typeof points)[number]) => number): string => {
        const { slope, intercept } = fit(points.map((p) => [p.s.x, pick(p)] as const))
        return `slope ${slope.toFixed(1)} µs per ${unit}, intercept ${intercept.toFixed(0)} µs`
      }
      console.log(`\n${name} by ${axis}\n`)
      console.log(`| ${axis} | ${points.map(({ s }) => s.x).join(' | ')} | fit |`)
      console.log(`|---|${points.map(() => '---:|').join('')}---|`)
      console.log(
        `| HTTP p50 µs | ${points.map((p) => p.http.toFixed(0)).join(' | ')} | ${slopeOf((p) => p.http)} |`,
      )
      console.log(
        `| HTTP p99 µs | ${points.map((p) => p.p99.toFixed(0)).join(' | ')} | ${slopeOf((p) => p.p99)} |`,
      )
    }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
