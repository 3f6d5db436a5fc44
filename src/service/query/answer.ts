import { fromJSON } from '../../compile'
import type { RequestBodies } from '../../model'
import type { ImageNode } from '../graph/entities'
import type { GraphIndex } from '../graph/graph-index'
import type { QueryContext, QueryLimits } from './context'
import { explore } from './explore'
import { checkLimits } from './limits'
import { lookup } from './lookup'
import { renderPair } from './components'
import { renderPairRaw } from './render-text'
import { relate } from './relate'
import { silos } from './silos'

export type GraphEndpoint = keyof RequestBodies

const handlers: { [E in GraphEndpoint]: (ctx: QueryContext, body: RequestBodies[E]) => unknown } = {
  explore,
  relate,
  silos,
  lookup,
}

/** What a graph query is answered from: the graph and the service-wide settings. */
export interface AnswerDeps {
  readonly graph: GraphIndex
  readonly limits: QueryLimits
  readonly defaultImage: () => ImageNode
}

/**
 * What {@link answerQuery} gives: `'text'`, an answer for `jsonText` (./json-text.ts) whose objects are JSON
 * text already (RawJson), what the HTTP layer sends; `'objects'`, plain JSON values, for in-process readers.
 * The two are the same JSON (test/service/render-text.test.ts).
 */
export type AnswerForm = 'text' | 'objects'

/** A request body that passed fromJSON and the service's limits: what {@link runQuery} answers. */
export interface PreparedQuery {
  readonly endpoint: GraphEndpoint
  readonly body: unknown
}

/**
 * Checks one graph request body, untrusted JSON: fromJSON, then the service's limits. Throws `HqlError`s for bad
 * requests (the HTTP layer turns them into 400 bodies with the path). Costs the body's size, not the graph's.
 */
export function prepareQuery(deps: AnswerDeps, endpoint: GraphEndpoint, json: unknown): PreparedQuery {
  const body = fromJSON(endpoint, json).body as RequestBodies[typeof endpoint]
  checkLimits(deps.limits, endpoint, body)
  return { endpoint, body }
}

/**
 * Answers a prepared request as `username` (undefined: a token without a user), within `maxWork` units (the
 * service's limit unless told: the HTTP layer first tries a small budget, ../http/admission.ts). Throws
 * `HqlError`s for what the data refuses (404 for an unknown id, 400 `too_much_work`).
 */
export function runQuery(
  deps: AnswerDeps,
  query: PreparedQuery,
  username: string | undefined,
  form: AnswerForm = 'text',
  maxWork: number = deps.limits.maxWork,
): unknown {
  const limits = maxWork === deps.limits.maxWork ? deps.limits : { ...deps.limits, maxWork }
  const ctx: QueryContext = {
    graph: deps.graph,
    user: username === undefined ? undefined : deps.graph.userByUsername(username),
    defaultImage: deps.defaultImage(),
    limits,
    rendered: { count: 0 },
    work: { units: 0 },
    renderPair: form === 'text' ? renderPairRaw : renderPair,
  }
  return (handlers[query.endpoint] as (ctx: QueryContext, body: unknown) => unknown)(ctx, query.body)
}

/**
 * Answers one graph request body, untrusted JSON, as `username` (undefined: a token without a user). Throws
 * `HqlError`s for bad requests (the HTTP layer turns them into 400/404 bodies with the path). No HTTP here, so
 * the same engine also answers in-process (hql/testing, with `form` 'objects').
 */
export function answerQuery(
  deps: AnswerDeps,
  endpoint: GraphEndpoint,
  json: unknown,
  username: string | undefined,
  form: AnswerForm = 'text',
): unknown {
  return runQuery(deps, prepareQuery(deps, endpoint, json), username, form)
}
