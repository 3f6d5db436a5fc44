// Each filter with each operator, in explore and in relate, against an oracle: the set of mhids the service
// returns over HTTP, paged to the end, is the set the oracle computes from the catalog's data (the graph's
// nodes and edges, read as data; not the service's filter code), for ids drawn by fast-check from the
// catalog. The meaning restated here is docs/reference-service.md's ("Explore", "Relate"). And `$ne` is never `$eq`.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { filterNames } from 'hql'
import type { FilterName } from 'hql'
import { buildCatalog } from '../../src/service/catalog/build'
import { defaultCatalogDir, readCatalogDir } from '../../src/service/catalog/load'
import type { GraphNode } from '../../src/service/graph/entities'
import { GraphIndex } from '../../src/service/graph/graph-index'
import { startHarness, type Harness } from '../service/helpers'
import { holds, named, type Op } from '../support/operator-meaning'

const graph = new GraphIndex(
  buildCatalog(readCatalogDir(defaultCatalogDir()), [{ username: 'demo', name: 'Demo User' }]),
)
let h: Harness
// Pages of 1,000, the service started to allow them: each page walks the filter over every candidate (9,341
// contributors for a negation), so pages of 100 made this file ten times the work for the same sets. Paging
// is still followed to the end (up to 10 pages); its own rules are held by test/service/endpoints.test.ts and properties.test.ts.
const PAGE = 1000
beforeAll(async () => {
  h = await startHarness({ rateLimit: false, limits: { maxPageSize: PAGE } })
})
afterAll(() => h.service.close())

const operatorNames = ['$eq', '$ne', '$in', '$all', '$or', 'nested $or'] as const
type OperatorName = (typeof operatorNames)[number]

const node = (id: string): GraphNode => graph.byId(id) as GraphNode
const titles = ['Movie', 'ShowSeries']
/** Either spelling of an object's id: the service resolves both. */
const idsOf = (nodes: readonly GraphNode[]) =>
  fc.constantFrom(...nodes).chain((n) => fc.constantFrom(n.mhid, n.altId))

/** Per filter: the values to draw, the types it applies to, and whether an item is related to a value. */
const relations: Record<
  FilterName,
  { values: fc.Arbitrary<string>; to: readonly string[]; has: (item: GraphNode, value: string) => boolean }
> = {
  returnType: {
    values: fc.constantFrom('Movie', 'ShowSeries', 'Contributor', 'Source'),
    to: [],
    has: (item, type) => item.type === type,
  },
  contributors: {
    values: idsOf(graph.contributors.filter((c) => c.credits.length >= 6)),
    to: titles,
    has: (item, id) => 'credits' in item && item.credits.some((c) => c.contributor === node(id)),
  },
  contributorsOf: {
    values: idsOf(graph.media.filter((m) => m.credits.length >= 3)),
    to: ['Contributor'],
    has: (item, id) => item.type === 'Contributor' && item.credits.some((c) => c.media === node(id)),
  },
  sources: {
    values: idsOf(graph.sources),
    to: titles,
    has: (item, id) => 'offers' in item && item.offers.some((o) => o.source === node(id)),
  },
  traits: {
    values: idsOf(graph.traits.filter((t) => t.media.length > 0)),
    to: titles,
    has: (item, id) => 'traits' in item && (item.traits as readonly GraphNode[]).includes(node(id)),
  },
  collections: {
    values: idsOf(graph.collections.filter((c) => c.owner === graph.editors)),
    to: [...titles, 'Contributor', 'Collection'],
    has: (item, id) => (item.social.collectedIn as readonly GraphNode[]).includes(node(id)),
  },
}

function operator(kind: OperatorName, values: fc.Arbitrary<string>): fc.Arbitrary<Op> {
  const leaf = fc.oneof(
    values.map(($eq) => ({ $eq })),
    values.map(($ne) => ({ $ne })),
    fc.array(values, { minLength: 1, maxLength: 3 }).map(($in) => ({ $in })),
    fc.array(values, { minLength: 1, maxLength: 2 }).map(($all) => ({ $all })),
  )
  if (kind === '$eq') return values.map(($eq) => ({ $eq }))
  if (kind === '$ne') return values.map(($ne) => ({ $ne }))
  if (kind === '$in') return fc.array(values, { minLength: 1, maxLength: 3 }).map(($in) => ({ $in }))
  if (kind === '$all') return fc.array(values, { minLength: 1, maxLength: 2 }).map(($all) => ({ $all }))
  if (kind === '$or') return fc.array(leaf, { minLength: 1, maxLength: 3 }).map(($or) => ({ $or }))
  return fc
    .tuple(fc.array(leaf, { minLength: 1, maxLength: 2 }), leaf)
    .map(([inner, other]) => ({ $or: [{ $or: inner }, other] }))
}

/**
 * What explore answers for one filter, by docs/reference-service.md: the default types are the titles (the contributors
 * with a `contributorsOf` filter); returnType chooses among those and the types it names; any other filter
 * keeps the items of the types it applies to that meet it.
 */
function exploreOracle(name: FilterName, op: Op): Set<string> {
  const defaults = name === 'contributorsOf' ? ['Contributor'] : titles
  const candidates = [...graph.media, ...graph.contributors, ...graph.sources]
  const relation = relations[name]
  const returned = [...defaults, ...named(op)]
  const kept =
    name === 'returnType'
      ? candidates.filter(
          (item) => returned.includes(item.type) && holds(op, (type) => relation.has(item, type)),
        )
      : candidates.filter(
          (item) =>
            defaults.includes(item.type) &&
            relation.to.includes(item.type) &&
            holds(op, (id) => relation.has(item, id)),
        )
  return new Set(kept.map((item) => item.mhid))
}

