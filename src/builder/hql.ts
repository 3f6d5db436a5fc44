import { explore, type ExploreQuery } from './explore'
import { relate, type RelateQuery } from './relate'
import { lookup, type LookupQuery } from './lookup'
import { silos, type SilosQuery } from './silos'

/**
 * The entry point of the builder: one function per endpoint.
 *
 * @example
 * const q = hql.explore().filter(returnType.eq('Movie')).with(primaryImage)
 */
export const hql = { explore, relate, lookup, silos } as const

/** The builder's query of each endpoint, as `hql.<endpoint>()` starts it: what `fromJSON` returns. */
export interface QueriesByEndpoint {
  explore: ExploreQuery
  relate: RelateQuery
  silos: SilosQuery
  lookup: LookupQuery
}
