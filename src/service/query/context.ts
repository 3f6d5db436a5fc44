import type { GraphIndex } from '../graph/graph-index'
import type { ImageNode, UserNode } from '../graph/entities'

/** What every query is answered with: the graph, who is asking, and service-wide settings. */
export interface QueryContext {
  readonly graph: GraphIndex
  /** The token's user; undefined for client_credentials tokens. */
  readonly user: UserNode | undefined
  /** The placeholder image returned where no specific image exists. */
  readonly defaultImage: ImageNode
  readonly limits: QueryLimits
}

export interface QueryLimits {
  /** pageSize when a request names none (SERVICE-NOTES.md: 20). */
  readonly defaultPageSize: number
  /** The largest pageSize (requests and list components) the service answers; beyond it, 400. */
  readonly maxPageSize: number
  /** The most ids a lookup, an idsOrder sort or a Content blueprint may name. */
  readonly maxIds: number
}

export const DEFAULT_LIMITS: QueryLimits = { defaultPageSize: 20, maxPageSize: 100, maxIds: 1000 }
