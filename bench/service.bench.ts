// Throughput and latency of the reference service against a bare node:http server answering a fixed JSON
// body, measured in the same run on the same machine, so the ratios mean something anywhere.
// Run: npx tsx bench/service.bench.ts
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent, request } from 'node:http'
import { createService } from '../src/service'

const DURATION_MS = Number(process.env.BENCH_MS ?? 3000)
const CONCURRENCY = 8

interface Result {
  readonly name: string
  readonly rps: number
  readonly p50: number
  readonly p99: number
}

/** A closed-loop load generator: CONCURRENCY keep-alive connections, each sending its next request on answer. */
async function load(
  name: string,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<Result> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  const target = new URL(url)
  const latencies: number[] = []
  const send = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const started = performance.now()
      const req = request(
        target,
        { method: 'POST', agent, headers: { 'Content-Type': 'application/json', ...headers } },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`${name}: status ${res.statusCode}`))
          res.resume()
          res.on('end', () => {
            latencies.push(performance.now() - started)
            resolve()
          })
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  // Warm-up, then the measured window.
  for (let i = 0; i < 50; i++) await send()
  latencies.length = 0
  const until = performance.now() + DURATION_MS
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) await send()
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number): number =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN
  return { name, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) }
}

async function main(): Promise<void> {
  const service = await createService({ rateLimit: false })
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

  const explore = {
    filters: { returnType: { $eq: 'Movie' }, traits: { $eq: 'mhgnr-drama' } },
    sort: [{ type: 'property', property: 'releaseDate', order: 'descending' }],
    components: [{ name: 'primaryImage' }],
    pageSize: 20,
  }
  const lookup = {
    ids: ['mhmov-gladiator', 'mhmov-titanic', 'mhmov-the-matrix'],
    components: [
      { name: 'primaryImage' },
      {
        name: 'keyContributors',
        components: [{ name: 'primaryImage' }, { name: 'contributions', pageSize: 5 }],
      },
      { name: 'keyTraits' },
      { name: 'sources' },
    ],
  }
  const relate = {
    factors: [{ id: 'mhmov-gladiator' }, { id: 'mhric-tom-hanks', weight: 0.5 }],
    pageSize: 20,
  }

  // The baseline answers a body of the same size as the explore answer, with no work behind it.
  const sample = await fetch(`${service.baseUrl}/graph/explore`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify(explore),
  })
  const fixed = await sample.text()
  const bare = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(fixed) })
      res.end(fixed)
    })
  })
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`

  const results: Result[] = []
  results.push(await load('bare node:http (fixed JSON)', bareUrl, {}, JSON.stringify(explore)))
  results.push(
    await load(
      'explore (Drama films, by date, primaryImage)',
      `${service.baseUrl}/graph/explore`,
      auth,
      JSON.stringify(explore),
    ),
  )
  results.push(
    await load(
      'lookup (3 titles, nested components)',
      `${service.baseUrl}/graph/lookup`,
      auth,
      JSON.stringify(lookup),
    ),
  )
  results.push(
    await load(
      'relate (a film + a weighted contributor)',
      `${service.baseUrl}/graph/relate`,
      auth,
      JSON.stringify(relate),
    ),
  )
  bare.close()
  await service.close()

  const baseline = results[0] as Result
  console.log(`service start-up (catalog load + graph index): ${service.startupMs.toFixed(0)} ms`)
  console.log(`${CONCURRENCY} keep-alive connections, ${DURATION_MS} ms per case, node ${process.version}`)
  console.log('| case | requests/s | p50 ms | p99 ms | throughput vs bare |')
  console.log('|---|---:|---:|---:|---:|')
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${(r.rps / baseline.rps).toFixed(2)} |`,
    )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
