import { byMhid } from '../graph/entities'
import type { Blueprint, Filters, SilosRequest } from '../../model'
import type { JsonPath } from '../../model/errors'
import type { ObjectTypeName } from '../../model/ids'
import { randomFrom } from '../catalog/prng'
import type { GraphNode } from '../graph/entities'
import { isMedia } from '../graph/entities'
import { lensesOf, lensName, type Lens } from '../graph/lenses'
import type { QueryContext } from './context'
import { renderPair } from './components'
import { exploreAll, seedOfRequest } from './explore'
import { compileFilters, type FiltersPath } from './filters'
import { lookupContinuation, pageOf, pageSizeOf } from './paging'
import { recommend, type Seed } from './recommend'
import { resolveNode, visible } from './resolve'

/** The most silos one blueprint of a multi-silo type (BasedOnItem, GraphLens, ExploreGraphLens) yields. */
const SILOS_PER_BLUEPRINT = 3
/** The most titles one silo holds across its pages. */
const MAX_SILO_ITEMS = 200
/** Titles per silo when siloPageSize is not given. */
export const DEFAULT_SILO_PAGE_SIZE = 10
/** Silos per page when a silos request names no pageSize. */
export const DEFAULT_SILOS_PAGE_SIZE = 10

interface SiloDraft {
  readonly title: string
  readonly items: readonly GraphNode[]
}

interface Plan {
  readonly ctx: QueryContext
  readonly body: SilosRequest
  /** What the user has affinity for: the request's ids, then the token user's likes, most recent first. */
  readonly seeds: readonly GraphNode[]
}

/** Blueprint filters override the global ones, filter by filter. */
function filtersOf(body: SilosRequest, blueprint: Blueprint): Filters {
  return { ...body.filters, ...blueprint.filters }
}

/** Where an error in a silo's filters points: the blueprint's filter if it has one of that name, else the request's. */
const filtersPathOf =
  (blueprint: Blueprint, index: number): FiltersPath =>
  (name) =>
    blueprint.filters?.[name] !== undefined ? ['blueprints', index, 'filters', name] : ['filters', name]

function accepting(
  plan: Plan,
  blueprint: Blueprint,
  index: number,
): { accept: (n: GraphNode) => boolean; types: ReadonlySet<ObjectTypeName> } {
  const compiled = compileFilters(plan.ctx, filtersOf(plan.body, blueprint), filtersPathOf(blueprint, index))
  return { accept: (n) => visible(n, plan.ctx) && compiled.matches(n), types: compiled.types }
}

function recommended(plan: Plan, seeds: Seed[], blueprint: Blueprint, index: number): GraphNode[] {
  const { accept, types } = accepting(plan, blueprint, index)
  return recommend(plan.ctx.graph, seeds, accept, types).map((r) => r.node)
}

