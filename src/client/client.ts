import type { Query, ResultOf } from '../builder/query'
import { compile } from '../compile'
import { responseSchemas } from '../model/core'
import type { GrantEnv } from './auth/grants'
import { tokenManager } from './auth/token-manager'
import { memoryTokenStore } from './auth/token-store'
import {
  AbortedError,
  ClientConfigError,
  ClientError,
  HttpError,
  InvalidResponseError,
  LimitExceededError,
  PagingLoopError,
  type RequestDescription,
} from './errors'
import type { CallOptions, ClientOptions, CollectOptions, ItemsOptions, PagesOptions } from './options'
import { isEmptyPage, nextRequest, pageItems, visitedRequests } from './paging'
import { DEFAULT_RETRY, retryPolicy } from './retry'
import { Secrets } from './secrets'
import {
  abortError,
  openScope,
  outgoing,
  parseJsonOrUndefined,
  send,
  type OutgoingRequest,
  type TransportContext,
} from './transport'
import type { EndpointName, GraphRequest, ItemOf } from './types'
import { numberOption } from './option-checks'
import { graphUrl, parseBaseUrl } from './urls'
import { checkResponse } from './validate'

/** Runs queries against one service: tokens, retries, timeouts, paging and response checks included. */
export interface Client {
  /**
   * Sends the query and resolves with its first (or only) page.
   *
   * @example
   * const page = await client.run(hql.explore().filter(returnType.eq('Movie')))
   */
  run<Q extends Query>(query: Q, options?: CallOptions): Promise<ResultOf<Q>>
  /**
   * Yields whole responses, following `pagingInfo.next` until it is null or `maxPages` is reached.
   *
   * @example
   * for await (const page of client.pages(q, { maxPages: 3 })) console.log(page.content.length)
   */
  pages<Q extends Query>(query: Q, options?: PagesOptions): AsyncGenerator<ResultOf<Q>, void, undefined>
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
  /**
   * Collects the items into an array. `maxItems` is required; more items than that throw `LimitExceededError`
   * unless `truncate: true`.
   *
   * @example
   * const movies = await client.collect(q, { maxItems: 1000 })
   */
  collect<Q extends Query>(query: Q, options: CollectOptions): Promise<ItemOf<ResultOf<Q>>[]>
}

/**
 * Creates a client for the graph service at `baseUrl`, authenticated by `auth`.
 *
 * @example
 * const client = createClient({
 *   baseUrl: 'https://graph.example.com',
 *   auth: passwordGrant({ authUrl: 'https://auth.example.com', clientId, clientSecret, username, password,
 *                         scope: ['public_profile', 'user_likes'] }),
 * })
 * const first = await client.run(hql.explore().filter(returnType.eq('Movie')))
 */
