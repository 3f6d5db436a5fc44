// The work of one request is bounded (issue 9, item 3): caps on blueprints and factors, silos computed only
// where they are placed, and a per-request work budget refused with 400 `too_much_work`. No timing here: the
// times are measured by bench/worst-request.ts.
import fc from 'fast-check'
import { createQueryEngine } from 'hql/service'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCatalog } from '../../src/service/catalog/build'
import { defaultCatalogDir, readCatalogDir } from '../../src/service/catalog/load'
import { byMhid, isMedia } from '../../src/service/graph/entities'
import { GraphIndex } from '../../src/service/graph/graph-index'
import { startHarness, type Harness } from './helpers'

let h: Harness

beforeAll(async () => {
  h = await startHarness({ rateLimit: false })
})

afterAll(async () => {
  await h.service.close()
})

const TRAITS = ['mhgnr-drama', 'mhgnr-comedy', 'mhgnr-action', 'mhgnr-thriller', 'mhgnr-adventure']
const TITLES = ['mhmov-gladiator', 'mhmov-titanic', 'mhmov-the-matrix', 'mhmov-toy-story']
const cycle = (xs: readonly string[], n: number): string[] =>
  Array.from({ length: n }, (_, i) => xs[i % xs.length] as string)

/** `count` blueprints of one type whose filters all differ, so that no silo can reuse another's work. */
const distinct = (type: string, count: number): Record<string, unknown>[] =>
  Array.from({ length: count }, (_, i) => ({
    type,
    filters: { traits: { $ne: TRAITS[i % TRAITS.length] }, sources: { $ne: 'mhsrc-netflix' } },
  }))

/**
 * The least work budget under which the engine answers `body`: what the request costs, in units. The cost is
 * deterministic, so a request passes a budget exactly when it costs no more.
 */
function costOf(endpoint: string, body: unknown): number {
  const answers = (maxWork: number): boolean =>
    createQueryEngine({ limits: { maxWork } }).answer(endpoint, body).status === 200
  let low = 0
  let high = 1
  while (!answers(high)) {
    low = high
    high *= 2
    if (high > 1e9) throw new Error('no budget answers this request')
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (answers(middle)) high = middle
    else low = middle
  }
  return high
}

describe('caps on the request', () => {
  it("refuses the issue's 800 GraphLens blueprints with 400 too_many_blueprints, not seconds of work", async () => {
    const lenses = (n: number) => Array.from({ length: n }, () => ({ type: 'GraphLens' }))
    const r = await h.post('/graph/silos', { blueprints: lenses(800), pageSize: 1 })
    // (fromJSON's own cap, 50, may answer first: the code is the same.)
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ error: 'too_many_blueprints', status: 400 })
    expect(r.body.path).toMatch(/^\$\.blueprints/)
    // Within the model's cap, the service's own (20) answers, naming it.
    const over = await h.post('/graph/silos', { blueprints: lenses(30), pageSize: 1 })
    expect(over.body).toMatchObject({ error: 'too_many_blueprints', status: 400, path: '$.blueprints' })
    expect(over.body.message).toMatch(/too many blueprints \(30\); the limit is 20/)
    // At the cap, the same request is answered.
    const capped = await h.post('/graph/silos', { blueprints: lenses(20), pageSize: 1 })
    expect(capped.status).toBe(200)
    expect(capped.body.silos).toHaveLength(1)
  })

  it('refuses 1000 mhals-current-user factors with 400 too_many_factors, and answers 50 of them', async () => {
    const factors = (n: number) => Array.from({ length: n }, () => ({ id: 'mhals-current-user' }))
    const r = await h.post('/graph/relate', { factors: factors(1000) })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ error: 'too_many_factors', status: 400 })
    expect(r.body.path).toMatch(/^\$\.factors/)
    const over = await h.post('/graph/relate', { factors: factors(60) })
    expect(over.body).toMatchObject({ error: 'too_many_factors', status: 400, path: '$.factors' })
    expect(over.body.message).toMatch(/too many factors \(60\); the limit is 50/)
    const capped = await h.post('/graph/relate', { factors: factors(50), pageSize: 5 })
    expect(capped.status).toBe(200)
    // Fifty times the same factor ranks as the factor once: the same titles come first.
    const once = await h.post('/graph/relate', { factors: factors(1), pageSize: 5 })
    expect(capped.body.content.map((p: any) => p.object.mhid)).toEqual(
      once.body.content.map((p: any) => p.object.mhid),
    )
  })

  it('takes its caps from the limits option', async () => {
    const small = createQueryEngine({ limits: { maxBlueprints: 2, maxFactors: 1 } })
    expect(
      small.answer('silos', { blueprints: [{ type: 'Explore' }, { type: 'Explore' }, { type: 'Explore' }] }),
    ).toMatchObject({ status: 400, body: { error: 'too_many_blueprints' } })
    expect(small.answer('silos', { blueprints: [{ type: 'Explore' }, { type: 'Explore' }] }).status).toBe(200)
    expect(
      small.answer('relate', { factors: [{ id: 'mhmov-gladiator' }, { id: 'mhmov-titanic' }] }),
    ).toMatchObject({ status: 400, body: { error: 'too_many_factors', path: '$.factors' } })
  })
})