function popular(plan: Plan, blueprint: Blueprint, index: number): GraphNode[] {
  const filters = filtersOf(plan.body, blueprint)
  return exploreAll(plan.ctx, { filters }, '', filtersPathOf(blueprint, index))
}

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
  const { accept } = accepting(plan, blueprint, index)
  const inLens = new Set<GraphNode>(lens.titles)
  let items: GraphNode[]
  if (personal) {
    const boosts: Seed[] = [
      ...plan.seeds.map((node) => ({ node, weight: 1, boostOnly: true })),
      ...userSeeds(plan).map((s) => ({ ...s, boostOnly: true })),
    ]
    items = recommend(
      plan.ctx.graph,
      boosts,
      (n) => inLens.has(n) && accept(n),
      new Set(['Movie', 'ShowSeries']),
    ).map((r) => r.node)
  } else {
    items = [...lens.titles].filter(accept).sort((a, b) => b.popularity - a.popularity || byMhid(a, b))
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

/** The silos one blueprint yields, in order. */
function draftsOf(plan: Plan, blueprint: Blueprint, index: number): SiloDraft[] {
  const at: JsonPath = ['blueprints', index]
  switch (blueprint.type) {
    case 'RecommendedForYou': {
      const seeds: Seed[] = [
        ...plan.seeds.map((node) => ({ node, weight: 1, boostOnly: false })),
        ...userSeeds(plan),
      ]
      const items =
        seeds.length > 0 ? recommended(plan, seeds, blueprint, index) : popular(plan, blueprint, index)
      return [{ title: blueprint.params?.name ?? 'Recommended for you', items }]
    }
    case 'Explore':
      return [{ title: blueprint.params?.name ?? 'Popular', items: popular(plan, blueprint, index) }]
    case 'BasedOnItem': {
      const template = blueprint.params?.nameGenerator ?? 'Because you liked $1'
      return plan.seeds
        .filter((seed) => isMedia(seed) || seed.type === 'Contributor')
        .slice(0, SILOS_PER_BLUEPRINT)
        .map((seed) => ({
          title: template.replaceAll('$1', seed.name),
          // Heavily the item; the user only breaks ties among what the item brings.
          items: recommended(
            plan,
            [
              { node: seed, weight: 1, boostOnly: false },
              ...userSeeds(plan).map((s) => ({ ...s, weight: 0.2, boostOnly: true })),
            ],
            blueprint,
            index,
          ),
        }))
    }
    case 'GraphLens': {
      const lenses = [...lensesOf(plan.ctx.graph)]
      const ranked = lenses
        .map((lens, order) => ({ lens, order, affinity: lensAffinity(lens, plan.seeds) }))
        .sort((a, b) => b.affinity - a.affinity || a.order - b.order)
      return ranked
        .slice(0, SILOS_PER_BLUEPRINT)
        .map(({ lens }) => lensSilo(plan, lens, blueprint, index, lensName(lens), true))
    }
    case 'ExploreGraphLens': {
      const template = blueprint.params?.nameGenerator ?? '$1'
      return lensesOf(plan.ctx.graph)
        .slice(0, SILOS_PER_BLUEPRINT)
        .map((lens) =>
          lensSilo(plan, lens, blueprint, index, template.replaceAll('$1', lensName(lens)), false),
        )
    }
    case 'Content': {
      const curated = blueprint.params.ids.map((id, j) =>
        resolveNode(plan.ctx, id, [...at, 'params', 'ids', j]),
      )
      const set = new Set(curated)
      const { accept } = accepting(plan, blueprint, index)
      const boosts = [...plan.seeds, ...(plan.ctx.user ? [plan.ctx.user] : [])].map((node) => ({
        node,
        weight: 1,
        boostOnly: true,
      }))
      // The curated titles, ranked for the user (ties keep the editors' order).
      const order = new Map(curated.map((n, i) => [n, i]))
      const ranked =
        boosts.length > 0
          ? recommend(
              plan.ctx.graph,
              boosts,
              (n) => set.has(n) && accept(n),
              new Set(['Movie', 'ShowSeries']),
            )
          : []
      const score = new Map(ranked.map((r) => [r.node, r.score]))
      const items = curated
        .filter(accept)
        .sort(
          (a, b) => (score.get(b) ?? 0) - (score.get(a) ?? 0) || (order.get(a) ?? 0) - (order.get(b) ?? 0),
        )
      return [{ title: blueprint.params.name ?? 'Featured', items: [...new Set(items)] }]
    }
    case 'Collection': {
      const collection = resolveNode(plan.ctx, blueprint.params.id, [...at, 'params', 'id'], ['Collection'])
      const { accept } = accepting(plan, blueprint, index)
      const items = collection.type === 'Collection' ? collection.items.filter(accept) : []
      return [{ title: blueprint.params.name ?? collection.name, items }]
    }
  }
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
  const plan: Plan = { ctx, body, seeds }
  const drafts = body.blueprints.map((bp, i) => draftsOf(plan, bp, i))
  const placed = place(body.blueprints, drafts, seedOfRequest(body))
  const page = pageOf(
    placed,
    body.page ?? 0,
    size,
    '/graph/silos',
    body as unknown as Record<string, unknown>,
  )
  return {
    silos: page.items.map((silo) => {
      const items = silo.items.slice(0, MAX_SILO_ITEMS)
      return {
        title: silo.title,
        content: items
          .slice(0, siloSize)
          .map((node) => renderPair({ node, context: {} }, body.components, ctx, ['components'])),
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