/**
 * One request. A keep-alive socket the server closes just as the client reuses it (a loaded machine runs the
 * client's idle check late) resets before any answer: the request never reached a handler, so it is sent again
 * once, on a new socket. Any answer, and any other failure, is the test's.
 */
async function post(endpoint: string, body: unknown): Promise<Awaited<ReturnType<Harness['post']>>> {
  try {
    return await h.post(endpoint, body)
  } catch (error) {
    const code = ((error as { cause?: { code?: unknown } }).cause ?? {}).code
    if (code !== 'ECONNRESET') throw error
    return h.post(endpoint, body)
  }
}

/** Every mhid of a query, following `next` to the end; fails on an item served twice. */
async function allPages(path: string, body: object): Promise<Set<string>> {
  const seen: string[] = []
  let request: { endpoint: string; body: unknown } | null = { endpoint: path, body }
  for (let pages = 0; request !== null; pages++) {
    if (pages > 200) throw new Error(`more than 200 pages for ${JSON.stringify(body)}`)
    const r = await post(request.endpoint, request.body)
    if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body)} for ${JSON.stringify(body)}`)
    seen.push(...(r.body.content as { object: { mhid: string } }[]).map((pair) => pair.object.mhid))
    request = r.body.pagingInfo.next
  }
  expect(new Set(seen).size).toBe(seen.length)
  return new Set(seen)
}

const sorted = (set: Set<string>) => [...set].sort()
// contributorsOf's negations page through most of the 9000 contributors: fewer runs keep the file near 30 s.
const runsFor = (name: FilterName) => ({ numRuns: name === 'contributorsOf' ? 2 : 4 })

/** Per filter, the value of a fixed sample that the oracle finds the most objects for (the first such). */
const richest = new Map<FilterName, string>()
function richestValue(name: FilterName): string {
  const known = richest.get(name)
  if (known !== undefined) return known
  const sample = fc.sample(relations[name].values, { numRuns: 40, seed: 11 })
  // Each value's count once: the oracle walks every candidate, and this runs for each operator of the filter.
  const sizes = new Map(sample.map((value) => [value, exploreOracle(name, { $eq: value }).size]))
  const size = (value: string) => sizes.get(value) ?? 0
  const v = sample.reduce((best, value) => (size(value) > size(best) ? value : best))
  richest.set(name, v)
  return v
}

/**
 * An operator of `kind` over the value (of a fixed sample) that the oracle finds the most objects for: always
 * run first, so that every property compares a non-empty answer however few random cases it draws.
 */
function richExample(name: FilterName, kind: OperatorName): Op {
  const v = richestValue(name)
  const examples: Record<OperatorName, Op> = {
    $eq: { $eq: v },
    $ne: { $ne: v },
    $in: { $in: [v] },
    $all: { $all: [v] },
    $or: { $or: [{ $eq: v }] },
    'nested $or': { $or: [{ $or: [{ $eq: v }] }, { $eq: v }] },
  }
  return examples[kind]
}

describe.each([...filterNames])('explore, filter %s', (name) => {
  it.each([...operatorNames])('%s: exactly the objects the oracle finds, paged to the end', async (kind) => {
    let nonEmpty = 0
    await fc.assert(
      fc.asyncProperty(operator(kind, relations[name].values), async (op) => {
        const found = await allPages('/graph/explore', { filters: { [name]: op }, pageSize: PAGE })
        if (found.size > 0) nonEmpty++
        expect(sorted(found)).toEqual(sorted(exploreOracle(name, op)))
      }),
      { ...runsFor(name), examples: [[richExample(name, kind)]] },
    )
    // Some cases must have had something to compare.
    expect(nonEmpty).toBeGreaterThan(0)
  })

  it('$ne is the complement of $eq among the items the filter applies to, never the same set', async () => {
    await fc.assert(
      fc.asyncProperty(relations[name].values, async (value) => {
        const eq = await allPages('/graph/explore', { filters: { [name]: { $eq: value } }, pageSize: PAGE })
        const ne = await allPages('/graph/explore', { filters: { [name]: { $ne: value } }, pageSize: PAGE })
        expect(sorted(ne)).not.toEqual(sorted(eq))
        expect([...ne].filter((id) => eq.has(id))).toEqual([])
      }),
      { numRuns: 2 },
    )
  })
})

// Relate with one boost-only factor: every title is a candidate (docs/reference-service.md, "Relate"), and the factor is never
// returned, so its answer is the explore oracle's titles without the factor. Filters that select
// contributors (contributorsOf, returnType Contributor) rank people by their titles: left to explore here.
const factor = graph.media.find((m) => m.credits.length >= 3) as GraphNode
const relateFilters = filterNames.filter((name) => name !== 'contributorsOf')
const relateValues = (name: FilterName) =>
  name === 'returnType' ? fc.constantFrom(...titles) : relations[name].values

describe.each(relateFilters)('relate with a boost-only factor, filter %s', (name) => {
  it.each([...operatorNames])('%s: exactly the titles the oracle finds, paged to the end', async (kind) => {
    await fc.assert(
      fc.asyncProperty(operator(kind, relateValues(name)), async (op) => {
        const found = await allPages('/graph/relate', {
          factors: [{ id: factor.mhid, boostOnly: true }],
          filters: { [name]: op },
          pageSize: PAGE,
        })
        const want = exploreOracle(name, op)
        want.delete(factor.mhid)
        expect(sorted(found)).toEqual(sorted(want))
      }),
      runsFor(name),
    )
  })
})
