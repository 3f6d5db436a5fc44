// Time per page: the client (pages(), with and without response validation) against a raw fetch loop that
// does the least a caller must do (POST JSON with a bearer token, parse, follow next). Same local node:http
// server, same pages, one run: warm up, interleave the contenders, report the median of several rounds. The
// ratio is the median of each round's ratio to the raw loop of the same round (a load that comes and goes on a
// shared machine hits both sides of a pair alike), in wall time and in CPU time (the process's, the in-process
// server's included: the same for every contender). `bench/client-parts.ts` takes the client apart.
// Run: npx tsx bench/client.bench.ts
import { hql, returnType } from 'hql'
import { createClient, staticTokenGrant, type Client } from '../src/client'
import { startFakeService } from '../test/client/fake-service'

const ITEMS = 2_000
const PAGE_SIZE = 20
const PAGES = ITEMS / PAGE_SIZE
const WARMUP_ROUNDS = 3
const ROUNDS = 21
const TOKEN = 'bench-token'

const service = await startFakeService({ items: ITEMS, pageSize: PAGE_SIZE })
service.acceptAccessToken(TOKEN)
const query = hql.explore().filter(returnType.eq('Movie')).pageSize(PAGE_SIZE)

interface NextRequest {
  endpoint: string
  body: unknown
}

async function rawLoop(withTimeout = false): Promise<number> {
  let request: NextRequest | null = {
    endpoint: '/graph/explore',
    body: { filters: { returnType: { $eq: 'Movie' } }, pageSize: PAGE_SIZE },
  }
  let pages = 0
  while (request !== null) {
    // What any timeout costs at the least: a controller and a timer per request, its signal given to fetch.
    const controller = withTimeout ? new AbortController() : undefined
    const timer = controller && setTimeout(() => controller.abort(), 10_000)
    const response = await fetch(`${service.url}${request.endpoint}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(request.body),
      ...(controller ? { signal: controller.signal } : {}),
    })
    const page = (await response.json()) as { pagingInfo: { next: NextRequest | null } }
    clearTimeout(timer)
    pages++
    request = page.pagingInfo.next
  }
  return pages
}

function clientLoop(client: Client): () => Promise<number> {
  return async () => {
    let pages = 0
    for await (const _page of client.pages(query)) pages++
    return pages
  }
}

const makeClient = (validation: 'strict' | 'off') =>
  createClient({ baseUrl: service.url, auth: staticTokenGrant(TOKEN), validation })

const contenders: Record<string, () => Promise<number>> = {
  'raw fetch loop': () => rawLoop(),
  'raw loop + timeout signal': () => rawLoop(true),
  'client, validation strict': clientLoop(makeClient('strict')),
  'client, validation off': clientLoop(makeClient('off')),
}
const names = Object.keys(contenders)
const perPage: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]))
const cpuPerPage: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]))

for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
  // Rotate the order each round so that no contender always runs on a warmer (or cooler) server.
  const order = names.map((_, i) => names[(i + round) % names.length]!)
  for (const name of order) {
    const cpuStarted = process.cpuUsage()
    const started = performance.now()
    const pages = await contenders[name]!()
    const elapsed = performance.now() - started
    const cpu = process.cpuUsage(cpuStarted)
    if (pages !== PAGES) throw new Error(`${name} saw ${pages} pages, expected ${PAGES}`)
    if (round < WARMUP_ROUNDS) continue
    perPage[name]!.push((elapsed * 1000) / pages)
    cpuPerPage[name]!.push((cpu.user + cpu.system) / pages)
  }
}
await service.close()

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
const pairedRatio = (times: Record<string, number[]>, name: string) =>
  median(times[name]!.map((value, round) => value / times['raw fetch loop']![round]!))
console.log(`client per-page overhead: ${PAGES} pages of ${PAGE_SIZE} items, median of ${ROUNDS} rounds`)
for (const name of names)
  console.log(
    `  ${name.padEnd(28)} ${median(perPage[name]!).toFixed(1).padStart(7)} µs/page   ${pairedRatio(perPage, name).toFixed(2)}x` +
      `   cpu ${median(cpuPerPage[name]!).toFixed(1).padStart(7)} µs/page   ${pairedRatio(cpuPerPage, name).toFixed(2)}x`,
  )
