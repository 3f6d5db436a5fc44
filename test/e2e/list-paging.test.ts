// Every list pages: the client follows a list component's and a silo's next against the reference service
// over real HTTP, to the end, with nothing lost, repeated or stripped of its context.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AbortedError,
  ClientConfigError,
  contributions,
  createClient,
  recommended,
  hql,
  keyContributors,
  passwordGrant,
  primaryImage,
  returnType,
  silo,
  contributors,
  type PagingClient,
} from 'hql'
import { createService, type Service } from 'hql/service'
import { testPasswordCost } from '../support/password-cost'

let service: Service
let client: PagingClient
beforeAll(async () => {
  service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
  client = createClient({
    baseUrl: service.baseUrl,
    auth: passwordGrant({ authUrl: service.authUrl, ...service.demo, scope: ['public_profile'] }),
    ...recommended(),
  })
})
afterAll(() => service.close())

const GLADIATOR = 'mhmov-gladiator'
const pairKey = (pair: { object: { mhid: string } }) => pair.object.mhid

/** The whole list of a component of one object, in one page of 100 (every list here is shorter). */
async function wholeList(id: string, name: 'contributors' | 'keyContributors' | 'contributions') {
  const spec = { contributors, keyContributors, contributions }[name]
  const page = await client.run(hql.lookup(id).with(spec(primaryImage).pageSize(100)))
  const whole = (page.content[0]!.object as Record<string, any>)[name]
  expect(whole.pagingInfo.next).toBeNull()
  return whole.content as { object: { mhid: string }; context: unknown }[]
}

describe('client.next and paging over a list component', () => {
  it("the issue's example: the next 5 key contributors, same type, then undefined at the end", async () => {
    const q = hql
      .explore()
      .filter(returnType.eq('Movie'))
      .with(primaryImage, keyContributors(primaryImage).pageSize(5))
    const page = await client.run(q)
    const withMore = page.content.find((p) => p.object.keyContributors.pagingInfo.next !== null)
    expect(withMore).toBeDefined()
    const first = withMore!.object.keyContributors
    const more = await client.next(first)
    expect(more).toBeDefined()
    expect(more!.content[0]!.object.primaryImage.object.mhid).toMatch(/^mhimg/)
    const whole = await wholeList(withMore!.object.mhid, 'keyContributors')
    expect([...first.content, ...more!.content]).toEqual(
      whole.slice(0, first.content.length + more!.content.length),
    )
    let last = more!
    for (let guard = 0; last.pagingInfo.next !== null && guard < 20; guard++)
      last = (await client.next(last))!
    expect(await client.next(last)).toBeUndefined()
  })

  it('collect(list) gives the whole list: no pair lost or repeated, contexts and nested components kept', async () => {
    const page = await client.run(hql.lookup(GLADIATOR).with(contributors(primaryImage).pageSize(3)))
    const list = page.content[0]!.object.contributors
    expect(list.pagingInfo.next).not.toBeNull()
    const all = await client.collect(list, { maxItems: 500 })
    expect(all).toEqual(await wholeList(GLADIATOR, 'contributors'))
    expect(all.map((p) => (p.context as any).sorting.position)).toEqual(all.map((_, i) => i + 1))
    expect(new Set(all.map(pairKey)).size).toBe(all.length)
  })

  it('pages(list) yields the list, then each following page, typed as the list', async () => {
    const page = await client.run(hql.lookup(GLADIATOR).with(contributors.pageSize(4)))
    const list = page.content[0]!.object.contributors
    const pages = []
    for await (const p of client.pages(list)) pages.push(p)
    expect(pages[0]).toBe(list)
    expect(pages.length).toBeGreaterThan(1)
    expect(pages.slice(0, -1).every((p) => p.content.length === 4)).toBe(true)
    expect(pages.at(-1)!.pagingInfo.next).toBeNull()
  })

  it('follows a list nested two levels deep through its own parent', async () => {
    const q = hql.lookup(GLADIATOR).with(keyContributors(contributions.pageSize(2)).pageSize(1))
    const director = (await client.run(q)).content[0]!.object.keyContributors.content[0]!.object
    const all = await client.collect(director.contributions, { maxItems: 500 })
    const whole = await wholeList(director.mhid, 'contributions')
    expect(all.map(pairKey)).toEqual(whole.map(pairKey))
    expect(all.map((p) => p.context)).toEqual(whole.map((p) => p.context))
  })

  it('resumes an aborted run over a list from the error, without losing or repeating a pair', async () => {
    const page = await client.run(hql.lookup(GLADIATOR).with(contributors.pageSize(2)))
    const list = page.content[0]!.object.contributors
    const controller = new AbortController()
    const seen: string[] = []
    let error: unknown
    try {
      for await (const pair of client.items(list, { signal: controller.signal })) {
        seen.push(pairKey(pair))
        if (seen.length === 4) controller.abort()
      }
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(AbortedError)
    const resumeFrom = (error as AbortedError).resumeFrom!
    expect(resumeFrom.endpoint).toBe('/graph/lookup')
    for await (const pair of client.items(list, { resumeFrom })) seen.push(pairKey(pair))
    expect(seen).toEqual((await wholeList(GLADIATOR, 'contributors')).map(pairKey))
    // A query of another endpoint cannot resume from it: its result type would not be what comes back.
    const explore = hql.explore().filter(returnType.eq('Movie'))
    await expect(client.collect(explore, { maxItems: 10, resumeFrom })).rejects.toBeInstanceOf(
      ClientConfigError,
    )
  })
})

describe('client.next and paging over one silo', () => {
  const home = hql
    .silos(silo.explore({ name: 'Popular now' }))
    .filter(returnType.eq('Movie'))
    .with(primaryImage)

  it("continues a silo with its title copied on, to the end, each title once, in the silo's order", async () => {
    const small = (await client.run(home.siloPageSize(7))).silos[0]!
    const next = await client.next(small)
    expect(next!.title).toBe('Popular now')
    expect(next!.content[0]!.object.primaryImage).toBeDefined()
    const all = await client.collect(small, { maxItems: 1000 })
    const ids = all.map(pairKey)
    expect(new Set(ids).size).toBe(ids.length)
    const big = (await client.run(home.siloPageSize(100))).silos[0]!
    expect(ids.slice(0, 100)).toEqual(big.content.map(pairKey))
    const pages = []
    for await (const p of client.pages(small)) pages.push(p)
    expect(pages.every((p) => p.title === 'Popular now')).toBe(true)
  })
})
