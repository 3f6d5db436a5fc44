import { isObject as isRecord } from '../model/check/kit'
import type { Query } from '../model/core'
import { compile } from '../compile'
import { AbortedError, ClientConfigError, ClientError, LimitExceededError, PagingLoopError } from './errors'
import type { CallOptions, CollectOptions, ItemsOptions, PagesOptions } from './options'
import { numberOption } from './option-checks'
import { checkContinues, type ListOrigins } from './list-origins'
import { isEmptyPage, pageItems, readPage, stepAfter, stepTo, visitedRequests, type Step } from './paging'
import type { RunRequest } from './request-runner'
import type { EndpointName, GraphRequest } from './types'

/** A page of a run with the request it came from (none for a list given to page from), so errors can say where to resume. */
interface PageOf {
  readonly page: unknown
  readonly request: GraphRequest | undefined
}

/** What pages: a query (from its first page) or a list from a response (from the list itself). */
export type Pageable = Query | { readonly pagingInfo: unknown }

/**
 * One paging run's course: the list in hand (a list given to `pages`/`items`, yielded as the first page), else
 * the first request; `paging` is the endpoint a query pages, undefined for a list (see ./paging.ts).
 */
interface Course {
  readonly given: unknown
  readonly first: Step | undefined
  readonly paging: EndpointName | undefined
  /** The query being paged, whose promise checks its pages; undefined for a list. */
  readonly query?: Query
}

/**
 * The course of `source` from `resumeFrom` (checked: a query resumes at its own endpoint, a list with a request
 * read the way its own next is, so the result's type holds), else from its start.
 */
function courseOf(source: Pageable, resumeFrom: unknown, scrub: (text: string) => string): Course {
  const list = isRecord(source) && Object.hasOwn(source, 'pagingInfo')
  const paging = list ? undefined : (source as Query).endpoint
  if (resumeFrom === undefined)
    return list
      ? { given: source, first: undefined, paging }
      : {
          given: undefined,
          first: { request: compile(source as Query), endpoint: paging! },
          paging,
          query: source as Query,
        }
  const { endpoint, body } = isRecord(resumeFrom) ? resumeFrom : {}
  if (typeof endpoint !== 'string' || !isRecord(body))
    throw new ClientConfigError("expected an error's resumeFrom", ['resumeFrom'])
  let first: Step
  try {
    first = stepTo(source, endpoint, body, paging, scrub)
  } catch {
    throw new ClientConfigError(`resumeFrom does not continue this ${paging ?? 'list'}`, ['resumeFrom'])
  }
  const own = list ? stepAfter(source, paging, scrub) : undefined
  if (own && (own.name !== first.name || own.endpoint !== first.endpoint))
    throw new ClientConfigError('resumeFrom does not continue this list', ['resumeFrom'])
  return { given: undefined, first, paging, ...(list ? {} : { query: source as Query }) }
}

/** The client's paging methods, loosely typed: `createClient` gives them the types of `Client`. */
export interface Paging {
  pages(source: Pageable, call?: PagesOptions): AsyncGenerator<unknown, void, undefined>
  items(source: Pageable, call?: ItemsOptions): AsyncGenerator<unknown, void, undefined>
  collect(source: Pageable, call: CollectOptions): Promise<unknown[]>
  next(list: unknown, call?: CallOptions): Promise<unknown>
}

/**
 * The pager of one client: `pages`, `items` and `collect` follow `pagingInfo.next` page after page through
 * `run`, and stop on their own (at maxPages, at a next seen before, after too many empty pages in a row);
 * `next` takes one step. Every error they throw says which request to resume from.
 */