describe('silos compute only what they place', () => {
  for (const type of ['Explore', 'GraphLens', 'BasedOnItem', 'RecommendedForYou']) {
    it(`${type}: 20 blueprints cost what 1 costs when the page holds one silo`, () => {
      const ids = TITLES.slice(0, 2)
      const one = { ids, blueprints: distinct(type, 1), pageSize: 1 }
      const many = { ids, blueprints: distinct(type, 20), pageSize: 1 }
      const budget = costOf('silos', one)
      const engine = createQueryEngine({ limits: { maxWork: budget } })
      const first = engine.answer('silos', one)
      const answered = engine.answer('silos', many)
      // The other 19 blueprints' silos (up to 3 each) are counted for paging, never computed.
      expect(answered.status).toBe(200)
      expect((answered.body as any).silos).toEqual((first.body as any).silos)
      expect((answered.body as any).pagingInfo.next).not.toBeNull()
      // Placing them all on one page computes them all, and that costs more than one.
      const all = engine.answer('silos', { ...many, pageSize: 60 })
      expect(all.status).toBe(400)
      expect(all.body).toMatchObject({
        error: 'too_much_work',
        path: expect.stringMatching(/^\$\.blueprints\[\d+\]$/),
      })
    })
  }

  it('still refuses an unknown id in a blueprint that is not placed', () => {
    const engine = createQueryEngine()
    const r = engine.answer('silos', {
      blueprints: [
        { type: 'Explore' },
        { type: 'Content', params: { ids: ['mhmov-no-such-title'] } },
        { type: 'Explore', filters: { traits: { $eq: 'mhgnr-no-such-trait' } } },
      ],
      pageSize: 1,
    })
    expect(r).toMatchObject({ status: 404, body: { path: '$.blueprints[1].params.ids[0]' } })
    const filters = engine.answer('silos', {
      blueprints: [{ type: 'Explore' }, { type: 'GraphLens', filters: { traits: { $eq: 'mhgnr-no-such' } } }],
      pageSize: 1,
    })
    expect(filters).toMatchObject({ status: 404, body: { path: '$.blueprints[1].filters.traits.$eq' } })
  })
})

describe('the work budget', () => {
  it('refuses a request over the default budget with 400 too_much_work, naming the blueprint and what to lower', async () => {
    const r = await h.post('/graph/silos', {
      ids: cycle(TITLES, 1000),
      blueprints: distinct('RecommendedForYou', 20),
      pageSize: 20,
      siloPageSize: 1,
    })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ error: 'too_much_work', status: 400 })
    expect(r.body.path).toMatch(/^\$\.blueprints\[\d+\]$/)
    expect(r.body.message).toMatch(/1000000 units of work/)
    expect(r.body.message).toMatch(/fewer seed ids/)
  })

  it('counts filter values against every candidate (explore), naming the filters', async () => {
    const people = ['mhric-tom-hanks', 'mhric-russell-crowe', 'mhric-keanu-reeves', 'mhric-kate-winslet']
    const r = await h.post('/graph/explore', {
      filters: {
        contributors: {
          // Each alternative costs its four values for each of the ~2700 titles: ~4 million units.
          $or: Array.from({ length: 400 }, () => ({ $all: people })),
        },
      },
    })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ error: 'too_much_work', path: '$.filters' })
    expect(r.body.message).toMatch(/fewer values/)
  })

  it('counts what relate factors walk, naming the factors', () => {
    const body = { factors: [{ id: 'mhals-current-user' }, { id: 'mhmov-gladiator' }], pageSize: 1 }
    const cost = costOf('relate', body)
    // Half the cost runs out while the factors are walked (rendering the one title comes last, and is cheap).
    const r = createQueryEngine({ limits: { maxWork: Math.floor(cost / 2) } }).answer('relate', body)
    expect(r).toMatchObject({ status: 400, body: { error: 'too_much_work', path: '$.factors' } })
    expect((r.body as any).message).toMatch(/fewer factors/)
  })

  it('counts rendered objects and their components, naming the component that lists them', () => {
    const nested = { ids: ['mhmov-gladiator'], components: [{ name: 'contributors', pageSize: 100 }] }
    const bare = costOf('lookup', { ids: ['mhmov-gladiator'] })
    const withCast = costOf('lookup', nested)
    expect(withCast).toBeGreaterThan(bare)
    const r = createQueryEngine({ limits: { maxWork: withCast - 1 } }).answer('lookup', nested)
    expect(r).toMatchObject({ status: 400, body: { error: 'too_much_work' } })
    expect((r.body as any).path).toMatch(/^\$\.components\[0\]/)
    expect((r.body as any).message).toMatch(/pageSize/)
  })

  it('answers ordinary requests far within the default budget', async () => {
    const typical = [
      ['/graph/silos', { ids: TITLES.slice(0, 2), blueprints: distinct('GraphLens', 5), siloPageSize: 20 }],
      [
        '/graph/relate',
        { factors: [{ id: 'mhals-current-user' }, { id: 'mhmov-gladiator' }], pageSize: 100 },
      ],
      ['/graph/explore', { filters: { returnType: { $eq: 'Contributor' } }, pageSize: 100 }],
    ] as const
    for (const [path, body] of typical) {
      const r = await h.post(path, body)
      expect(r.status).toBe(200)
      // A quarter of the budget answers it too.
      expect(costOf(path.slice('/graph/'.length), body)).toBeLessThan(1_000_000 / 4)
    }
  })
})

