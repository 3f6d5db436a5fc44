// Every list pages with the top level's guarantees through faults: a component's list and one silo, paged by
// client.next, pages and items against the reference service over real HTTP, with a proxy in between that
// answers 429 and 503, refuses the token (401: the client refreshes it), resets the connection, or holds a
// request while the caller aborts. No pair is lost or repeated, and an aborted run resumes from its error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AbortedError,
  contributors,
  createClient,
  recommended,
  retries,
  hql,
  keyContributors,
  passwordGrant,
  primaryImage,
  returnType,
  silo,
  type PagingClient,
} from 'hql'
import { createService, type Service } from 'hql/service'
import { startFaultProxy, type FaultProxy, type ProxyFault } from '../support/fault-proxy'
import { testPasswordCost } from '../support/password-cost'

let service: Service
let proxy: FaultProxy
let client: PagingClient
beforeAll(async () => {
  service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
  proxy = await startFaultProxy(service.baseUrl)
  client = createClient({
    baseUrl: proxy.url,
    auth: passwordGrant({ authUrl: `${proxy.url}/auth`, ...service.demo, scope: ['public_profile'] }),
    ...recommended(),
    retry: retries({ limit: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 1_000 }),
  })
})
afterAll(async () => {
  await proxy.close()
  await service.close()
})

const GLADIATOR = 'mhmov-gladiator'
const keyOf = (pair: { object: { mhid: string } }) => pair.object.mhid

/** 429, 503, 401 and a reset, each on the first try of a following page (requests 2, 4, 6 and 8). */
function injectEachFault() {
  const faults: ProxyFault[] = [
    { kind: 'status', status: 429, retryAfter: '0' },
    { kind: 'status', status: 503 },
    { kind: 'status', status: 401 },
    { kind: 'reset' },
  ]
  faults.forEach((fault, i) => proxy.inject(2 + 2 * i, fault))
}

/** Each fault was met, and the request it failed was sent again as it was, by a refreshed token after the 401. */
function expectEachFaultRetried() {
  const records = proxy.graphRequests
  expect(records.filter((r) => r.fault).map((r) => r.fault)).toEqual(['status', 'status', 'status', 'reset'])
  records.forEach((record, i) => {
    if (record.fault) expect(records[i + 1]?.body).toEqual(record.body)
  })
  expect(proxy.grants).toContain('refresh_token')
}

/** The same list, paged without faults: what every faulty run must give. */
async function faultFree<T>(run: () => Promise<T>): Promise<T> {
  proxy.reset()
  const result = await run()
  proxy.reset()
  return result
}

describe("a component's list through faults", () => {
  const contributorsQuery = hql.lookup(GLADIATOR).with(contributors(primaryImage).pageSize(1))
  const listOf = async () => (await client.run(contributorsQuery)).content[0]!.object.contributors

  it('items(list): every pair once, in order, through 429, 503, 401 and a reset', async () => {
    const whole = await faultFree(async () => client.collect(await listOf(), { maxItems: 500 }))
    expect(whole.length).toBeGreaterThan(4)
    injectEachFault()
    const seen = []
    for await (const pair of client.items(await listOf())) seen.push(pair)
    expect(seen).toEqual(whole)
    expectEachFaultRetried()
  })

  it('client.next over keyContributors: each page once, through the same faults', async () => {
    const query = hql.lookup(GLADIATOR).with(keyContributors(primaryImage).pageSize(1))
    const collectByNext = async () => {
      let list:
        | Awaited<ReturnType<typeof client.run<typeof query>>>['content'][number]['object']['keyContributors']
        | undefined = (await client.run(query)).content[0]!.object.keyContributors
      const pairs = []
      for (; list !== undefined; list = await client.next(list)) pairs.push(...list.content)
      return pairs
    }
    const whole = await faultFree(collectByNext)
    expect(whole.length).toBeGreaterThan(4)
    injectEachFault()
    expect(await collectByNext()).toEqual(whole)
    expectEachFaultRetried()
  })

  it('an abort while a page is on the wire ends the run with AbortedError; resuming from it loses nothing', async () => {
    const whole = await faultFree(async () => client.collect(await listOf(), { maxItems: 500 }))
    const list = await listOf()
    proxy.reset()
    const controller = new AbortController()
    proxy.inject(2, { kind: 'hold', onHeld: () => controller.abort() })
    const seen = []
    let error: unknown
    try {
      for await (const pair of client.items(list, { signal: controller.signal })) seen.push(pair)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(AbortedError)
    // The list itself and the page before the held one: a pair each.
    expect(seen).toEqual(whole.slice(0, 2))
    const resumeFrom = (error as AbortedError).resumeFrom!
    expect(resumeFrom.body).toEqual(proxy.graphRequests[1]!.body)
    for await (const pair of client.items(list, { resumeFrom })) seen.push(pair)
    expect(seen).toEqual(whole)
  })
})

describe('one silo through faults', () => {
  let ids: string[] = []
  beforeAll(async () => {
    const movies = await client.run(hql.explore().filter(returnType.eq('Movie')).pageSize(11))
    ids = movies.content.map(keyOf)
    expect(ids).toHaveLength(11)
  })
  const siloOf = async () =>
    (
      await client.run(
        hql
          .silos(silo.content({ name: 'Picks', ids: ids as [string, ...string[]] }))
          .with(primaryImage)
          .siloPageSize(2),
      )
    ).silos[0]!

  it('pages(silo): each page once, titled, the silo whole, through 429, 503, 401 and a reset', async () => {
    const pagesOf = async () => {
      const pages = []
      for await (const page of client.pages(await siloOf())) pages.push(page)
      return pages
    }
    const whole = await faultFree(pagesOf)
    // The blueprint's ids, each once (in the service's order for the silo).
    expect(
      whole
        .flatMap((page) => page.content)
        .map(keyOf)
        .sort(),
    ).toEqual([...ids].sort())
    injectEachFault()
    const pages = await pagesOf()
    expect(pages).toEqual(whole)
    expect(pages.every((page) => page.title === 'Picks')).toBe(true)
    expectEachFaultRetried()
  })

  it('items(silo) aborted while a page is on the wire resumes from its error without a gap or a repeat', async () => {
    const first = await faultFree(siloOf)
    const whole = (await faultFree(() => client.collect(first, { maxItems: 100 }))).map(keyOf)
    const controller = new AbortController()
    proxy.inject(1, { kind: 'hold', onHeld: () => controller.abort() })
    const seen: string[] = []
    let error: unknown
    try {
      for await (const pair of client.items(first, { signal: controller.signal })) seen.push(keyOf(pair))
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(AbortedError)
    // The silo's own pairs; the hold was on its first following page.
    expect(seen).toEqual(whole.slice(0, 2))
    const resumeFrom = (error as AbortedError).resumeFrom!
    for await (const pair of client.items(first, { resumeFrom })) seen.push(keyOf(pair))
    expect(seen).toEqual(whole)
    expect(whole.sort()).toEqual([...ids].sort())
  })
})
