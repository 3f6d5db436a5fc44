import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { responseSchemas } from '../../src/model'
import { startHarness, type Harness } from './helpers'

// A list component's `next` is a component continuation: a lookup of the parent asking for that one component
// at the next page. Following it must give the same pairs, contexts and nested components as one big page.

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.service.close())

const GLADIATOR = 'mhmov-gladiator'

const lookupOk = async (body: unknown): Promise<any> => {
  const r = await h.post('/graph/lookup', body)
  expect(r.status).toBe(200)
  const checked = responseSchemas.lookup.safeParse(r.body)
  expect(checked.success ? [] : checked.error.issues.slice(0, 3)).toEqual([])
  return r.body
}

/** Every pair of a list component, following its `next` links from the first page; the requests made too. */
async function followList(name: string, pageSize: number, components?: unknown[]) {
  const component = { name, pageSize, ...(components ? { components } : {}) }
  const first = await lookupOk({ ids: [GLADIATOR], components: [component] })
  let list = first.content[0].object[name]
  const pairs: any[] = [...list.content]
  const requests: any[] = []
  for (let guard = 0; list.pagingInfo.next !== null; guard++) {
    expect(guard).toBeLessThan(100)
    const next = list.pagingInfo.next
    requests.push(next)
    list = (await lookupOk(next.body)).content[0].object[name]
    pairs.push(...list.content)
  }
  return { pairs, requests }
}

describe('list component continuations', () => {
  for (const name of ['keyContributors', 'contributors', 'images', 'sources']) {
    it(`pages ${name} of a movie to the end: the pairs of one big page, contexts and nested components kept`, async () => {
      const nested = name === 'images' ? undefined : [{ name: 'primaryImage' }]
      const whole = (
        await lookupOk({ ids: [GLADIATOR], components: [{ name, pageSize: 100, components: nested }] })
      ).content[0].object[name]
      expect(whole.pagingInfo.next).toBeNull()
      const { pairs, requests } = await followList(name, 2, nested)
      expect(pairs).toEqual(whole.content)
      expect(requests).toHaveLength(Math.max(0, Math.ceil(whole.content.length / 2) - 1))
    })
  }

  it('answers next as a lookup of the parent asking for that component at the next page', async () => {
    const body = await lookupOk({
      ids: [GLADIATOR],
      components: [{ name: 'contributors', pageSize: 3, components: [{ name: 'primaryImage' }] }],
    })
    const movie = body.content[0].object
    expect(movie.contributors.pagingInfo.next).toEqual({
      endpoint: '/graph/lookup',
      method: 'POST',
      body: {
        ids: [movie.mhid],
        components: [{ name: 'contributors', pageSize: 3, page: 1, components: [{ name: 'primaryImage' }] }],
      },
    })
  })

  it('keeps the relationships and 1-based positions of contributors on later pages', async () => {
    const { pairs } = await followList('contributors', 2)
    expect(pairs.length).toBeGreaterThan(4)
    expect(pairs.map((p) => p.context.sorting.position)).toEqual(pairs.map((_, i) => i + 1))
    expect(pairs.every((p) => p.context.relationships.length > 0)).toBe(true)
    expect(pairs[0].object.name).toBe('Ridley Scott')
  })

  it('pages a nested list through its own parent', async () => {
    const body = await lookupOk({
      ids: [GLADIATOR],
      components: [
        { name: 'keyContributors', pageSize: 1, components: [{ name: 'contributions', pageSize: 1 }] },
      ],
    })
    const director = body.content[0].object.keyContributors.content[0].object
    const next = director.contributions.pagingInfo.next
    expect(next.body).toEqual({
      ids: [director.mhid],
      components: [{ name: 'contributions', pageSize: 1, page: 1 }],
    })
    const more = await lookupOk(next.body)
    expect(more.content[0].object.mhid).toBe(director.mhid)
    expect(more.content[0].object.contributions.content).toHaveLength(1)
  })

  it('answers a page past the end with an empty list and no next', async () => {
    const body = await lookupOk({ ids: [GLADIATOR], components: [{ name: 'keyContributors', page: 50 }] })
    expect(body.content[0].object.keyContributors).toEqual({ content: [], pagingInfo: { next: null } })
  })

  it('refuses a page on a component that is not a list, naming its path', async () => {
    const r = await h.post('/graph/lookup', {
      ids: [GLADIATOR],
      components: [{ name: 'primaryImage', page: 1 }],
    })
    expect(r.status).toBe(400)
    expect(JSON.stringify(r.body)).toContain('invalid_page')
  })
})

describe('silo continuations', () => {
  it('continues one silo with a lookup of its remaining titles, each title once', async () => {
    const r = await h.post('/graph/silos', {
      siloPageSize: 3,
      filters: { returnType: { $eq: 'Movie' } },
      blueprints: [{ type: 'Explore', params: { name: 'Popular' } }],
    })
    expect(r.status).toBe(200)
    const silo = r.body.silos[0]
    const seen: string[] = silo.content.map((p: any) => p.object.mhid)
    let next = silo.pagingInfo.next
    for (let guard = 0; next !== null && guard < 100; guard++) {
      expect(next.endpoint).toBe('/graph/lookup')
      const page = await lookupOk(next.body)
      seen.push(...page.content.map((p: any) => p.object.mhid))
      next = page.pagingInfo.next
    }
    expect(next).toBeNull()
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.length).toBeGreaterThan(6)
  })

  it('keeps page in the body of the top-level next of silos', async () => {
    const r = await h.post('/graph/silos', {
      pageSize: 1,
      blueprints: [{ type: 'Explore' }, { type: 'RecommendedForYou' }],
    })
    expect(r.body.pagingInfo.next.body).toMatchObject({ page: 1 })
  })
})
