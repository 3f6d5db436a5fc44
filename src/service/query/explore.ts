import type { ExploreRequest } from '../../model'
import type { GraphNode } from '../graph/entities'
import type { QueryContext } from './context'
import { renderPair } from './components'
import { compileFilters, type FiltersPath } from './filters'
import { pageOf, pageSizeOf } from './paging'
import { visible } from './resolve'
import { compileSort } from './sort'

/** The seed of a `random` sort: the request without its page, so all pages of one query share one order. */
export function seedOfRequest(body: object): string {
  const { page: _, ...rest } = body as { page?: unknown }
  return JSON.stringify(rest)
}

/** Every node that matches a query's filters, in its sort order; errors of a filter name `filtersPath`. */
export function exploreAll(
  ctx: QueryContext,
  body: Pick<ExploreRequest, 'filters' | 'sort'>,
  seed: string,
  filtersPath: FiltersPath = ['filters'],
): GraphNode[] {
  const filters = compileFilters(ctx, body.filters, filtersPath)
  const compare = compileSort(ctx, body.sort, filters, seed, ['sort'])
  const matches = ctx.graph
    .ofTypes(filters.types)
    .filter((node) => visible(node, ctx) && filters.matches(node))
  return matches.sort(compare)
}

/** POST /graph/explore. */
export function explore(ctx: QueryContext, body: ExploreRequest): Record<string, unknown> {
  const size = pageSizeOf(ctx, body.pageSize, ['pageSize'])
  const all = exploreAll(ctx, body, seedOfRequest(body))
  const page = pageOf(all, body.page ?? 0, size, '/graph/explore', body as unknown as Record<string, unknown>)
  return {
    content: page.items.map((node) =>
      renderPair({ node, context: {} }, body.components, ctx, ['components']),
    ),
    pagingInfo: page.pagingInfo,
  }
}
