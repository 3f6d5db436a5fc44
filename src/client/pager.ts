import type { Query } from '../model/core'
import { compile } from '../compile'
import { AbortedError, ClientConfigError, ClientError, LimitExceededError, PagingLoopError } from './errors'
import type { CollectOptions, ItemsOptions, PagesOptions } from './options'
import { numberOption } from './option-checks'
import { isEmptyPage, nextRequest, pageItems, visitedRequests } from './paging'
import type { RunRequest } from './request-runner'
import type { GraphRequest } from './types'

/** A page of a query with the request it came from, so that errors can say where to resume. */
interface PageOf {
  readonly response: unknown
  readonly request: GraphRequest
}

/** The client's paging methods, loosely typed: `createClient` gives them the types of `Client`. */
export interface Paging {
  pages(query: Query, call?: PagesOptions): AsyncGenerator<unknown, void, undefined>
  items(query: Query, call?: ItemsOptions): AsyncGenerator<unknown, void, undefined>
  collect(query: Query, call: CollectOptions): Promise<unknown[]>
}

/**
 * The pager of one client: `pages`, `items` and `collect` follow `pagingInfo.next` page after page through
 * `run`, and stop on their own (at maxPages, at a next seen before, after too many empty pages in a row).
 * Every error they throw says which request to resume from.
 */
export function pager(run: RunRequest, scrub: (text: string) => string): Paging {
  async function* walk(
    query: Query,
    call: PagesOptions,
    bounded = false,
  ): AsyncGenerator<PageOf, void, undefined> {
    const ownLimit = call.maxPages !== undefined
    const maxPages = numberOption(
      call.maxPages,
      bounded ? Infinity : DEFAULT_MAX_PAGES,
      ['maxPages'],
      'limit',
    )
    let request: GraphRequest = call.resumeFrom ?? compile(query)
    const visit = visitedRequests()
    visit(request)
    for (let count = 1, empty = 0; count <= maxPages; count++) {
      if (call.signal?.aborted) throw resumable(new AbortedError(call.signal.reason), request)
      let response: unknown
      try {
        response = await run(request, query.endpoint, call, query)
      } catch (error) {
        throw resumable(error, request)
      }
      yield { response, request }
      if (ownLimit && count >= maxPages) return
      // A bad or repeating next ends the run: every page before it was yielded, there is nothing to resume.
      const next = nextRequest(response, query.endpoint, scrub)
      if (next === undefined) return
      empty = isEmptyPage(response, query.endpoint) ? empty + 1 : 0
      if (empty >= STALLED_PAGES)
        throw resumable(new PagingLoopError(`${empty} pages in a row were empty but had a next`), next)
      visit(next)
      request = next
    }
    // Only the default limit ends here (the caller's stops above, quietly): a result cut short must not pass
    // for a whole one, so it throws, with the next page to resume from.
    if (!ownLimit) throw resumable(new LimitExceededError('maxPages', maxPages), request)
  }

  async function* items(query: Query, call: ItemsOptions = {}): AsyncGenerator<unknown, void, undefined> {
    const maxItems = numberOption(call.maxItems, Infinity, ['maxItems'], 'limit')
    if (maxItems === 0) return
    let yielded = 0
    for await (const { response, request } of walk(query, call, maxItems < Infinity)) {
      let pageOfItems: unknown[]
      try {
        pageOfItems = pageItems(response, query.endpoint)
      } catch (error) {
        throw resumable(error, request)
      }
      for (const item of pageOfItems) {
        yield item
        if (++yielded >= maxItems) return
      }
    }
  }

  return {
    async *pages(query, call = {}) {
      for await (const { response } of walk(query, call)) yield response
    },
    items,
    async collect(query, call) {
      if (call === undefined) throw new ClientConfigError('collect needs { maxItems }', ['maxItems'])
      const maxItems = numberOption(call.maxItems, undefined, ['maxItems'], 'limit')
      const found: unknown[] = []
      // One item more than allowed tells whether the limit cut the result short.
      const probe = call.truncate === true ? maxItems : maxItems + 1
      for await (const item of items(query, { ...call, maxItems: probe })) found.push(item)
      if (found.length > maxItems) throw new LimitExceededError('maxItems', maxItems)
      return found
    },
  }
}

/** Pages of `pages()`/`items()` when the caller sets no maxPages and no finite maxItems. */
const DEFAULT_MAX_PAGES = 1000

/**
 * Empty pages in a row, each with a next, after which paging gives up. A real service pages through a list it
 * has computed, so an empty page with a next is rare; ten allow for one that filters after paging.
 */
const STALLED_PAGES = 10

function resumable(error: unknown, request: GraphRequest): unknown {
  if (error instanceof ClientError && error.resumeFrom === undefined) error.resumeFrom = request
  return error
}
