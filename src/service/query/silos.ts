import { nextEndpointPath } from '../../model'
import { byMhid } from '../graph/entities'
import type { Blueprint, Filters, SilosRequest } from '../../model'
import type { JsonPath } from '../../model/errors'
import type { ObjectTypeName } from '../../model/ids'
import { randomFrom } from '../catalog/prng'
import type { GraphNode } from '../graph/entities'
import { isMedia } from '../graph/entities'
import { lensesOf, lensName, type Lens } from '../graph/lenses'
import type { QueryContext } from './context'
import { seedOfRequest } from './explore'
import { compileFilters, type CompiledFilters, type FiltersPath } from './filters'
import { lookupContinuation, pageOf, pageSizeOf } from './paging'
import { rankScored, scoreSeeds, type ScoredSeeds, type Seed } from './recommend'
import { compileSort } from './sort'
import { meterAt, sortCost, type Meter } from './work'
import { resolveNode, visible } from './resolve'

/** The most silos one blueprint of a multi-silo type (BasedOnItem, GraphLens, ExploreGraphLens) yields. */
const SILOS_PER_BLUEPRINT = 3
/** The most titles one silo holds across its pages. */
const MAX_SILO_ITEMS = 200
/** Titles per silo when siloPageSize is not given. */
export const DEFAULT_SILO_PAGE_SIZE = 10
/** Silos per page when a silos request names no pageSize. */
export const DEFAULT_SILOS_PAGE_SIZE = 10

/** A silo before its titles are computed: placing needs only how many silos each blueprint yields. */
interface SiloDraft {
  readonly title: string
  /** The silo's titles, computed only if the silo lands on the requested page. */
  readonly items: () => readonly GraphNode[]
}

interface Plan {
  readonly ctx: QueryContext
  readonly body: SilosRequest
  /** What the user has affinity for: the request's ids, then the token user's likes, most recent first. */
  readonly seeds: readonly GraphNode[]
  /** What several silos of the request share, computed once on first use (see `once`). */
  readonly shared: Map<string, unknown>
}

/** A value of the plan computed once, on first use: silos of one request share their filters and scores. */
function once<T>(plan: Plan, key: string, compute: () => T): T {
  if (plan.shared.has(key)) return plan.shared.get(key) as T
  const value = compute()
  plan.shared.set(key, value)
  return value
}

/** Pays for a blueprint's work, naming the blueprint. */
const meterOf = (plan: Plan, index: number): Meter =>
  meterAt(
    plan.ctx,
    ['blueprints', index],
    'ask for fewer silos per page (pageSize), fewer blueprints, fewer seed ids, or simpler filters',
  )

/** Blueprint filters override the global ones, filter by filter. */
function filtersOf(body: SilosRequest, blueprint: Blueprint): Filters {
  return { ...body.filters, ...blueprint.filters }
}

/** Where an error in a silo's filters points: the blueprint's filter if it has one of that name, else the request's. */
const filtersPathOf =
  (blueprint: Blueprint, index: number): FiltersPath =>
  (name) =>
    blueprint.filters?.[name] !== undefined ? ['blueprints', index, 'filters', name] : ['filters', name]

interface Accepting {
  readonly accept: (n: GraphNode) => boolean
  readonly types: ReadonlySet<ObjectTypeName>
  readonly filters: CompiledFilters
}

/** A blueprint's filters, compiled once (their ids resolved, so a bad one fails the request wherever it is). */
function accepting(plan: Plan, blueprint: Blueprint, index: number): Accepting {
  return once(plan, `filters|${index}`, () => {
    const compiled = compileFilters(
      plan.ctx,
      filtersOf(plan.body, blueprint),
      filtersPathOf(blueprint, index),
    )
    return {
      accept: (n: GraphNode) => visible(n, plan.ctx) && compiled.matches(n),
      types: compiled.types,
      filters: compiled,
    }
  })
}

/** Scores of seeds, once per request for the same seeds (`key` names them). */
const scored = (plan: Plan, key: string, seeds: () => Seed[], index: number): ScoredSeeds =>
  once(plan, `scores|${key}`, () => scoreSeeds(plan.ctx.graph, seeds(), meterOf(plan, index)))

function recommended(
  plan: Plan,
  key: string,
  seeds: () => Seed[],
  blueprint: Blueprint,
  index: number,
): GraphNode[] {
  const { accept, types, filters } = accepting(plan, blueprint, index)
  const meter = meterOf(plan, index)
  const scores = scored(plan, key, seeds, index)
  const candidates = scores.generating ? scores.base.size : plan.ctx.graph.media.length
  meter(candidates * filters.cost)
  return rankScored(plan.ctx.graph, scores, accept, types, meter).map((r) => r.node)
}