export function createClient(options: ClientOptions): Client {
  const base = parseBaseUrl(options.baseUrl)
  if (typeof options.auth?.obtain !== 'function')
    throw new ClientConfigError('expected passwordGrant(…), staticTokenGrant(…) or another grant', ['auth'])
  const timeoutMs = numberOption(options.timeoutMs, 10_000, ['timeoutMs'], 'positive')
  const totalTimeoutMs = numberOption(options.totalTimeoutMs, 30_000, ['totalTimeoutMs'], 'positive')
  const refreshMarginMs = numberOption(options.refreshMarginMs, 60_000, ['refreshMarginMs'], 'atLeast0')
  // 8 MiB: 4x the largest page measured from the reference service (100 movies with their images,
  // contributors and sources: 1.9 MB), and small enough that a hostile body cannot fill memory.
  const maxResponseBytes = numberOption(options.maxResponseBytes, 8 << 20, ['maxResponseBytes'], 'limit')
  const retry = retryPolicy(options.retry, DEFAULT_RETRY)
  const validation = options.validation ?? 'strict'
  if (validation !== 'strict' && validation !== 'off')
    throw new ClientConfigError("expected 'strict' or 'off'", ['validation'])

  const secrets = new Secrets()
  const scrub = (text: string) => secrets.scrub(text)
  for (const secret of options.auth.secrets) secrets.add(secret)
  const ctx: TransportContext = {
    fetch: options.fetch,
    hooks: options.hooks ?? {},
    secrets,
    now: Date.now,
    random: Math.random,
    maxResponseBytes,
  }
  const env: GrantEnv = { ctx, retry, timeoutMs, totalTimeoutMs }
  const tokens = tokenManager(options.auth, options.tokenStore ?? memoryTokenStore(), env, refreshMarginMs)
  const extraHeaders = Object.fromEntries(
    Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  )

  const post = (request: GraphRequest, accessToken: string): OutgoingRequest =>
    outgoing(
      ctx,
      'graph',
      graphUrl(base, request.endpoint),
      {
        ...extraHeaders,
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${accessToken}`,
      },
      JSON.stringify(request.body),
      request.body,
    )

  /** One graph request: a token, the POST with retries, one refresh-and-retry on 401, then the checks. */
  async function execute(request: GraphRequest, endpoint: EndpointName, call: CallOptions): Promise<unknown> {
    // Options are checked before the clock starts, so that a bad one leaves no timer behind.
    const policy = retryPolicy(call.retry, retry)
    const limits = {
      timeoutMs: numberOption(call.timeoutMs, timeoutMs, ['timeoutMs'], 'positive'),
      totalTimeoutMs: numberOption(call.totalTimeoutMs, totalTimeoutMs, ['totalTimeoutMs'], 'positive'),
    }
    const scope = openScope(ctx, call.signal, limits)
    try {
      const token = await tokens.accessToken(scope.total.signal)
      let sent = post(request, token)
      let text: string
      try {
        ;({ text } = await send(ctx, sent, policy, scope))
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 401)) throw error
        const renewed = await tokens.replace(token, scope.total.signal)
        if (renewed === undefined) throw error
        sent = post(request, renewed)
        ;({ text } = await send(ctx, sent, policy, scope))
      }
      return checked(text, endpoint, sent.described)
    } catch (error) {
      // Waiting for a token ends with the signal's bare reason; say whose abort it was.
      if (!(error instanceof ClientError) && scope.total.signal.aborted) throw abortError(scope)
      throw error
    } finally {
      scope.total.dispose()
    }
  }

  function checked(text: string, endpoint: EndpointName, request: RequestDescription): unknown {
    // JSON.parse never gives undefined: undefined means the text was not JSON.
    const json = parseJsonOrUndefined(text)
    if (json === undefined)
      throw new InvalidResponseError(`the ${endpoint} response is not JSON (${text.length} characters)`, {
        request,
      })
    if (validation === 'off') return json
    return checkResponse(responseSchemas[endpoint], json, `the ${endpoint} response`, request, scrub)
  }

  /**
   * The pages of a query with the request each came from, so that errors can say where to resume. `bounded`
   * says the caller limits the run otherwise (a finite maxItems); if not, the default maxPages applies.
   */
  async function* walk(
    query: Query,
    call: PagesOptions,
    bounded = false,
  ): AsyncGenerator<{ response: unknown; request: GraphRequest }, void, undefined> {
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
        response = await execute(request, query.endpoint, call)
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
    run: (query, call = {}) => execute(compile(query), query.endpoint, call) as Promise<never>,
    async *pages(query, call = {}) {
      for await (const { response } of walk(query, call)) yield response as never
    },
    items: (query, call) => items(query, call) as AsyncGenerator<never, void, undefined>,
    async collect(query, call) {
      if (call === undefined) throw new ClientConfigError('collect needs { maxItems }', ['maxItems'])
      const maxItems = numberOption(call.maxItems, undefined, ['maxItems'], 'limit')
      const found: never[] = []
      // One item more than allowed tells whether the limit cut the result short.
      const probe = call.truncate === true ? maxItems : maxItems + 1
      for await (const item of items(query, { ...call, maxItems: probe })) found.push(item as never)
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
