import { nextEndpointPath } from '../../model'
import type { ExploreRequest } from '../../model'
import type { GraphNode } from '../graph/entities'
import type { QueryContext } from './context'
import { compileFilters } from './filters'
import { pageOf, pageSizeOf } from './paging'
import { visible } from './resolve'
import { compileSort } from './sort'
import { sortFirst } from './sort-first'
import { sortCost, spend } from './work'

/** The seed of a `random` sort: the request without its page, so all pages of one query share one order. */
export function seedOfRequest(body: object): string {
  const { page: _, ...rest } = body as { page?: unknown }
  return JSON.stringify(rest)
}

const FEWER_VALUES = 'use fewer values in $all and $or filters, or filter to fewer result types'
const FEWER_SORTS = 'use fewer sort entries, or filter to fewer results'

/**
 * Every node that matches a query's filters; the first `needed` in their sort order (what the page reads), the
 * rest after them in no particular order (the page needs only how many there are).
 */
function exploreAll(
  ctx: QueryContext,
  body: Pick<ExploreRequest, 'filters' | 'sort'>,
  seed: string,
  needed: number,
): GraphNode[] {
  const filters = compileFilters(ctx, body.filters, ['filters'])
  const compare = compileSort(ctx, body.sort, filters, seed, ['sort'])
  const order = fixedOrder(body.sort)
  const isVisible = visible
  const match = filters.matches
  if (order === undefined) {
    const candidates = ctx.graph.ofTypes(filters.types)
    spend(ctx, candidates.length * filters.cost, ['filters'], FEWER_VALUES)
    const matches = candidates.filter((node) => isVisible(node, ctx) && match(node))
    spend(ctx, sortCost(matches.length) * (body.sort?.length ?? 1), ['sort'], FEWER_SORTS)
    return sortFirst(matches, needed, compare)
  }
  const { list, positions } = ctx.graph.sortedOfTypes(filters.types, order, compare)
  // Charged as the walk and the sort they replace: the budget is the same whichever way the list is made.
  spend(ctx, list.length * filters.cost, ['filters'], FEWER_VALUES)
  let matches: GraphNode[]
  if (filters.within !== undefined && filters.within.length * 2 < list.length) {
    // Only the value's reverse edges can match (981 Drama titles of 2,686): they are tested, and put in the
    // list's order by their positions in it (a sort of small integers; a node listed twice is kept once).
    const at: number[] = []
    for (const node of filters.within) {
      const position = positions.get(node)
      if (position !== undefined && isVisible(node, ctx) && match(node)) at.push(position)
    }
    const sorted = Int32Array.from(at).sort()
    matches = []
    for (let i = 0; i < sorted.length; i++)
      if (i === 0 || sorted[i] !== sorted[i - 1]) matches.push(list[sorted[i] as number] as GraphNode)
  } else {
    // A loop over a local binding of `visible`: `filter`'s callback and an imported function read through its
    // module cost ~25% of this walk, measured.
    matches = []
    for (const node of list) if (isVisible(node, ctx) && match(node)) matches.push(node)
  }
  spend(ctx, sortCost(matches.length) * (body.sort?.length ?? 1), ['sort'], FEWER_SORTS)
  return matches
}

/**
 * The name of a sort that depends on nothing but the nodes (popularity, name, releaseDate; one entry, or
 * none: popularity), which the graph keeps lists in; undefined for the others (random, and the orders of a
 * collection, a user or a list of ids), which are sorted per request.
 */
function fixedOrder(sort: ExploreRequest['sort']): string | undefined {
  if (sort === undefined) return 'popularity|descending'
  if (sort.length !== 1) return undefined
  const entry = sort[0] as NonNullable<ExploreRequest['sort']>[number]
  if (entry.type === 'popularity') return `popularity|${entry.order ?? 'descending'}`
  if (entry.type === 'property') return `${entry.property}|${entry.order ?? 'ascending'}`
  return undefined
}

/** POST /graph/explore. */
export function explore(ctx: QueryContext, body: ExploreRequest): Record<string, unknown> {
  const size = pageSizeOf(ctx, body.pageSize, ['pageSize'])
  const page = pageOf(
    exploreAll(ctx, body, seedOfRequest(body), ((body.page ?? 0) + 1) * size),
    body.page ?? 0,
    size,
    nextEndpointPath('explore'),
    body as unknown as Record<string, unknown>,
  )
  return {
    content: page.items.map((node) =>
      ctx.renderPair({ node, context: {} }, body.components, ctx, ['components']),
    ),
    pagingInfo: page.pagingInfo,
  }
}
