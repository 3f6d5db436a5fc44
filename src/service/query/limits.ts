import { checkLimit, componentCatalogue, type ComponentRequest } from '../../model'
// From the defining file (see compile/compile.ts): re-exported through model/core.ts it ties two declaration chunks into a cycle.
import type { RequestBodies } from '../../model/request/bodies'
import type { JsonPath } from '../../model/errors'
import type { QueryLimits } from './context'
import { pageSizeWithin } from './paging'
import { DEFAULT_SILO_PAGE_SIZE, DEFAULT_SILOS_PAGE_SIZE } from './silos'

/**
 * Refuses a validated request that asks for more than the service's limits allow, before anything is looked
 * up: page sizes (of the request, its silos and every list component at any depth), id counts (lookup,
 * silos seeds, Content blueprints, idsOrder sorts) and the counts of blueprints and factors, each of which
 * is a search over the graph. These depend on the request alone, so hql/testing's
 * handlers apply them to requests their fixtures answer too. (`maxObjects` and `maxWork` depend on the
 * data: they are counted while answering.)
 */
export function checkLimits<E extends keyof RequestBodies>(
  limits: QueryLimits,
  endpoint: E,
  body: RequestBodies[E],
): void {
  const request = body as {
    ids?: readonly string[]
    pageSize?: number
    siloPageSize?: number
    sort?: readonly { type: string; ids?: readonly string[] }[]
    components?: readonly ComponentRequest[]
    blueprints?: readonly { type: string; params?: { ids?: readonly string[] } }[]
    factors?: readonly unknown[]
  }
  // The model's own check with the service's (lower or equal) maxima: one code and one message per limit.
  const ids = (count: number, path: JsonPath) => checkLimit('ids', count, path, 0, limits.maxIds)
  if (endpoint === 'lookup') ids(request.ids?.length ?? 0, ['ids'])
  if (endpoint === 'relate')
    checkLimit('factors', request.factors?.length ?? 0, ['factors'], 0, limits.maxFactors)
  if (endpoint === 'silos') {
    checkLimit('blueprints', request.blueprints?.length ?? 0, ['blueprints'], 0, limits.maxBlueprints)
    pageSizeWithin(limits, request.pageSize, ['pageSize'], DEFAULT_SILOS_PAGE_SIZE)
    pageSizeWithin(limits, request.siloPageSize, ['siloPageSize'], DEFAULT_SILO_PAGE_SIZE)
    ids(request.ids?.length ?? 0, ['ids'])
    request.blueprints?.forEach((blueprint, i) => {
      if (blueprint.type === 'Content')
        ids(blueprint.params?.ids?.length ?? 0, ['blueprints', i, 'params', 'ids'])
    })
  } else pageSizeWithin(limits, request.pageSize, ['pageSize'])
  request.sort?.forEach((entry, i) => {
    if (entry.type === 'idsOrder') ids(entry.ids?.length ?? 0, ['sort', i, 'ids'])
  })
  components(limits, request.components, ['components'])
}

/** Only list components page (the others ignore a pageSize, if the model lets one through). */
function components(
  limits: QueryLimits,
  list: readonly ComponentRequest[] | undefined,
  path: JsonPath,
): void {
  list?.forEach((component, i) => {
    if (componentCatalogue[component.name].shape === 'list')
      pageSizeWithin(limits, component.pageSize, [...path, i, 'pageSize'])
    components(limits, component.components, [...path, i, 'components'])
  })
}
