// A random order (explore's `sort: random`, silos' seeded layout) is the query's, not its rendering's or its
// paging's: the same with any components and at any page size, so that pages of one query asked at different
// sizes agree. Session 20's review found the seed hashed `components` (none, `[]` and primaryImage read three
// orders). Over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { objects, startHarness, type Harness } from './helpers'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.service.close())

const ids = (body: any): string[] => objects(body).map((o) => o.altId)
const RANDOM = { filters: { returnType: { $eq: 'Movie' } }, sort: [{ type: 'random' }] }

describe('sort: random', () => {
  it('reads one order with no components, none, or some', async () => {
    const orders = await Promise.all(
      [{}, { components: [] }, { components: [{ name: 'primaryImage' }] }].map(async (extra) =>
        ids((await h.post('/graph/explore', { ...RANDOM, ...extra, pageSize: 6 })).body),
      ),
    )
    expect(orders[0]).toHaveLength(6)
    expect(orders[1]).toEqual(orders[0])
    expect(orders[2]).toEqual(orders[0])
  })

  it('reads one order at any page size: pages of 4 are the halves of pages of 8', async () => {
    const page = async (pageSize: number, p: number) =>
      ids((await h.post('/graph/explore', { ...RANDOM, pageSize, page: p })).body)
    const eight = [...(await page(8, 0)), ...(await page(8, 1))]
    const four = [...(await page(4, 0)), ...(await page(4, 1)), ...(await page(4, 2)), ...(await page(4, 3))]
    expect(new Set(eight).size).toBe(16)
    expect(four).toEqual(eight)
  })
})

describe("silos' layout", () => {
  // Three blueprints drawn with probability 0.5 each: which silo takes which slot is the seeded draw.
  const blueprints = ['Movie', 'ShowSeries', 'Movie'].map((type, i) => ({
    type: 'Explore',
    probability: 0.5,
    params: { name: `silo ${i}` },
    filters: { returnType: { $eq: type } },
  }))
  const titles = async (extra: object) => {
    const r = await h.post('/graph/silos', {
      ids: ['mhmov-gladiator'],
      blueprints,
      siloPageSize: 2,
      ...extra,
    })
    expect(r.status).toBe(200)
    return (r.body.silos as any[]).map((silo) => silo.title)
  }

  it('is the same with any components and page sizes', async () => {
    const first = await titles({})
    expect(first).toHaveLength(3)
    for (const extra of [
      { components: [] },
      { components: [{ name: 'primaryImage' }] },
      { siloPageSize: 3 },
      { pageSize: 3 },
    ])
      expect(await titles(extra)).toEqual(first)
  })
})
