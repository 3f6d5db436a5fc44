import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCatalog } from '../../src/service/catalog/build'
import { defaultCatalogDir, readCatalogDir } from '../../src/service/catalog/load'
import type { GraphNode } from '../../src/service/graph/entities'
import { GraphIndex } from '../../src/service/graph/graph-index'
import { objects, startHarness, type Harness } from './helpers'

let h: Harness
// An independent view of the same graph (built from the same files), to check answers against.
const graph = new GraphIndex(
  buildCatalog(readCatalogDir(defaultCatalogDir()), [{ username: 'demo', name: 'Demo User' }]),
)
beforeAll(async () => {
  h = await startHarness({ rateLimit: false })
})
afterAll(() => h.service.close())

const pick = <T>(items: readonly T[]) => fc.constantFrom(...items)
const popularPeople = graph.contributors.filter((c) => c.credits.length >= 8).map((c) => c.altId)
const traits = graph.traits.map((t) => t.altId)
const sources = graph.sources.map((s) => s.altId)

const operator = (values: fc.Arbitrary<string>) =>
  fc.oneof(
    values.map(($eq) => ({ $eq })),
    values.map(($ne) => ({ $ne })),
    fc.array(values, { minLength: 1, maxLength: 3 }).map(($in) => ({ $in })),
    fc.array(values, { minLength: 1, maxLength: 2 }).map(($all) => ({ $all })),
    fc
      .array(
        values.map(($eq) => ({ $eq })),
        { minLength: 1, maxLength: 2 },
      )
      .map(($or) => ({ $or })),
  )

type Op = { $eq?: string; $ne?: string; $in?: string[]; $all?: string[]; $or?: Op[] }
const holds = (op: Op, has: (v: string) => boolean): boolean =>
  op.$eq !== undefined
    ? has(op.$eq)
    : op.$ne !== undefined
      ? !has(op.$ne)
      : op.$in
        ? op.$in.some(has)
        : op.$all
          ? op.$all.every(has)
          : (op.$or ?? []).some((sub) => holds(sub, has))

const node = (altIdOrMhid: string): GraphNode => graph.byId(altIdOrMhid) as GraphNode

describe('explore properties', () => {
  it('every result satisfies every filter, in the order asked', async () => {
    let nonEmpty = 0
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            returnType: operator(pick(['Movie', 'ShowSeries'])),
            contributors: operator(pick(popularPeople)),
            traits: operator(pick(traits)),
            sources: operator(pick(sources)),
          },
          { requiredKeys: [] },
        ),
        pick(['name', 'releaseDate'] as const),
        pick(['ascending', 'descending'] as const),
        async (filters, property, order) => {
          const r = await h.post('/graph/explore', {
            filters,
            sort: [{ type: 'property', property, order }],
            pageSize: 100,
          })
          expect(r.status).toBe(200)
          const found = objects(r.body).map((o) => node(o.mhid))
          if (found.length > 1) nonEmpty++
          for (const item of found) {
            if (item.type !== 'Movie' && item.type !== 'ShowSeries')
              throw new Error(`unexpected ${item.type}`)
            const returnType = filters.returnType ?? { $in: ['Movie', 'ShowSeries'] }
            expect(holds(returnType as Op, (t) => t === item.type)).toBe(true)
            if (filters.contributors)
              expect(
                holds(filters.contributors as Op, (id) =>
                  item.credits.some((c) => c.contributor === node(id)),
                ),
              ).toBe(true)
            if (filters.traits)
              expect(holds(filters.traits as Op, (id) => item.traits.includes(node(id) as never))).toBe(true)
            if (filters.sources)
              expect(
                holds(filters.sources as Op, (id) => item.offers.some((o) => o.source === node(id))),
              ).toBe(true)
          }
          const keys = found.map((m) =>
            m.type === 'Movie' || m.type === 'ShowSeries'
              ? property === 'name'
                ? m.name
                : m.releaseDate
              : 0,
          )
          const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })
          for (let i = 1; i < keys.length; i++) {
            const a = keys[i - 1] as string | number
            const b = keys[i] as string | number
            const c = typeof a === 'string' ? collator.compare(a, b as string) : a - (b as number)
            expect(order === 'ascending' ? c <= 0 : c >= 0).toBe(true)
          }
        },
      ),
      { numRuns: 60 },
    )
    // The property must have had something to check, not only empty answers.
    expect(nonEmpty).toBeGreaterThan(5)
  })

  it('following next from page 0 yields each item exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(
        pick(traits),
        fc.integer({ min: 7, max: 60 }),
        pick(['popularity', 'random'] as const),
        async (trait, pageSize, type) => {
          const seen: string[] = []
          let request: { endpoint: string; body: unknown } | null = {
            endpoint: '/graph/explore',
            body: { filters: { traits: { $eq: trait } }, sort: [{ type }], pageSize },
          }
          for (let guard = 0; request !== null && guard < 500; guard++) {
            const r = await h.post(request.endpoint, request.body)
            seen.push(...objects(r.body).map((o) => o.mhid))
            request = r.body.pagingInfo.next
          }
          const expected = (node(trait) as { media: GraphNode[] }).media.map((m) => m.mhid)
          expect(new Set(seen).size).toBe(seen.length)
          expect(new Set(seen)).toEqual(new Set(expected))
        },
      ),
      { numRuns: 12 },
    )
  })
})

describe('relate properties', () => {
  const titles = graph.media.filter((m) => m.credits.length >= 5).map((m) => m.altId)
  it('never returns a factor, and a change of weight changes the results', async () => {
    await fc.assert(
      fc.asyncProperty(pick(titles), pick(titles), pick(popularPeople), async (a, b, person) => {
        fc.pre(a !== b)
        const factors = [{ id: a }, { id: b }, { id: person }]
        const even = await h.post('/graph/relate', { factors, pageSize: 50 })
        const tilted = await h.post('/graph/relate', {
          factors: [{ id: a, weight: 0.1 }, { id: b, weight: 3 }, { id: person }],
          pageSize: 50,
        })
        const factorIds = new Set(factors.map((f) => node(f.id).mhid))
        for (const r of [even, tilted]) expect(objects(r.body).some((o) => factorIds.has(o.mhid))).toBe(false)
        expect(objects(tilted.body).map((o) => o.mhid)).not.toEqual(objects(even.body).map((o) => o.mhid))
      }),
      { numRuns: 15 },
    )
  })
})
