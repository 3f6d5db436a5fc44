// Explore's indexed pages (src/service/query/explore.ts: postings per value in each sorted list, read until the
// page is full) against the plain way it replaced: every node of the types filtered, every match sorted. For
// generated filters (trait, contributor, source and collection values, with and without other filters and
// private collections), sorts, pages and askers, the page's nodes, the count of matches and the work charged
// are the same.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { objectTypeNames, type ObjectTypeName } from '../../src/model/ids'
import type { ExploreRequest, Filters } from '../../src/model'
import type { GraphNode } from '../../src/service/graph/entities'
import { graphFor } from '../../src/service/graph/shared-graph'
import { renderPairRaw } from '../../src/service/query/render-text'
import { DEFAULT_LIMITS, type QueryContext } from '../../src/service/query/context'
import { exploreHead } from '../../src/service/query/explore'
import { compileFilters } from '../../src/service/query/filters'
import { defaultImage } from '../../src/service/query/objects'
import { visible } from '../../src/service/query/resolve'
import { compileSort } from '../../src/service/query/sort'
import { sortCost } from '../../src/service/query/work'

const { graph } = graphFor(undefined, [{ username: 'demo', password: 'explore-index', name: 'Demo User' }])
const image = defaultImage('http://127.0.0.1')

const contextFor = (username: string | undefined): QueryContext => ({
  graph,
  user: username === undefined ? undefined : graph.userByUsername(username),
  defaultImage: image,
  limits: DEFAULT_LIMITS,
  rendered: { count: 0 },
  work: { units: 0 },
  renderPair: renderPairRaw,
})

/** The plain way: every node of the types tested, every match sorted, work charged as the engine charges it. */
function reference(ctx: QueryContext, body: Pick<ExploreRequest, 'filters' | 'sort'>): GraphNode[] {
  const filters = compileFilters(ctx, body.filters, ['filters'])
  const compare = compileSort(ctx, body.sort, filters, 'seed', ['sort'])
  const candidates = graph.ofTypes(filters.types)
  ctx.work.units += candidates.length * filters.cost
  const all = candidates.filter((node) => visible(node, ctx) && filters.matches(node)).sort(compare)
  ctx.work.units += sortCost(all.length) * (body.sort?.length ?? 1)
  return all
}

const pick = <T>(items: readonly T[], n: number): T[] =>
  items.filter((_, i) => i % Math.max(1, Math.floor(items.length / n)) === 0).slice(0, n)

// Values with many reverse edges and few: the index is used when a value lists fewer than half the list.
const traits = pick(graph.traits, 12).map((n) => n.mhid)
const contributors = pick(graph.contributors, 12).map((n) => n.mhid)
const sources = pick(graph.sources, 8).map((n) => n.mhid)
const collections = [
  ...pick(
    graph.collections.filter((c) => c.permissions === 'public'),
    6,
  ),
  ...pick(
    graph.collections.filter((c) => c.permissions !== 'public'),
    4,
  ),
].map((n) => n.mhid)
const titles = pick(graph.media, 6).map((n) => n.mhid)

const eqOf = (ids: readonly string[]) => fc.constantFrom(...ids).map(($eq) => ({ $eq }))
const otherOf = (ids: readonly string[]) =>
  fc.oneof(
    fc.constantFrom(...ids).map(($ne) => ({ $ne })),
    fc.uniqueArray(fc.constantFrom(...ids), { minLength: 1, maxLength: 6 }).map(($in) => ({ $in })),
  )

const relationFilter = fc.oneof(
  eqOf(traits).map((traits) => ({ traits })),
  eqOf(contributors).map((contributors) => ({ contributors })),
  eqOf(sources).map((sources) => ({ sources })),
  eqOf(collections).map((collections) => ({ collections })),
  eqOf(titles).map((contributorsOf) => ({ contributorsOf })),
)

const filters: fc.Arbitrary<Filters> = fc
  .tuple(
    fc.option(relationFilter, { nil: undefined }),
    // A second filter (so the postings are tested, not read off), or a second $eq (the shorter is walked).
    fc.option(
      fc.oneof(
        otherOf(traits).map((traits) => ({ traits })),
        otherOf(sources).map((sources) => ({ sources })),
        eqOf(traits).map((traits) => ({ traits })),
      ),
      { nil: undefined },
    ),
    fc.option(
      fc
        .uniqueArray(fc.constantFrom(...objectTypeNames.filter((t) => t !== 'Image')), {
          minLength: 1,
          maxLength: 3,
        })
        .map((types: ObjectTypeName[]) => (types.length === 1 ? { $eq: types[0] } : { $in: types })),
      { nil: undefined },
    ),
  )
  .map(([relation, other, returnType]) => ({
    ...other,
    ...relation,
    ...(returnType === undefined ? {} : { returnType }),
  })) as fc.Arbitrary<unknown> as fc.Arbitrary<Filters>

const sort = fc.option(
  fc.constantFrom(
    [{ type: 'popularity' as const }],
    [{ type: 'popularity' as const, order: 'ascending' as const }],
    [{ type: 'property' as const, property: 'releaseDate' as const, order: 'descending' as const }],
    [{ type: 'property' as const, property: 'releaseDate' as const }],
    [{ type: 'property' as const, property: 'name' as const }],
  ),
  { nil: undefined },
)

describe("explore's indexed pages", () => {
  it('hold the same nodes, count and work as filtering and sorting every node, for generated queries', () => {
    let indexed = 0
    fc.assert(
      fc.property(
        filters,
        sort,
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom('demo', undefined),
        (filters, sort, needed, username) => {
          const body = { filters, ...(sort === undefined ? {} : { sort }) }
          const expectedCtx = contextFor(username)
          const actualCtx = contextFor(username)
          let expected: GraphNode[]
          try {
            expected = reference(expectedCtx, body)
          } catch (error) {
            // An id the asker may not see fails both ways alike.
            expect(() => exploreHead(actualCtx, body, 'seed', needed)).toThrow((error as Error).message)
            return
          }
          const { head, total } = exploreHead(actualCtx, body, 'seed', needed)
          expect(total).toBe(expected.length)
          expect(head.slice(0, needed).map((n) => n.mhid)).toEqual(
            expected.slice(0, needed).map((n) => n.mhid),
          )
          expect(actualCtx.work.units).toBe(expectedCtx.work.units)
          if (total > 0 && Object.keys(filters).some((k) => k !== 'returnType')) indexed++
        },
      ),
      { numRuns: 400 },
    )
    // Most generated queries match something through a value filter: the comparison is of pages, not of nothing.
    expect(indexed).toBeGreaterThan(60)
  })

  it("reads the bench's page (Drama films by date) and a late page alike", () => {
    for (const page of [0, 5, 48, 49, 60]) {
      const body = {
        filters: { returnType: { $eq: 'Movie' as const }, traits: { $eq: 'mhgnr-drama' as const } },
        sort: [{ type: 'property' as const, property: 'releaseDate' as const, order: 'descending' as const }],
      }
      const expected = reference(contextFor('demo'), body)
      const { head, total } = exploreHead(contextFor('demo'), body, 'seed', (page + 1) * 20)
      expect(total).toBe(expected.length)
      expect(head.slice(page * 20, page * 20 + 20)).toEqual(expected.slice(page * 20, page * 20 + 20))
    }
  })
})
