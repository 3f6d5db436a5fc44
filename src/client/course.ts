import { isObject as isRecord } from '../model/check/kit'
import { endpointPaths, graphPath, type Query } from '../model/core'
import { compile } from '../compile'
import { ClientConfigError } from './errors'
import { listItems, listStep, stepAfter, type Reading, type Step } from './list-paging'
import { isEmptyPage, nextRequest, pageItems } from './paging'
import type { EndpointName, GraphRequest } from './types'

/**
 * The course of one paging run: the page in hand to start from (a list given to `pages`/`items`), else the
 * first request; the step after each page; and each page's items. A query pages its own endpoint from its
 * first page (or from `resumeFrom`); a list from a response pages on from itself (see ./list-paging.ts).
 */
export interface Course {
  /** The list the run was given, yielded as its first page; undefined for a query or when resuming. */
  readonly given: unknown
  /** The first request, when there is no list in hand. */
  readonly first: Step | undefined
  after(page: unknown): Step | undefined
  items(page: unknown): unknown[]
  isEmpty(page: unknown): boolean
}

/** Whether `source` is a list from a response (it has its own `pagingInfo`) rather than a query. */
const isList = (source: unknown): source is { readonly pagingInfo: unknown } =>
  typeof source === 'object' && source !== null && Object.hasOwn(source, 'pagingInfo')

export function courseOf(
  source: unknown,
  resumeFrom: GraphRequest | undefined,
  scrub: (text: string) => string,
): Course {
  return isList(source)
    ? listCourse(source, resumeFrom, scrub)
    : queryCourse(source as Query, resumeFrom, scrub)
}

const PAGE: Reading = { kind: 'page' }

function queryCourse(
  query: Query,
  resumeFrom: GraphRequest | undefined,
  scrub: (text: string) => string,
): Course {
  const endpoint = query.endpoint
  const request = resumeFrom === undefined ? compile(query) : resumedQuery(resumeFrom, endpoint)
  return {
    given: undefined,
    first: { request, endpoint, reading: PAGE },
    after(page) {
      const next = nextRequest(page, endpoint, scrub)
      return next && { request: next, endpoint, reading: PAGE }
    },
    items: (page) => pageItems(page, endpoint),
    isEmpty: (page) => isEmptyPage(page, endpoint),
  }
}

function listCourse(
  list: { readonly pagingInfo: unknown },
  resumeFrom: GraphRequest | undefined,
  scrub: (text: string) => string,
): Course {
  const course = {
    after: (page: unknown) => stepAfter(page, scrub),
    items: listItems,
    isEmpty(page: unknown) {
      try {
        return listItems(page).length === 0
      } catch {
        return false
      }
    },
  }
  if (resumeFrom === undefined) return { given: list, first: undefined, ...course }
  const { endpoint, body } = requestParts(resumeFrom)
  const first = listStep(list, { endpoint, body }, scrub)
  const own = stepAfter(list, scrub)
  // The result is typed as the list: a request that reads another kind of page would break that promise.
  if (own !== undefined && !sameReading(own.reading, first.reading))
    throw new ClientConfigError(
      'resumeFrom does not continue this list: pass the error of a run over this same list',
      ['resumeFrom'],
    )
  return { given: undefined, first, ...course }
}

/** A `resumeFrom` for a query: a request to the query's own endpoint. */
function resumedQuery(resumeFrom: GraphRequest, endpoint: EndpointName): GraphRequest {
  const parts = requestParts(resumeFrom)
  if (!endpointPaths(endpoint).includes(parts.endpoint))
    throw new ClientConfigError(
      `resumeFrom goes to ${JSON.stringify(parts.endpoint.slice(0, 120))}, not the ${endpoint} endpoint this ` +
        "query pages; an error from paging a response's list resumes with that list",
      ['resumeFrom', 'endpoint'],
    )
  return { endpoint: graphPath(endpoint), method: 'POST', body: parts.body }
}

function requestParts(resumeFrom: unknown): { endpoint: string; body: Readonly<Record<string, unknown>> } {
  const endpoint = isRecord(resumeFrom) ? resumeFrom['endpoint'] : undefined
  const body = isRecord(resumeFrom) ? resumeFrom['body'] : undefined
  if (typeof endpoint !== 'string' || !isRecord(body))
    throw new ClientConfigError("expected an error's resumeFrom: { endpoint, method, body }", ['resumeFrom'])
  return { endpoint, body }
}

const sameReading = (a: Reading, b: Reading): boolean =>
  a.kind === b.kind && (a.kind !== 'component' || b.kind !== 'component' || a.name === b.name)