// The cheaper algorithms must answer exactly what the plain ones did: checked against an independent view of
// the graph (filters with many values) and against the service itself (a silo computed alone or with others).
describe('the same answers for less work', () => {
  const graph = new GraphIndex(
    buildCatalog(readCatalogDir(defaultCatalogDir()), [{ username: 'demo', name: 'Demo User' }]),
  )
  const engine = createQueryEngine()
  const people = graph.contributors.filter((c) => c.credits.length >= 6).map((c) => c.altId)

  it('matches $in, $all and $or with many values (asked from the item side) as testing each value would', () => {
    const values = fc.uniqueArray(fc.constantFrom(...people), { minLength: 1, maxLength: 40 })
    const operator = fc.oneof(
      values.map(($in) => ({ $in })),
      values.map(($all) => ({ $all })),
      values.map((ids) => ({ $or: ids.map(($eq) => ({ $eq })) })),
      fc.tuple(values, values).map(([a, b]) => ({ $or: [{ $in: a }, { $all: b.slice(0, 2) }] })),
    )
    fc.assert(
      fc.property(operator, (op) => {
        const has = (title: (typeof graph.media)[number], id: string) =>
          title.credits.some((c) => c.contributor.altId === id)
        const holds = (title: (typeof graph.media)[number], o: any): boolean =>
          o.$in
            ? o.$in.some((id: string) => has(title, id))
            : o.$all
              ? o.$all.every((id: string) => has(title, id))
              : o.$eq
                ? has(title, o.$eq)
                : o.$or.some((sub: unknown) => holds(title, sub))
        const expected = graph.media
          .filter((m) => isMedia(m) && holds(m, op))
          .sort((a, b) => b.popularity - a.popularity || byMhid(a, b))
          .slice(0, 100)
          .map((m) => m.mhid)
        const answer = engine.answer('explore', { filters: { contributors: op }, pageSize: 100 })
        expect(answer.status).toBe(200)
        expect((answer.body as any).content.map((p: any) => p.object.mhid)).toEqual(expected)
      }),
      { numRuns: 40 },
    )
  })

  it('computes each silo alone as it would among all the silos of the request', () => {
    const blueprint = fc.record({
      type: fc.constantFrom('Explore', 'GraphLens', 'BasedOnItem', 'RecommendedForYou', 'ExploreGraphLens'),
      filters: fc.option(fc.record({ traits: fc.constantFrom(...TRAITS).map(($ne) => ({ $ne })) }), {
        nil: undefined,
      }),
    })
    const request = fc.record({
      blueprints: fc.array(blueprint, { minLength: 1, maxLength: 8 }),
      ids: fc.uniqueArray(fc.constantFrom(...TITLES), { maxLength: 3 }),
      user: fc.boolean(),
    })
    fc.assert(
      fc.property(request, ({ blueprints, ids, user }) => {
        const body = { blueprints: blueprints.map((b) => JSON.parse(JSON.stringify(b))), ids }
        const as = user ? {} : { username: null }
        const all = engine.answer('silos', { ...body, pageSize: 100 }, as)
        expect(all.status).toBe(200)
        const silos = (all.body as any).silos as unknown[]
        silos.forEach((silo, page) => {
          const alone = engine.answer('silos', { ...body, pageSize: 1, page }, as)
          expect((alone.body as any).silos).toEqual([silo])
        })
      }),
      { numRuns: 25 },
    )
  })
})