/**
 * Every node of the given types in popularity order (the default sort), once per request: filtering a list
 * in that order gives what sorting the filtered list would, since the order is total.
 */
function byPopularity(plan: Plan, filters: CompiledFilters, index: number): readonly GraphNode[] {
  return once(plan, `popular|${[...filters.types].join()}`, () => {
    const compare = compileSort(plan.ctx, undefined, filters, '', ['sort'])
    const all = plan.ctx.graph.ofTypes(filters.types)
    meterOf(plan, index)(sortCost(all.length))
    return all.sort(compare)
  })
}

function popular(plan: Plan, blueprint: Blueprint, index: number): GraphNode[] {
  const { accept, filters } = accepting(plan, blueprint, index)
  const all = byPopularity(plan, filters, index)
  meterOf(plan, index)(all.length * filters.cost)
  return all.filter(accept)
}

/** The request's seeds (generating) and the token's user: what RecommendedForYou recommends from. */
const forYouSeeds = (plan: Plan): Seed[] => [
  ...plan.seeds.map((node) => ({ node, weight: 1, boostOnly: false })),
  ...userSeeds(plan),
]

/** The request's seeds and the token's user, boost-only: what ranks a lens's or a Content blueprint's titles. */
const boostSeeds = (plan: Plan): Seed[] =>
  [...plan.seeds, ...(plan.ctx.user ? [plan.ctx.user] : [])].map((node) => ({
    node,
    weight: 1,
    boostOnly: true,
  }))

const userSeeds = (plan: Plan): Seed[] =>
  plan.ctx.user ? [{ node: plan.ctx.user, weight: 1, boostOnly: false }] : []

function lensSilo(
  plan: Plan,
  lens: Lens,
  blueprint: Blueprint,
  index: number,
  title: string,
  personal: boolean,
): SiloDraft {
  // The filters are compiled now, so that an error in them fails the request even if the silo is not placed.
  const { accept } = accepting(plan, blueprint, index)
  const items = (): GraphNode[] => {
    const inLens = new Set<GraphNode>(lens.titles)
    const meter = meterOf(plan, index)
    if (personal) {
      const scores = scored(plan, 'boosts', () => boostSeeds(plan), index)
      return rankScored(
        plan.ctx.graph,
        scores,
        (n) => inLens.has(n) && accept(n),
        new Set(['Movie', 'ShowSeries']),
        meter,
        lens.titles,
      ).map((r) => r.node)
    }
    meter(lens.titles.length + sortCost(lens.titles.length))
    return [...lens.titles].filter(accept).sort((a, b) => b.popularity - a.popularity || byMhid(a, b))
  }
  return { title, items }
}

/** How well a lens fits the seeds: how many seed titles carry each of its traits. */
function lensAffinity(lens: Lens, seeds: readonly GraphNode[]): number {
  let score = 0
  for (const seed of seeds)
    if (isMedia(seed)) for (const t of lens.traits) if (seed.traits.includes(t)) score += 1
  return score
}

/** The lenses in order of affinity with the seeds (GraphLens), once per request. */
const lensesByAffinity = (plan: Plan, index: number): readonly Lens[] =>
  once(plan, 'lensesByAffinity', () => {
    const lenses = lensesOf(plan.ctx.graph)
    meterOf(plan, index)(lenses.length * plan.seeds.length * 3 + sortCost(lenses.length))
    return lenses
      .map((lens, order) => ({ lens, order, affinity: lensAffinity(lens, plan.seeds) }))
      .sort((a, b) => b.affinity - a.affinity || a.order - b.order)
      .map(({ lens }) => lens)
  })

/** The blueprint of one type, so that each type's drafts see its own params. */
type BlueprintOf<Type extends Blueprint['type']> = Extract<Blueprint, { readonly type: Type }>

/**
 * The silos one blueprint yields, in order, with their titles left to compute. What can fail the request
 * (an unknown id, a filter of the wrong type) is checked here, for every blueprint, placed or not.
 */
function draftsOf(plan: Plan, blueprint: Blueprint, index: number): SiloDraft[] {
  switch (blueprint.type) {
    case 'RecommendedForYou':
      return recommendedForYouDrafts(plan, blueprint, index)
    case 'Explore':
      return exploreDrafts(plan, blueprint, index)
    case 'BasedOnItem':
      return basedOnItemDrafts(plan, blueprint, index)
    case 'GraphLens':
      return graphLensDrafts(plan, blueprint, index)
    case 'ExploreGraphLens':
      return exploreGraphLensDrafts(plan, blueprint, index)
    case 'Content':
      return contentDrafts(plan, blueprint, index)
    case 'Collection':
      return collectionDrafts(plan, blueprint, index)
    default:
      // A blueprint type added to the model fails to compile here until it has its drafts.
      return blueprint satisfies never
  }
}

