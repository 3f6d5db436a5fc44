// Where the client's time per page goes: the raw fetch loop with one of the client's pieces added at a time,
// and the client with one piece taken away, over the same local server in one run (wall and CPU per page,
// medians of interleaved rounds). CPU includes the in-process server's, which is the same for every contender.
// Run: npx tsx bench/client-parts.ts [rounds]
import { hql, returnType } from 'hql'
import { createClient, staticTokenGrant, type FetchLike } from '../src/client'
import { startFakeService } from '../test/client/fake-service'

const ITEMS = 2_000
const PAGE_SIZE = 20
const PAGES = ITEMS / PAGE_SIZE
const ROUNDS = Number(process.argv[2] ?? 21)
const TOKEN = 'bench-token'

const service = await startFakeService({ items: ITEMS, pageSize: PAGE_SIZE })
service.acceptAccessToken(TOKEN)
const query = hql.explore().filter(returnType.eq('Movie')).pageSize(PAGE_SIZE)

interface NextRequest {
  endpoint: string
  body: unknown
}
interface RawOptions {
  signals?: 0 | 1 | 2
  timers?: boolean
  text?: boolean
  raceToken?: boolean
}

const first = (): NextRequest => ({
  endpoint: '/graph/explore',
  body: { filters: { returnType: { $eq: 'Movie' } }, pageSize: PAGE_SIZE },
})

async function rawPage(request: NextRequest, o: RawOptions): Promise<NextRequest | null> {
  const outer = o.signals === 2 ? new AbortController() : undefined
  const outerTimer = outer && o.timers ? setTimeout(() => outer.abort(), 30_000) : undefined
  if (o.raceToken) await raceLike(Promise.resolve(TOKEN), outer?.signal)
  const controller = o.signals ? new AbortController() : undefined
  const onOuter = () => controller!.abort()
  outer?.signal.addEventListener('abort', onOuter, { once: true })
  const timer = controller && o.timers ? setTimeout(() => controller.abort(), 10_000) : undefined
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
  const page = (o.text ? JSON.parse(await response.text()) : await response.json()) as {
    pagingInfo: { next: NextRequest | null }
  }
  clearTimeout(timer)
  clearTimeout(outerTimer)
  outer?.signal.removeEventListener('abort', onOuter)
  return page.pagingInfo.next
}

function raceLike<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

const rawLoop = (o: RawOptions) => async () => {
  let request: NextRequest | null = first()
  let pages = 0
  while (request !== null) {
    request = await rawPage(request, o)
    pages++
  }
  return pages
}

async function* rawPages(o: RawOptions) {
  let request: NextRequest | null = first()
  while (request !== null) {
    request = await rawPage(request, o)
    yield request
  }
}
const rawGenerator = (o: RawOptions) => async () => {
  let pages = 0
  for await (const _ of rawPages(o)) pages++
  return pages
}

const withoutSignal: FetchLike = (url, init) => fetch(url, { ...init, signal: null })
const clientLoop = (validation: 'strict' | 'off', fetchLike?: FetchLike) => {
  const client = createClient({
    baseUrl: service.url,
    auth: staticTokenGrant(TOKEN),
    validation,
    ...(fetchLike ? { fetch: fetchLike } : {}),
  })
  return async () => {
    let pages = 0
    for await (const _page of client.pages(query)) pages++
    return pages
  }
}

const all: Record<string, () => Promise<number>> = {
  raw: rawLoop({}),
  'raw, text()+parse': rawLoop({ text: true }),
  'raw, 1 signal': rawLoop({ signals: 1 }),
  'raw, 1 signal+timer': rawLoop({ signals: 1, timers: true }),
  'raw, 2 signals+timers': rawLoop({ signals: 2, timers: true }),
  'raw, 2 sig+timers+race': rawLoop({ signals: 2, timers: true, raceToken: true }),
  'raw, async generator': rawGenerator({}),
  'client off': clientLoop('off'),
  'client off, no signal': clientLoop('off', withoutSignal),
  'client strict': clientLoop('strict'),
}
// Pick contenders by name fragments after the round count (`raw` always runs: the ratios are to it).
const picks = process.argv.slice(3)
const contenders = Object.fromEntries(
  Object.entries(all).filter(([n]) => n === 'raw' || picks.length === 0 || picks.some((p) => n.includes(p))),
)
const names = Object.keys(contenders)
const wall: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]))
const cpu: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]))

for (let round = 0; round < 3 + ROUNDS; round++) {
  const order = names.map((_, i) => names[(i + round) % names.length]!)
  for (const name of order) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    const pages = await contenders[name]!()
    const t = performance.now() - t0
    const c = process.cpuUsage(c0)
    if (pages !== PAGES) throw new Error(`${name}: ${pages} pages`)
    if (round >= 3) {
      wall[name]!.push((t * 1000) / pages)
      cpu[name]!.push((c.user + c.system) / pages)
    }
  }
}
await service.close()
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!
// Each round's time over the raw loop's in the same round: a load that comes and goes hits both alike.
const ratios = (times: Record<string, number[]>, n: string) =>
  median(times[n]!.map((t, i) => t / times.raw![i]!))
console.log(
  `per page, median of ${ROUNDS} rounds: wall µs, median of per-round ratios to raw | cpu µs, ratio`,
)
for (const n of names)
  console.log(
    `  ${n.padEnd(26)} ${median(wall[n]!).toFixed(0).padStart(5)} ${ratios(wall, n).toFixed(3)}x | ${median(cpu[n]!).toFixed(0).padStart(5)} ${ratios(cpu, n).toFixed(3)}x`,
  )
