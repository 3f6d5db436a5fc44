import { isObject as isRecord } from '../../model/check/kit'
import type { EndpointName, Query } from '../../model/core'
import { compile } from '../../compile'
import { readCallOptions, type CallOptions } from '../call-options'
import { AbortedError, ClientConfigError, ClientError, LimitExceededError, PagingLoopError } from '../errors'
import { numberOption, wholeOrInfinity } from '../option-checks'
import { settle } from '../safe'
import type { GraphRequest } from '../types'
import { checkContinues, listOrigins, responseOrigin, type ListOrigin } from './list-origins'
import type { ItemsOptions, PagesOptions, Paging, PagingHost, PagingMethods, PagingOptions } from './paging'
import {
  pageItems,
  pagingInfoNext,
  readPage,
  stepOf,
  stepTo,
  visitedRequests,
  type Direction,
  type Step,
} from './steps'

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
  /** Where the list paged came from: a query's response, or the list's own origin (none if not known). */
  readonly origin: ListOrigin | undefined
}

/**
 * The course of `source` from `resumeFrom` (checked: a query resumes at its own endpoint, a list with a request
 * read the way its own next is and held to the list as its next is, so the result's type holds), else from its
 * start. `originOf` tells where a list came from.
 */
function courseOf(
  source: Pageable,
  resumeFrom: unknown,
  scrub: (text: string) => string,
  stepAfter: (list: unknown, paging: EndpointName | undefined) => Step | undefined,
  originOf: (list: unknown) => ListOrigin | undefined,
): Course {
  const list = isRecord(source) && Object.hasOwn(source, 'pagingInfo')
  const paging = list ? undefined : (source as Query).endpoint
  const origin = list ? originOf(source) : responseOrigin(source as Query)
  let first: Step | undefined
  if (resumeFrom === undefined) {
    if (!list) first = { request: compile(source as Query), endpoint: paging! }
  } else {
    const { endpoint, body } = isRecord(resumeFrom) ? resumeFrom : {}
    if (typeof endpoint !== 'string' || !isRecord(body))
      throw new ClientConfigError("expected an error's resumeFrom", ['resumeFrom'])
    try {
      first = stepTo(source, endpoint, body, paging, scrub)
      // Held to the list as its next is (an error's resumeFrom always is): no other object or components.
      if (list) checkContinues(first, origin, scrub)
    } catch {
      throw new ClientConfigError(`resumeFrom does not continue this ${paging ?? 'list'}`, ['resumeFrom'])
    }
    const own = list ? stepAfter(source, paging) : undefined
    if (own && (own.name !== first.name || own.endpoint !== first.endpoint))
      throw new ClientConfigError('resumeFrom does not continue this list', ['resumeFrom'])
  }
  // With no first request, the list is in hand: the run's first page.
  return { given: first ? undefined : source, first, paging, origin }
}

/**
 * The paging piece joined to one client: `pages`, `items` and `collect` follow each page's next page after
 * page through the client's checked request, and stop on their own (at maxPages, at a next seen before, after
 * too many empty pages in a row); `next`, `previous` and `page` take one step. Every error they throw says
 * which request to resume from.
 */
