import { factorIdTypes, type RelateRequest } from '../../model'
import type { QueryContext } from './context'
import { renderPair } from './components'
import { compileFilters } from './filters'
import { pageOf, pageSizeOf } from './paging'
import { recommend, type Seed } from './recommend'
import { resolveNode, visible } from './resolve'

/** POST /graph/relate (also answered at /relate, where its `next` points, as SERVICE-SPEC.md shows). */
export function relate(ctx: QueryContext, body: RelateRequest): Record<string, unknown> {
  const size = pageSizeOf(ctx, body.pageSize, ['pageSize'])
  const seeds: Seed[] = body.factors.map((factor, i) => ({
    node: resolveNode(ctx, factor.id, ['factors', i, 'id'], factorIdTypes),
    weight: factor.weight ?? 1,
    boostOnly: factor.boostOnly ?? false,
  }))
  const filters = compileFilters(ctx, body.filters, ['filters'])
  const ranked = recommend(
    ctx.graph,
    seeds,
    (node) => visible(node, ctx) && filters.matches(node),
    filters.types,
  )
  const page = pageOf(ranked, body.page ?? 0, size, '/relate', body as unknown as Record<string, unknown>)
  return {
    content: page.items.map(({ node }) =>
      renderPair({ node, context: {} }, body.components, ctx, ['components']),
    ),
    pagingInfo: page.pagingInfo,
  }
}
