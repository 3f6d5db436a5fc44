import { nextEndpointPath } from '../../model'
import type { ExploreRequest } from '../../model'
import type { GraphNode } from '../graph/entities'
import type { QueryContext } from './context'
import { compileFilters } from './filters'
import { pageOfHead, pageSizeOf } from './paging'
import { visible } from './resolve'
import { compileSort } from './sort'
import { sortFirst } from './sort-first'
import { sortCost, spend } from './work'

/**
 * The seed of a `random` sort and of silos' layout: the request without what pages it or says how to render it
 * (page, pageSize, siloPageSize, components), so that every page of one query, at any size and with any
 * components, reads one order.
 */
export function seedOfRequest(body: object): string {
  const {
    page: _page,
    pageSize: _pageSize,
    siloPageSize: _siloPageSize,
    components: _components,
    ...rest
  } = body as Record<string, unknown>
  return JSON.stringify(rest)
}

const FEWER_VALUES = 'use fewer values in $all and $or filters, or filter to fewer result types'
const FEWER_SORTS = 'use fewer sort entries, or filter to fewer results'

/** What a page of explore reads: the first matches in order (at least as many as it needs), and how many match. */
export interface ExploreHead {
  readonly head: readonly GraphNode[]
  readonly total: number
}

/**
 * The nodes that match a query's filters: the first `needed` in their sort order (what the page reads), and how
 * many match in all (whether there is a next page). Work is charged as the walk and the sort of every match
 * would cost, whichever way the page is found, so the budget does not depend on the index.
 */
export function exploreHead(
  ctx: QueryContext,
  body: Pick<ExploreRequest, 'filters' | 'sort'>,
  seed: string,
  needed: number,
): ExploreHead {
  const filters = compileFilters(ctx, body.filters, ['filters'])
  const compare = compileSort(ctx, body.sort, filters, seed, ['sort'])
  const order = fixedOrder(body.sort)
  const isVisible = visible
  const match = filters.matches
  const sorts = body.sort?.length ?? 1
  if (order === undefined) {
    const candidates = ctx.graph.ofTypes(filters.types)
    spend(ctx, candidates.length * filters.cost, ['filters'], FEWER_VALUES)
    const matches = candidates.filter((node) => isVisible(node, ctx) && match(node))
    spend(ctx, sortCost(matches.length) * sorts, ['sort'], FEWER_SORTS)
    return { head: sortFirst(matches, needed, compare), total: matches.length }
  }
  const sorted = ctx.graph.sortedOfTypes(filters.types, order, compare)
  const { list } = sorted
  // Charged as the walk and the sort they replace: the budget is the same whichever way the list is made.
  spend(ctx, list.length * filters.cost, ['filters'], FEWER_VALUES)
  // Only a collection can be hidden from the asker (./resolve.ts): without one, every listed node is visible.
  const allVisible = !filters.types.has('Collection')
  let head: GraphNode[]
  let total: number
  const { within } = filters
  if (within !== undefined && within.nodes.length * 2 < list.length) {
    // Only the value's reverse edges can match (981 Drama films of 2,686 titles): their positions in the list,
    // kept ascending per value, are walked in the list's order.
    const at = ctx.graph.postingsIn(sorted, within.relation, within.value, within.nodes, within.related)
    if (within.alone && allVisible) {
      // Every one matches (the filter's own test made the postings): the page is read off them.
      total = at.length
      head = []
      for (let i = 0; i < at.length && i < needed; i++) head.push(list[at[i] as number] as GraphNode)
    } else {
      head = []
      for (let i = 0; i < at.length; i++) {
        const node = list[at[i] as number] as GraphNode
        if (isVisible(node, ctx) && match(node)) head.push(node)
      }
      total = head.length
    }
  } else if (filters.typesOnly && allVisible) {
    // The list is the nodes of the types: all of it matches, nothing is copied.
    spend(ctx, sortCost(list.length) * sorts, ['sort'], FEWER_SORTS)
    return { head: list, total: list.length }
  } else {
    // A loop over a local binding of `visible`: `filter`'s callback and an imported function read through its
    // module cost ~25% of this walk, measured.
    head = []
    for (const node of list) if (isVisible(node, ctx) && match(node)) head.push(node)
    total = head.length
  }
  spend(ctx, sortCost(total) * sorts, ['sort'], FEWER_SORTS)
  return { head, total }
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
  // Only a random order reads the seed: the request's JSON is not made for the others (~2 % of an explore).
  const seed = body.sort?.some((entry) => entry.type === 'random') === true ? seedOfRequest(body) : ''
  const { head, total } = exploreHead(ctx, body, seed, ((body.page ?? 0) + 1) * size)
  const page = pageOfHead(
    head,
    total,
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