export function pager(host: PagingHost, options: PagingOptions): ReturnType<Paging['attach']> {
  const { run, scrub } = host
  const findNext = options.findNext ?? pagingInfoNext
  const defaultMaxPages = numberOption(
    options.maxPages,
    DEFAULT_MAX_PAGES,
    ['paging', 'maxPages'],
    wholeOrInfinity,
  )
  // Where each list handed out came from, so that its next is held to continuing it.
  const origins = listOrigins()

  /** The step after (or before) a page, refused when it does not continue the list the page is. */
  const stepFrom = (
    page: unknown,
    paging: EndpointName | undefined,
    direction: Direction = 'next',
  ): Step | undefined => {
    const step = stepOf(page, findNext(page, direction), paging, scrub)
    if (step !== undefined) checkContinues(step, origins.originOf(page), scrub)
    return step
  }

  /**
   * Runs a step of the list `origin` says (a response's next is checked against the response's query, whatever
   * its body says; a continuation against what its body asks for, which `checkContinues` held to the list's
   * components) and reads its page, which is that list's from then on.
   */
  const fetchPage = async (step: Step, call: CallOptions | undefined, origin: ListOrigin | undefined) => {
    const answer = await run(step.request, call, origin?.kind === 'response' ? origin.query : undefined)
    const page = readPage(answer, step)
    // A list the client did not hand out (one rebuilt from JSON) is read by the shape of its next, and so are
    // the pages that follow it: its first next held to nothing, holding the later ones would add no guarantee.
    if (origin) origins.adopt(page, origin)
    return page
  }

  const courseFor = (source: Pageable, call: PagesOptions) =>
    courseOf(source, call.resumeFrom, scrub, stepFrom, origins.originOf)

  async function* walk(course: Course, call: PagesOptions, bounded = false): AsyncGenerator<PageOf> {
    const ownLimit = call.maxPages !== undefined
    const maxPages = numberOption(
      call.maxPages,
      bounded ? Infinity : defaultMaxPages,
      ['maxPages'],
      wholeOrInfinity,
    )
    const visit = visitedRequests()
    // A list in hand (`given`) is the run's first page, and counts as one (with maxPages 0 there is none, as for a
    // query): nothing to fetch, nothing to resume. Every later page is fetched from its step.
    let { given: page, first: step } = course
    let count = 0
    let empty = 0
    if (step) visit(step.request, step.key)
    while (count < maxPages) {
      count++
      const request = step?.request
      if (step) {
        if (call.signal?.aborted)
          throw resumable(new AbortedError(call.signal.reason, undefined, scrub), request)
        try {
          // Every page of a run is the list's own (fetchPage adopts it so): one origin from start to end.
          page = await fetchPage(step, call, course.origin)
        } catch (error) {
          throw resumable(error, request)
        }
      }
      yield { page, request }
      if (ownLimit && count >= maxPages) return
      // A bad or repeating next ends the run: every page before it was yielded, there is nothing to resume.
      const next = stepFrom(page, course.paging)
      if (next === undefined) return
      // Empty pages in a row; a page of a shape paging does not know counts as not empty.
      try {
        empty = pageItems(page, course.paging).length ? 0 : empty + 1
      } catch {
        empty = 0
      }
      if (empty >= STALLED_PAGES)
        throw resumable(
          new PagingLoopError(`${empty} pages in a row were empty but had a next`),
          next.request,
        )
      visit(next.request, next.key)
      step = next
    }
    // Only the default limit ends here (the caller's stops above, quietly): a result cut short must not pass
    // for a whole one, so it throws, with the next page to resume from.
    // (A list in hand under maxPages 0 has no next step read: it ends quietly, as it always has.)
    if (step && !ownLimit) throw resumable(new LimitExceededError('maxPages', maxPages), step.request)
  }

  async function* items(
    source: Pageable,
    options: ItemsOptions | undefined,
    keys = ITEMS_OPTIONS,
  ): AsyncGenerator<unknown, void, undefined> {
    const call = readCallOptions(options, keys)
    const maxItems = numberOption(call.maxItems, Infinity, ['maxItems'], wholeOrInfinity)
    if (maxItems === 0) return
    const course = courseFor(source, call)
    let yielded = 0
    for await (const { page, request } of walk(course, call, maxItems < Infinity)) {
      let pageOfItems: unknown[]
      try {
        pageOfItems = pageItems(page, course.paging)
      } catch (error) {
        throw resumable(error, request)
      }
      for (const item of pageOfItems) {
        yield item
        if (++yielded >= maxItems) return
      }
    }
  }

  const methods = {
    async *pages(source: Pageable, options?: PagesOptions) {
      const call = readCallOptions(options, PAGES_OPTIONS)
      for await (const { page } of walk(courseFor(source, call), call)) yield page
    },
    items: (source: Pageable, call?: ItemsOptions) => items(source, call),
    async collect(source: Pageable, options: CollectOptionsLoose) {
      const call = readCallOptions(options, COLLECT_OPTIONS)
      // No default: it would hold every item of a list in memory.
      if (call.maxItems === undefined) throw new ClientConfigError('collect needs { maxItems }', ['maxItems'])
      const maxItems = numberOption(call.maxItems, Infinity, ['maxItems'], wholeOrInfinity)
      const found: unknown[] = []
      // One item more than allowed tells whether the limit cut the result short.
      const probe = call.truncate === true ? maxItems : maxItems + 1
      for await (const item of items(source, { ...call, maxItems: probe }, COLLECT_OPTIONS)) found.push(item)
      if (found.length > maxItems) throw new LimitExceededError('maxItems', maxItems)
      return found
    },
    async next(list: unknown, call?: CallOptions) {
      readCallOptions(call)
      const step = stepFrom(list, undefined)
      return step && fetchPage(step, call, origins.originOf(list))
    },
    async previous(list: unknown, call?: CallOptions) {
      readCallOptions(call)
      const step = stepFrom(list, undefined, 'previous')
      return step && fetchPage(step, call, origins.originOf(list))
    },
    async page(query: Query, next: unknown, call?: CallOptions) {
      readCallOptions(call)
      // What a UI kept from a page: the query's own endpoint only, checked as the query's page.
      const step = stepOf(undefined, next, query.endpoint, scrub)
      if (step === undefined) throw new ClientConfigError('expected a next request, got none', ['next'])
      return fetchPage(step, call, responseOrigin(query))
    },
    safeNext: (list: unknown, call?: CallOptions) => settle(() => methods.next(list, call)),
  }
  return {
    // Loosely typed here; PagingMethods ties each result to its query's or list's type.
    methods: methods as unknown as PagingMethods,
    seen: (answer, query) => origins.adopt(answer, responseOrigin(query)),
  }
}

