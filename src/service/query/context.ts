import { requestLimits } from '../../model'
import type { GraphIndex } from '../graph/graph-index'
import type { ImageNode, UserNode } from '../graph/entities'
import type { ComponentRequest } from '../../model'
import type { JsonPath } from '../../model/errors'
import type { Item } from './components'

/** What every query is answered with: the graph, who is asking, and service-wide settings. */
export interface QueryContext {
  readonly graph: GraphIndex
  /** The token's user; undefined for client_credentials tokens. */
  readonly user: UserNode | undefined
  /** The placeholder image returned where no specific image exists. */
  readonly defaultImage: ImageNode
  readonly limits: QueryLimits
  /** How many objects this response has rendered so far, counted against `limits.maxObjects`. */
  readonly rendered: { count: number }
  /** Units of work spent on this request so far, counted against `limits.maxWork` (see ./work.ts). */
  readonly work: { units: number }
  /**
   * How an answer's top-level pairs are rendered: as objects (renderPair), or as JSON text for the HTTP
   * layer's jsonText (renderPairRaw of ./render-text.ts, the same bytes, much less work).
   */
  readonly renderPair: (
    item: Item,
    components: readonly ComponentRequest[] | undefined,
    ctx: QueryContext,
    path: JsonPath,
  ) => unknown
}

export interface QueryLimits {
  /** pageSize when a request names none (SERVICE-NOTES.md: 20). */
  readonly defaultPageSize: number
  /** The largest pageSize (requests and list components) the service answers; beyond it, 400. */
  readonly maxPageSize: number
  /** The most ids a lookup, an idsOrder sort or a Content blueprint may name. */
  readonly maxIds: number
  /**
   * The most objects (every pair's object, at any depth) one response may hold. Nested list components
   * multiply (contributors → contributions → contributors … at pageSize 100 is ~40 times a level), so the
   * count is checked while rendering, and a request that would pass it is refused with 400.
   */
  readonly maxObjects: number
  /** The most blueprints one silos request may hold (400 `too_many_blueprints`). */
  readonly maxBlueprints: number
  /** The most factors one relate request may hold (400 `too_many_factors`). */
  readonly maxFactors: number
  /**
   * The most units of work one request may cost (400 `too_much_work`): a unit is one elementary step of the
   * engine (a score added to a candidate, a candidate tested against one filter value, a comparison of a
   * sort, a component rendered for one object). Counted as the work is done, so a request over it stops
   * there; the default keeps the worst request within the other limits well under a quarter of a second.
   */
  readonly maxWork: number
}

export const DEFAULT_LIMITS: QueryLimits = {
  defaultPageSize: 20,
  maxPageSize: 100,
  maxIds: requestLimits.ids,
  maxObjects: 5000,
  maxBlueprints: 20,
  maxFactors: 50,
  maxWork: 1_000_000,
}
