import type { UserConfig } from './auth/registry'
import type { RawCatalog } from './catalog/raw'
import { isEndpointName } from '../model'
import { DEMO } from './demo'
import type { GraphIndex } from './graph/graph-index'
import { graphFor } from './graph/shared-graph'
import { errorResponse, ServiceError } from './http/errors'
import { answerQuery, type GraphEndpoint } from './query/answer'
import type { QueryLimits } from './query/context'
import { checkEngineOptions, limitsOf } from './service-options'
import { defaultImage } from './query/objects'

/**
 * Options of {@link createQueryEngine}: the same catalog, users and limits as {@link createService}'s, checked the
 * same way (a key not listed here is a TypeError naming its path).
 */
export interface QueryEngineOptions {
  /** A folder with movies.json and series.json, or the records themselves; the embedded sample by default. */
  readonly catalog?: string | RawCatalog
  /** Users in addition to the demo user. */
  readonly users?: readonly UserConfig[]
  readonly limits?: Partial<QueryLimits>
  /** Where the placeholder image's URL points (`${baseUrl}/images/default.svg`); `http://127.0.0.1` by default. */
  readonly baseUrl?: string
}

/** A graph endpoint's answer: the status and the JSON body the reference service would send. */
export interface QueryAnswer {
  readonly status: number
  readonly body: unknown
}

/** The reference service's query engine without HTTP or tokens: request JSON in, response JSON out. */
export interface QueryEngine {
  /**
   * Answers a graph request body (untrusted JSON) for `endpoint` (`explore`, `relate`, `silos`, `lookup`) as
   * the service would: 200 with the response, or the service's error body (400 with the `path` of a value the
   * request schema refuses, 404 for an unknown id). `username` is whose token it is: the demo user by
   * default, `null` for a token without a user (client credentials).
   */
  answer(endpoint: string, json: unknown, options?: { readonly username?: string | null }): QueryAnswer
}

/**
 * The reference service's engine in-process, for test doubles (hql/testing's msw handlers). The catalog is
 * loaded on the first answer, and shared with services of the same process.
 *
 * @example
 * const engine = createQueryEngine()
 * engine.answer('lookup', { ids: ['mhmov-gladiator'] }) // { status: 200, body: { content: [...], pagingInfo } }
 */
export function createQueryEngine(options: QueryEngineOptions = {}): QueryEngine {
  // A misspelt or unusable option is refused here, naming it, not left out.
  checkEngineOptions(options)
  const users: UserConfig[] = [
    { username: DEMO.username, password: DEMO.password, name: 'Demo User' },
    ...(options.users ?? []),
  ]
  const limits = limitsOf(options.limits)
  const image = defaultImage(options.baseUrl ?? 'http://127.0.0.1')
  let graph: GraphIndex | undefined
  return {
    answer(endpoint, json, { username = DEMO.username } = {}) {
      try {
        if (!isEndpointName(endpoint))
          throw new ServiceError(404, 'no_such_endpoint', `no graph endpoint ${endpoint}`)
        graph ??= graphFor(options.catalog, users).graph
        const deps = { graph, limits, defaultImage: () => image }
        return {
          status: 200,
          body: answerQuery(deps, endpoint as GraphEndpoint, json, username ?? undefined, 'objects'),
        }
      } catch (error) {
        const { status, body } = errorResponse(error)
        return { status, body }
      }
    },
  }
}