/** One silo recommended from the seeds and the user; with neither, the popular titles. */
function recommendedForYouDrafts(
  plan: Plan,
  blueprint: BlueprintOf<'RecommendedForYou'>,
  index: number,
): SiloDraft[] {
  accepting(plan, blueprint, index)
  const seeds = forYouSeeds(plan)
  const items = (): GraphNode[] =>
    seeds.length > 0
      ? recommended(plan, 'forYou', () => seeds, blueprint, index)
      : popular(plan, blueprint, index)
  return [{ title: blueprint.params?.name ?? 'Recommended for you', items }]
}

/** One silo of the popular titles that pass the filters. */
function exploreDrafts(plan: Plan, blueprint: BlueprintOf<'Explore'>, index: number): SiloDraft[] {
  accepting(plan, blueprint, index)
  return [{ title: blueprint.params?.name ?? 'Popular', items: () => popular(plan, blueprint, index) }]
}

/** A silo per seed title or contributor (up to SILOS_PER_BLUEPRINT), each recommended from that seed. */
function basedOnItemDrafts(plan: Plan, blueprint: BlueprintOf<'BasedOnItem'>, index: number): SiloDraft[] {
  const template = blueprint.params?.nameGenerator ?? 'Because you liked $1'
  const seeds = plan.seeds.filter((seed) => isMedia(seed) || seed.type === 'Contributor')
  if (seeds.length > 0) accepting(plan, blueprint, index)
  return seeds.slice(0, SILOS_PER_BLUEPRINT).map((seed) => ({
    title: template.replaceAll('$1', seed.name),
    // Heavily the item; the user only breaks ties among what the item brings.
    items: () =>
      recommended(
        plan,
        `basedOn|${seed.mhid}`,
        () => [
          { node: seed, weight: 1, boostOnly: false },
          ...userSeeds(plan).map((s) => ({ ...s, weight: 0.2, boostOnly: true })),
        ],
        blueprint,
        index,
      ),
  }))
}

/** A silo per lens, the lenses that fit the seeds best first, ranked for the user. */
function graphLensDrafts(plan: Plan, blueprint: BlueprintOf<'GraphLens'>, index: number): SiloDraft[] {
  return lensesByAffinity(plan, index)
    .slice(0, SILOS_PER_BLUEPRINT)
    .map((lens) => lensSilo(plan, lens, blueprint, index, lensName(lens), true))
}

/** A silo per lens in the graph's order, titles by popularity: the same for every user. */
function exploreGraphLensDrafts(
  plan: Plan,
  blueprint: BlueprintOf<'ExploreGraphLens'>,
  index: number,
): SiloDraft[] {
  const template = blueprint.params?.nameGenerator ?? '$1'
  return lensesOf(plan.ctx.graph)
    .slice(0, SILOS_PER_BLUEPRINT)
    .map((lens) => lensSilo(plan, lens, blueprint, index, template.replaceAll('$1', lensName(lens)), false))
}

/** One silo of the editors' titles (their ids resolved now, so a bad one fails the request), ranked for the user. */
function contentDrafts(plan: Plan, blueprint: BlueprintOf<'Content'>, index: number): SiloDraft[] {
  const curated = blueprint.params.ids.map((id, j) =>
    resolveNode(plan.ctx, id, ['blueprints', index, 'params', 'ids', j]),
  )
  const { accept } = accepting(plan, blueprint, index)
  const items = (): GraphNode[] => {
    const set = new Set(curated)
    const meter = meterOf(plan, index)
    // The curated titles, ranked for the user (ties keep the editors' order).
    const order = new Map(curated.map((n, i) => [n, i]))
    const boosted = plan.seeds.length > 0 || plan.ctx.user !== undefined
    const ranked = boosted
      ? rankScored(
          plan.ctx.graph,
          scored(plan, 'boosts', () => boostSeeds(plan), index),
          (n) => set.has(n) && accept(n),
          new Set(['Movie', 'ShowSeries']),
          meter,
          curated,
        )
      : []
    const score = new Map(ranked.map((r) => [r.node, r.score]))
    meter(curated.length + sortCost(curated.length))
    const sorted = curated
      .filter(accept)
      .sort((a, b) => (score.get(b) ?? 0) - (score.get(a) ?? 0) || (order.get(a) ?? 0) - (order.get(b) ?? 0))
    return [...new Set(sorted)]
  }
  return [{ title: blueprint.params.name ?? 'Featured', items }]
}

