// What bench/client.bench.ts and bench/client-parts.ts share: one local fake service, a raw fetch loop with the
// client's pieces added by option, the client itself, and the rounds that time them against each other.
import type { FetchLike } from '../src/client'
import { startFakeService } from '../test/client/fake-service'

// The built package (dist/, made by `npm run bench:client` first), as an app runs it: from the sources, tsx's
// transform wraps every function the client makes per call in a naming helper (esbuild's keepNames), ~5 % of the
// core's own time in a profile, which no app pays. Typed as the sources it is built from.
const { createClient, hql, paging, recommended, returnType, staticTokenGrant, strictCheck } = (await import(
  new URL('../dist/index.js', import.meta.url).href
)) as typeof import('../src/index')

const ITEMS = 2_000
const PAGE_SIZE = 20
export const PAGES = ITEMS / PAGE_SIZE
const TOKEN = 'bench-token'

const service = await startFakeService({ items: ITEMS, pageSize: PAGE_SIZE })
service.acceptAccessToken(TOKEN)
const query = hql.explore().filter(returnType.eq('Movie')).pageSize(PAGE_SIZE)

interface NextRequest {
  endpoint: string
  body: unknown
}

/** What the raw loop adds to the least a caller must do (POST JSON with a bearer token, parse, follow next). */
export interface RawOptions {
  /** AbortSignals given to fetch: the attempt's, and the call's that aborts it. */
  signals?: 0 | 1 | 2
  /** A timer per signal, as a timeout sets. */
  timers?: boolean
  /** `text()` then `JSON.parse` instead of `json()`. */
  text?: boolean
  /** The token read raced against the call's signal, as the client's token store is. */
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

/** The raw loop over every page. */
export const rawLoop = (o: RawOptions) => async () => {
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

/** The raw loop as an async generator, as the client's pager is. */
export const rawGenerator = (o: RawOptions) => async () => {
  let pages = 0
  for await (const _ of rawPages(o)) pages++
  return pages
}

/** A fetch that drops the signal the client gives it. */
export const withoutSignal: FetchLike = (url, init) => fetch(url, { ...init, signal: null })

/**
 * The client's core alone (no piece): each page a `run` of the query at that page, as a caller without the
 * paging piece writes it (the server's next bodies say the same: the query and its page).
 */
export const coreLoop = (fetchLike?: FetchLike) => {
  const client = createClient({
    baseUrl: service.url,
    auth: staticTokenGrant(TOKEN),
    ...(fetchLike ? { fetch: fetchLike } : {}),
  })
  return async () => {
    let pages = 0
    for (let page = 0; ; page++) {
      const answer = await client.run(page === 0 ? query : query.page(page))
      pages++
      if (answer.pagingInfo.next === null) return pages
    }
  }
}

/** The quickstart configuration (`recommended()`: strict check, retries, paging): `pages()` over every page. */
export const quickstartLoop = () => {
  const client = createClient({ baseUrl: service.url, auth: staticTokenGrant(TOKEN), ...recommended() })
  return async () => {
    let pages = 0
    for await (const _page of client.pages(query)) pages++
    return pages
  }
}

/** `client.pages()` over every page, with or without the strict check. */
export const clientLoop = (validation: 'strict' | 'off', fetchLike?: FetchLike) => {
  const client = createClient({
    baseUrl: service.url,
    auth: staticTokenGrant(TOKEN),
    check: validation === 'strict' ? strictCheck : undefined,
    paging: paging(),
    ...(fetchLike ? { fetch: fetchLike } : {}),
  })
  return async () => {
    let pages = 0
    for await (const _page of client.pages(query)) pages++
    return pages
  }
}

export interface Timings {
  /** Per contender, per round: wall µs and CPU µs per page. */
  readonly wall: Record<string, number[]>
  readonly cpu: Record<string, number[]>
  /** The median over rounds of each round's time for `name` over `baseline`'s in the same round. */
  ratio(times: Record<string, number[]>, name: string): number
}

/** The middle value (of an odd count; the upper middle of an even one). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!

/**
 * Runs every contender once a round, in an order that rotates each round (no contender always runs on a warmer
 * server), after `warmup` rounds; then closes the service. Ratios are paired by round: a load that comes and goes
 * on a shared machine hits both sides of a pair alike.
 */
export async function timeContenders(
  contenders: Record<string, () => Promise<number>>,
  { rounds, warmup = 3, baseline }: { rounds: number; warmup?: number; baseline: string },
): Promise<Timings> {
  const names = Object.keys(contenders)
  const wall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]))
  const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]))
  for (let round = 0; round < warmup + rounds; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]!)
    for (const name of order) {
      const cpuStarted = process.cpuUsage()
      const started = performance.now()
      const pages = await contenders[name]!()
      const elapsed = performance.now() - started
      const used = process.cpuUsage(cpuStarted)
      if (pages !== PAGES) throw new Error(`${name} saw ${pages} pages, expected ${PAGES}`)
      if (round < warmup) continue
      wall[name]!.push((elapsed * 1000) / pages)
      cpu[name]!.push((used.user + used.system) / pages)
    }
  }
  await service.close()
  const ratio = (times: Record<string, number[]>, name: string) =>
    median(times[name]!.map((value, round) => value / times[baseline]![round]!))
  return { wall, cpu, ratio }
}
