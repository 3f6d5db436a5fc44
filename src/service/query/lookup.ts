import { describeId, type LookupRequest, nextEndpointPath } from '../../model'
import type { JsonPath } from '../../model/errors'
import type { Addressable } from '../graph/graph-index'
import type { QueryContext } from './context'
import { pageOf, pageSizeOf } from './paging'
import { resolveId } from './resolve'

/**
 * An id of a lookup: an mhid, altId or alias (unknown → 404), or a mapped source id `Source:Type:id`
 * (unknown → undefined, answered `{}` at its position). The source part is matched without regard to case;
 * an empty type part matches a movie or a series.
 */
function resolveLookupId(ctx: QueryContext, id: string, path: JsonPath): Addressable | undefined {
  const description = describeId(id)
  if (description.form === 'mappedSourceId') {
    const sourceId = id.slice(id.indexOf(':', id.indexOf(':') + 1) + 1)
    return ctx.graph.byMappedId(description.source, description.type, sourceId)
  }
  return resolveId(ctx, id, path)
}

/** POST /graph/lookup. Every id is resolved (so an unknown one fails the request on any page); one page is rendered. */
export function lookup(ctx: QueryContext, body: LookupRequest): Record<string, unknown> {
  const size = pageSizeOf(ctx, body.pageSize, ['pageSize'])
  const nodes = body.ids.map((id, i) => resolveLookupId(ctx, id, ['ids', i]))
  const page = pageOf(
    nodes,
    body.page ?? 0,
    size,
    nextEndpointPath('lookup'),
    body as unknown as Record<string, unknown>,
  )
  return {
    content: page.items.map((node) =>
      node === undefined ? {} : ctx.renderPair({ node, context: {} }, body.components, ctx, ['components']),
    ),
    pagingInfo: page.pagingInfo,
  }
}