// The options of `pages()`, `items()` and `collect()` beyond a call's. Written out: a spread is a call to a
// bundler, and would be kept in every program that never pages.
const PAGES_OPTIONS = ['maxPages', 'resumeFrom']
const ITEMS_OPTIONS = ['maxPages', 'resumeFrom', 'maxItems']
const COLLECT_OPTIONS = ['maxPages', 'resumeFrom', 'maxItems', 'truncate']

/** `collect`'s options as they come at run time: maybe missing. */
type CollectOptionsLoose = (PagesOptions & { maxItems: number; truncate?: boolean }) | undefined

/** Pages of `pages()`/`items()` when the caller sets no maxPages and no finite maxItems. */
export const DEFAULT_MAX_PAGES = 1000

/**
 * Empty pages in a row, each with a next, after which paging gives up. A real service pages through a list it
 * has computed, so an empty page with a next is rare; ten allow for one that filters after paging.
 */
export const STALLED_PAGES = 10

/** `error` with the request to resume from, if there is one (a list in hand has none) and it has none yet. */
function resumable(error: unknown, request: GraphRequest | undefined): unknown {
  // Marked on a copy: a token request's failure is one object for every call that waited on it, and each run
  // resumes its own list. Not enumerable: JSON.stringify and util.inspect leave it out. The body is the server's,
  // sent back as it came, so it cannot be scrubbed, and may quote a secret (a cursor made of the token).
  // (An Error made with the error's own class as new.target, without running its constructor: a native error, so
  // that structuredClone, postMessage and util.types.isNativeError treat it as the original.)
  return request && error instanceof ClientError && error.resumeFrom === undefined
    ? Object.defineProperties(Reflect.construct(Error, [], error.constructor), {
        ...Object.getOwnPropertyDescriptors(error),
        resumeFrom: { value: request, writable: true },
      })
    : error
}
