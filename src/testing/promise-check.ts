import {
  HqlError,
  MAX_RESPONSE_DEPTH,
  pathDeeperThan,
  responseCheckOfBody,
  type EndpointName,
} from '../model'

/** The depth strictCheck refuses past, the model's bound for the client and hql/testing alike. */
export const maxResponseDepth = MAX_RESPONSE_DEPTH

/**
 * Refuses a 200 answer that the client's `strictCheck` would refuse for this request, with an `HqlError`
 * `response_breaks_query` at the first issue's path: first the depth bound strictCheck applies before its
 * recursive check (`maxResponseDepth`, the client's), then the checker of what the request body promises
 * (`responseCheckOfBody`, the model's, which strictCheck uses for a body without its query). `body` is the
 * canonical body: a query's and its compiled request's checks are one.
 *
 * @example
 * checkAnswer('explore', { filters: { returnType: { $eq: 'Movie' } } }, { content: 5 }) // throws at $.content
 */
export function checkAnswer(endpoint: EndpointName, body: unknown, response: unknown): void {
  const deep = pathDeeperThan(response, maxResponseDepth)
  if (deep !== undefined)
    throw new HqlError(
      'response_breaks_query',
      `the response nests more than ${maxResponseDepth} levels deep, which the client's check refuses`,
      { path: deep },
    )
  const result = responseCheckOfBody(endpoint, body).safeParse(response)
  if (result.success) return
  const [first, ...more] = result.error.issues
  const others = more.length === 0 ? '' : ` (and ${more.length} more)`
  throw new HqlError(
    'response_breaks_query',
    `the response breaks what the query promises: ${first!.message}${others}`,
    { path: first!.path },
  )
}
