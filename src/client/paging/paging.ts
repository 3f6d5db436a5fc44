import type { Query, ResultOf } from '../../model/core'
import type { CallOptions } from '../call-options'
import type { SafeResult } from '../safe'
import type { GraphRequest, ItemOf, PageableList } from '../types'
import { refuseUnknown } from '../option-checks'
import { pager } from './pager'
import type { NextFinder } from './steps'

/** Options of `pages()`. */
export interface PagesOptions extends CallOptions {
  /**
   * Stop after this many pages. Default: with no finite `maxItems`, the piece's `maxPages` (1000), and reaching
   * it throws `LimitExceededError` (limit `'maxPages'`, `resumeFrom` the next page); `Infinity` turns it off.
   */
  readonly maxPages?: number
  /** Start from this request instead of the query's first page: an error's `resumeFrom`. */
  readonly resumeFrom?: GraphRequest
}

/** Options of `items()`. */
export interface ItemsOptions extends PagesOptions {
  /** Stop after this many items. */
  readonly maxItems?: number
}

/** Options of `collect()`: a limit is required, so that a large result cannot exhaust memory. */
export interface CollectOptions extends PagesOptions {
  readonly maxItems: number
  /** Return the first `maxItems` when there are more, instead of throwing `LimitExceededError`. */
  readonly truncate?: boolean
}

/** A `pagingInfo.next` (or `previous`) as a page carries it: what `client.page` continues a query with. */
export interface NextRequestLike {
  readonly endpoint: string
  readonly method: string
  readonly body: Readonly<Record<string, unknown>>
}

/** The methods the `paging()` piece gives a client. */
export interface PagingMethods {
  /**
   * Yields whole responses, following each page's next until there is none or `maxPages` is reached.
   *
   * @example
   * for await (const page of client.pages(q, { maxPages: 3 })) console.log(page.content.length)
   */
  pages<Q extends Query>(query: Q, options?: PagesOptions): AsyncGenerator<ResultOf<Q>, void, undefined>
  /**
   * Yields a list from a response (a list component at any depth, one silo, a whole response), then each
   * following page of it, typed as the list. A `resumeFrom` starts from that request instead.
   *
   * @example
   * for await (const more of client.pages(page.content[0]!.object.keyContributors)) console.log(more.content.length)
   */
  pages<L extends PageableList>(list: L, options?: PagesOptions): AsyncGenerator<L, void, undefined>
  /**
   * Yields the object/context pairs of every page; for silos, each silo's pairs as `{ silo: title, object,
   * context }`, silo after silo, page of silos after page of silos.
   *
   * @example
   * for await (const { object } of client.items(q, { maxItems: 500, signal })) console.log(object.name)
   */
  items<Q extends Query>(
    query: Q,
    options?: ItemsOptions,
  ): AsyncGenerator<ItemOf<ResultOf<Q>>, void, undefined>
  /** Yields the pairs of a list from a response, then those of each following page of it. */
  items<L extends PageableList>(list: L, options?: ItemsOptions): AsyncGenerator<ItemOf<L>, void, undefined>
  /**
   * Collects the items into an array. `maxItems` is required; more items than that throw `LimitExceededError`
   * unless `truncate: true`.
   *
   * @example
   * const movies = await client.collect(q, { maxItems: 1000 })
   */
  collect<Q extends Query>(query: Q, options: CollectOptions): Promise<ItemOf<ResultOf<Q>>[]>
  /** Collects the pairs of a list from a response and of every following page of it. */
  collect<L extends PageableList>(list: L, options: CollectOptions): Promise<ItemOf<L>[]>
  /**
   * The next page of a list from a response: the top-level response, a list component at any depth (its
   * continuation is a lookup of its parent; the page is read from the answer), or one silo (its title copied
   * onto the page). Typed as the list; undefined at its end. A next that does not continue the list is a
   * `PagingRefusedError` naming it.
   *
   * @example
   * const more = await client.next(page.content[0]!.object.keyContributors) // the next 5, or undefined
   */
  next<L extends PageableList>(list: L, options?: CallOptions): Promise<L | undefined>
  /**
   * The page before, where a list carries `pagingInfo.previous` (source and collection result sets do), followed
   * as `next` is. Undefined when there is none.
   *
   * @example
   * const before = await client.previous(page)
   */
  previous<L extends PageableList>(list: L, options?: CallOptions): Promise<L | undefined>
  /**
   * One continuation of a query: sends `next` (a page's `pagingInfo.next`, kept by a UI's infinite list) to the
   * query's own endpoint, checked and typed as the query's page.
   *
   * @example
   * const second = await client.page(q, first.pagingInfo.next!)
   */
  page<Q extends Query>(query: Q, next: NextRequestLike, options?: CallOptions): Promise<ResultOf<Q>>
  /** `next` without exceptions: `data` is the next page, or undefined at the end (as `next` resolves). */
  safeNext<L extends PageableList>(list: L, options?: CallOptions): Promise<SafeResult<L | undefined>>
}

/** What the client lends its paging piece: its checked graph request, and its scrubbing. */
export interface PagingHost {
  /** Sends one graph request and resolves with its checked answer (`query`: the query it is a page of). */
  run(request: GraphRequest, options: CallOptions | undefined, query?: Query): Promise<unknown>
  scrub(text: string): string
}

/** The paging piece, as `createClient({ paging })` takes it. */
export interface Paging {
  /** @internal joins one client: its methods, and `seen`, told of each answer `run` hands out and its query. */
  attach(host: PagingHost): { methods: PagingMethods; seen(answer: unknown, query: Query): void }
}

/** Options of `paging()`. */
export interface PagingOptions {
  /** The `maxPages` of `pages`/`items` with neither `maxPages` nor a finite `maxItems`. Default 1000. */
  readonly maxPages?: number
  /** How the request of the next (or previous) page is found in a page. Default: `pagingInfo.next`. */
  readonly findNext?: NextFinder
}

/**
 * The paging piece: `next`, `previous`, `page`, `pages`, `items`, `collect` and `safeNext` on the client. Every
 * next is held to the rules of docs/client.md (Paging): only POSTs to `baseUrl`'s graph endpoints, continuing
 * the list they came from, never a request seen before in the run, within `maxPages`.
 *
 * @example
 * const client = createClient({ baseUrl, auth, paging: paging({ maxPages: 200 }) })
 * for await (const { object } of client.items(q, { maxItems: 500 })) console.log(object.name)
 */
export function paging(options: PagingOptions = {}): Paging {
  refuseUnknown(options, ['maxPages', 'findNext'], 'paging', ['paging'])
  return { attach: (host) => pager(host, options) }
}