/** One silo of an editorial collection's titles, in the collection's order. */
function collectionDrafts(plan: Plan, blueprint: BlueprintOf<'Collection'>, index: number): SiloDraft[] {
  const at: JsonPath = ['blueprints', index, 'params', 'id']
  const collection = resolveNode(plan.ctx, blueprint.params.id, at, ['Collection'])
  const { accept } = accepting(plan, blueprint, index)
  const items = (): GraphNode[] => {
    const all = collection.type === 'Collection' ? collection.items : []
    meterOf(plan, index)(all.length)
    return all.filter(accept)
  }
  return [{ title: blueprint.params.name ?? collection.name, items }]
}

/**
 * Places silos: a blueprint with `positions` puts its silos at those indexes (one silo per position, clamped
 * to the end); each remaining slot goes, in blueprint order, to the first probability blueprint whose seeded
 * draw succeeds, else to the next silo of the plain blueprints, else to a probability blueprint with silos
 * left. The draw is seeded by the request, so the layout is stable across calls and pages.
 */
function place(blueprints: readonly Blueprint[], drafts: readonly SiloDraft[][], seed: string): SiloDraft[] {
  const queues = drafts.map((d) => [...d])
  const fixed: { position: number; order: number; silo: SiloDraft }[] = []
  blueprints.forEach((bp, i) => {
    if (bp.positions === undefined) return
    const queue = queues[i] as SiloDraft[]
    bp.positions.forEach((position, j) => {
      const silo = queue.shift()
      if (silo) fixed.push({ position, order: i * 1000 + j, silo })
    })
    queue.length = 0
  })
  const total = queues.reduce((n, q) => n + q.length, 0) + fixed.length
  const slots: (SiloDraft | undefined)[] = new Array(total).fill(undefined)
  fixed.sort((a, b) => a.position - b.position || a.order - b.order)
  for (const { position, silo } of fixed) {
    let at = Math.min(position, total - 1)
    while (slots[at] !== undefined && at < total - 1) at++
    while (slots[at] !== undefined && at > 0) at--
    slots[at] = silo
  }
  const random = randomFrom(`silos|${seed}`)
  const probable = blueprints.map((bp, i) => ({ i, p: bp.probability })).filter((x) => x.p !== undefined)
  const plain = blueprints
    .map((bp, i) => ({ bp, i }))
    .filter(({ bp }) => bp.probability === undefined && bp.positions === undefined)
  for (let slot = 0; slot < total; slot++) {
    if (slots[slot] !== undefined) continue
    const drawn = probable.find(({ i, p }) => (queues[i]?.length ?? 0) > 0 && random.chance(p ?? 0))
    const from =
      drawn ??
      plain.find(({ i }) => (queues[i]?.length ?? 0) > 0) ??
      probable.find(({ i }) => (queues[i]?.length ?? 0) > 0)
    slots[slot] = from === undefined ? undefined : queues[from.i]?.shift()
  }
  return slots.filter((s): s is SiloDraft => s !== undefined)
}

/** POST /graph/silos. */
export function silos(ctx: QueryContext, body: SilosRequest): Record<string, unknown> {
  const size = pageSizeOf(ctx, body.pageSize, ['pageSize'], DEFAULT_SILOS_PAGE_SIZE)
  const siloSize = pageSizeOf(ctx, body.siloPageSize, ['siloPageSize'], DEFAULT_SILO_PAGE_SIZE)
  const ids = body.ids ?? []
  const seeds = ids.map((id, i) => resolveNode(ctx, id, ['ids', i]))
  if (ctx.user)
    for (const liked of [...ctx.user.likes].reverse())
      if (isMedia(liked) && !seeds.includes(liked)) seeds.push(liked)
  const plan: Plan = { ctx, body, seeds, shared: new Map() }
  const drafts = body.blueprints.map((bp, i) => draftsOf(plan, bp, i))
  const placed = place(body.blueprints, drafts, seedOfRequest(body))
  const page = pageOf(
    placed,
    body.page ?? 0,
    size,
    nextEndpointPath('silos'),
    body as unknown as Record<string, unknown>,
  )
  return {
    silos: page.items.map((silo) => {
      const items = silo.items().slice(0, MAX_SILO_ITEMS)
      return {
        title: silo.title,
        content: items
          .slice(0, siloSize)
          .map((node) => ctx.renderPair({ node, context: {} }, body.components, ctx, ['components'])),
        pagingInfo: {
          next: lookupContinuation(
            items.map((n) => n.mhid),
            siloSize,
            body.components,
          ),
        },
      }
    }),
    pagingInfo: page.pagingInfo,
  }
}
