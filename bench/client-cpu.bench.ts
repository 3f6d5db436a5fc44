// The client's own CPU work per page, without the network: the strict check of a page (depth walk and the
// per-query check) and the two deadlines a call opens (the call's total, the attempt's), each against
// `JSON.parse` of the same page, which every fetch loop pays. The network bench (client.bench.ts) is noisy on
// a loaded machine; these ratios show what a change to the client's per-page work saves.
// Run: npx tsx bench/client-cpu.bench.ts
import { hql, returnType } from 'hql'
import { responseCheckOf } from '../src/model/core'
import { checkResponse } from '../src/client/checks'
import { deadline } from '../src/client/signals'
import { createClient, paging, staticTokenGrant, strictCheck } from '../src/client'
import { movie } from '../test/client/fake-service'
import { coreLoop, memoryFetch as memoryFetchOf } from './memory-pages'
import { compare, report } from './harness'

const PAGE_SIZE = 20
const query = hql.explore().filter(returnType.eq('Movie')).pageSize(PAGE_SIZE)
const text = JSON.stringify({
  content: Array.from({ length: PAGE_SIZE }, (_, n) => movie(n)),
  pagingInfo: { next: { endpoint: '/graph/explore', method: 'POST', body: { ...query.body, page: 1 } } },
})
const page = JSON.parse(text) as unknown
const checker = responseCheckOf(query)
const parse = { name: 'JSON.parse of the page', run: () => JSON.parse(text) as unknown }
const options = { rounds: 15, iterations: 5_000, warmup: 10_000 }

report(
  compare(
    { name: 'strict check of the page', run: () => checkResponse(checker, page, 'the explore response') },
    parse,
    options,
  ),
)
const caller = new AbortController().signal
report(
  compare(
    {
      name: 'total + attempt deadlines',
      run: () => {
        const total = deadline(caller, 30_000)
        const attempt = deadline(total.signal, 10_000)
        attempt.dispose()
        total.dispose()
        return attempt
      },
    },
    parse,
    options,
  ),
)
report(compare({ name: 'safeParse only', run: () => checker.safeParse(page) }, parse, options))

// The whole per-page path of the client (pages(): token, deadlines, POST, read, parse, check, next), over a
// fetch that answers from memory, against the least loop over the same fetch: the client's own CPU time per
// page, free of the network's noise. Each answer is a fresh Response of prebuilt text; page n's next is n+1.
const PAGES = 50
const memoryFetch = memoryFetchOf(query.body, PAGES, PAGE_SIZE)
const rawLoop = async () => {
  let body: unknown = query.body
  let pages = 0
  while (body !== undefined) {
    const response = await memoryFetch('http://local/graph/explore', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    })
    const page = (await response.json()) as { pagingInfo: { next: { body: unknown } | null } }
    body = page.pagingInfo.next?.body
    pages++
  }
  return pages
}
const clientOf = (validation: 'strict' | 'off') => {
  const client = createClient({
    baseUrl: 'http://local',
    auth: staticTokenGrant('t'),
    check: validation === 'strict' ? strictCheck : undefined,
    paging: paging(),
    fetch: memoryFetch,
  })
  return async () => {
    let pages = 0
    for await (const _ of client.pages(query)) pages++
    return pages
  }
}
/** The core alone: the first page by `run`, each next by `request` (no check, no paging piece). */
const coreOf = () =>
  coreLoop(createClient({ baseUrl: 'http://local', auth: staticTokenGrant('t'), fetch: memoryFetch }), query)
const loops: Record<string, () => Promise<number>> = {
  'raw loop, memory fetch': rawLoop,
  'client core, memory fetch': coreOf(),
  'client strict, memory fetch': clientOf('strict'),
  'client off, memory fetch': clientOf('off'),
}
const times: Record<string, number[]> = {
  'raw loop, memory fetch': [],
  'client core, memory fetch': [],
  'client strict, memory fetch': [],
  'client off, memory fetch': [],
}
const loopNames = Object.keys(loops)
for (let round = 0; round < 45; round++)
  for (let i = 0; i < loopNames.length; i++) {
    const name = loopNames[(i + round) % loopNames.length]!
    const started = performance.now()
    if ((await loops[name]!()) !== PAGES) throw new Error(`${name}: not ${PAGES} pages`)
    if (round >= 5) times[name]!.push(((performance.now() - started) * 1000) / PAGES)
  }
const middle = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!
const rawUs = middle(times['raw loop, memory fetch']!)
for (const name of loopNames) {
  const us = middle(times[name]!)
  console.log(`${name}: ${us.toFixed(1)} µs/page | over the raw loop: +${(us - rawUs).toFixed(1)} µs/page`)
}
