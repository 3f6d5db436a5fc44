import { factorIdTypes, type RelateRequest, nextEndpointPath } from '../../model'
import type { QueryContext } from './context'
import { compileFilters } from './filters'
import { pageOfHead, pageSizeOf } from './paging'
import { rankHead, scoreSeeds, type Seed } from './recommend'
import { meterAt } from './work'
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
  const meter = meterAt(
    ctx,
    ['factors'],
    'use fewer factors (a user factor walks everything the user likes), or simpler filters',
  )
  const scored = scoreSeeds(ctx.graph, seeds, meter)
  meter((scored.generating ? scored.base.size : ctx.graph.media.length) * filters.cost)
  const { head, total } = rankHead(
    ctx.graph,
    scored,
    // Titles and contributors are always visible (only collections may not be), and rankHead tests the types.
    filters.typesOnly ? undefined : (node) => visible(node, ctx) && filters.matches(node),
    filters.types,
    meter,
    undefined,
    ((body.page ?? 0) + 1) * size,
  )
  const page = pageOfHead(
    head,
    total,
    body.page ?? 0,
    size,
    nextEndpointPath('relate'),
    body as unknown as Record<string, unknown>,
  )
  return {
    content: page.items.map(({ node }) =>
      ctx.renderPair({ node, context: {} }, body.components, ctx, ['components']),
    ),
    pagingInfo: page.pagingInfo,
  }
}
