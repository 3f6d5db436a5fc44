import { nextEndpointPath } from '../../model'
import type { ExploreRequest } from '../../model'
import type { GraphNode } from '../graph/entities'
import type { QueryContext } from './context'
import { renderPair } from './components'
import { compileFilters } from './filters'
import { pageOf, pageSizeOf } from './paging'
import { visible } from './resolve'
import { compileSort } from './sort'
import { sortCost, spend } from './work'

/** The seed of a `random` sort: the request without its page, so all pages of one query share one order. */
export function seedOfRequest(body: object): string {
  const { page: _, ...rest } = body as { page?: unknown }
  return JSON.stringify(rest)
}

const FEWER_VALUES = 'use fewer values in $all and $or filters, or filter to fewer result types'
const FEWER_SORTS = 'use fewer sort entries, or filter to fewer results'

/** Every node that matches a query's filters, in its sort order. */
function exploreAll(
  ctx: QueryContext,
  body: Pick<ExploreRequest, 'filters' | 'sort'>,
  seed: string,
): GraphNode[] {
  const filters = compileFilters(ctx, body.filters, ['filters'])
  const compare = compileSort(ctx, body.sort, filters, seed, ['sort'])
  const candidates = ctx.graph.ofTypes(filters.types)
  spend(ctx, candidates.length * filters.cost, ['filters'], FEWER_VALUES)
  const matches = candidates.filter((node) => visible(node, ctx) && filters.matches(node))
  spend(ctx, sortCost(matches.length) * (body.sort?.length ?? 1), ['sort'], FEWER_SORTS)
  return matches.sort(compare)
}

/** POST /graph/explore. */
export function explore(ctx: QueryContext, body: ExploreRequest): Record<string, unknown> {
  const size = pageSizeOf(ctx, body.pageSize, ['pageSize'])
  const all = exploreAll(ctx, body, seedOfRequest(body))
  const page = pageOf(
    all,
    body.page ?? 0,
    size,
    nextEndpointPath('explore'),
    body as unknown as Record<string, unknown>,
  )
  return {
    content: page.items.map((node) =>
      renderPair({ node, context: {} }, body.components, ctx, ['components']),
    ),
    pagingInfo: page.pagingInfo,
  }
}