export function pager(run: RunRequest, scrub: (text: string) => string, origins: ListOrigins): Paging {
  /** The step after a page, refused when it does not continue the list the page is (list-origins.ts). */
  const stepFrom = (page: unknown, paging: EndpointName | undefined): Step | undefined => {
    const step = stepAfter(page, paging, scrub)
    if (step !== undefined) checkContinues(step, origins.originOf(page), scrub)
    return step
  }

  /** Runs a step and reads its page; the lists of the answer (and a silo's page) are known from then on. */
  const fetchPage = async (step: Step, call: CallOptions, query?: Query): Promise<unknown> => {
    const answer = await run(step.request, step.endpoint, call, query)
    origins.register(answer, step.endpoint)
    const page = readPage(answer, step)
    if (step.title !== undefined) origins.registerSilo(page, step.title)
    return page
  }

  async function* walk(course: Course, call: PagesOptions, bounded = false): AsyncGenerator<PageOf> {
    const ownLimit = call.maxPages !== undefined
    const maxPages = numberOption(
      call.maxPages,
      bounded ? Infinity : DEFAULT_MAX_PAGES,
      ['maxPages'],
      'limit',
    )
    let count = 0
    let empty = 0
    let step = course.first
    if (course.given !== undefined) {
      // A list in hand is the run's first page: nothing to fetch, nothing to resume.
      count = 1
      yield { page: course.given, request: undefined }
      if (ownLimit && count >= maxPages) return
      step = stepFrom(course.given, course.paging)
      empty = isEmptyPage(course.given, course.paging) ? 1 : 0
    }
    if (step === undefined) return
    const visit = visitedRequests()
    visit(step.request)
    while (count < maxPages) {
      count++
      const request = step.request
      if (call.signal?.aborted) throw resumable(new AbortedError(call.signal.reason), request)
      let page: unknown
      try {
        // A query's own pages are checked against what the query promises, whatever its next body says; a
        // continuation (a list's, a silo's) against what its own body asks for.
        const own = course.query !== undefined && step.name === undefined && step.title === undefined
        page = await fetchPage(step, call, own ? course.query : undefined)
      } catch (error) {
        throw resumable(error, request)
      }
      yield { page, request }
      if (ownLimit && count >= maxPages) return
      // A bad or repeating next ends the run: every page before it was yielded, there is nothing to resume.
      const next = stepFrom(page, course.paging)
      if (next === undefined) return
      empty = isEmptyPage(page, course.paging) ? empty + 1 : 0
      if (empty >= STALLED_PAGES)
        throw resumable(
          new PagingLoopError(`${empty} pages in a row were empty but had a next`),
          next.request,
        )
      visit(next.request)
      step = next
    }
    // Only the default limit ends here (the caller's stops above, quietly): a result cut short must not pass
    // for a whole one, so it throws, with the next page to resume from.
    if (!ownLimit) throw resumable(new LimitExceededError('maxPages', maxPages), step.request)
  }

  const courseFor = (source: Pageable, call: PagesOptions): Course => courseOf(source, call.resumeFrom, scrub)

  async function* items(source: Pageable, call: ItemsOptions = {}): AsyncGenerator<unknown, void, undefined> {
    const maxItems = numberOption(call.maxItems, Infinity, ['maxItems'], 'limit')
    if (maxItems === 0) return
    const course = courseOf(source, call.resumeFrom, scrub)
    let yielded = 0
    for await (const { page, request } of walk(course, call, maxItems < Infinity)) {
      let pageOfItems: unknown[]
      try {
        pageOfItems = pageItems(page, course.paging)
      } catch (error) {
        throw request === undefined ? error : resumable(error, request)
      }
      for (const item of pageOfItems) {
        yield item
        if (++yielded >= maxItems) return
      }
    }
  }

  return {
    async *pages(source, call = {}) {
      for await (const { page } of walk(courseOf(source, call.resumeFrom, scrub), call)) yield page
    },
    items,
    async collect(source, call) {
      if (call === undefined) throw new ClientConfigError('collect needs { maxItems }', ['maxItems'])
      const maxItems = numberOption(call.maxItems, undefined, ['maxItems'], 'limit')
      const found: unknown[] = []
      // One item more than allowed tells whether the limit cut the result short.
      const probe = call.truncate === true ? maxItems : maxItems + 1
      for await (const item of items(source, { ...call, maxItems: probe })) found.push(item)
      if (found.length > maxItems) throw new LimitExceededError('maxItems', maxItems)
      return found
    },
    async next(list, call = {}) {
      const step = stepFrom(list, undefined)
      return step && fetchPage(step, call)
    },
  }
}

/** Pages of `pages()`/`items()` when the caller sets no maxPages and no finite maxItems. */
export const DEFAULT_MAX_PAGES = 1000

/**
 * Empty pages in a row, each with a next, after which paging gives up. A real service pages through a list it
 * has computed, so an empty page with a next is rare; ten allow for one that filters after paging.
 */
export const STALLED_PAGES = 10

function resumable(error: unknown, request: GraphRequest): unknown {
  if (error instanceof ClientError && error.resumeFrom === undefined) error.resumeFrom = request
  return error
}
