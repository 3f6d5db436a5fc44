import type { Query, ResultOf } from '../model/core'
import { compile } from '../compile'
import type { GrantEnv } from './auth/grants'
import { tokenManager } from './auth/token-manager'
import { memoryTokenStore } from './auth/token-store'
import { ClientConfigError } from './errors'
import type { CallOptions, ClientOptions, CollectOptions, ItemsOptions, PagesOptions } from './options'
import { numberOption } from './option-checks'
import { listOrigins } from './list-origins'
import { pager } from './pager'
import { requestRunner } from './request-runner'
import { DEFAULT_RETRY, retryPolicy } from './retry'
import { settle, type SafeResult } from './safe'
import { Secrets } from './secrets'
import type { TransportContext } from './transport'
import type { ItemOf, PageableList } from './types'
import { parseBaseUrl } from './urls'
import { validationModes } from './validate'

/**
 * The default `maxResponseBytes`, 8 MiB: 4x the largest page measured from the reference service (100 movies
 * with their images, contributors and sources: 1.9 MB), and small enough that a hostile body cannot fill memory.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 << 20

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
   * onto the page). Typed as the list; undefined when `pagingInfo.next` is null. The same checks as `pages`
   * apply: the request goes only to baseUrl's graph endpoints, through retries, tokens and response checks.
   *
   * @example
   * const more = await client.next(page.content[0]!.object.keyContributors) // the next 5, or undefined
   */
  next<L extends PageableList>(list: L, options?: CallOptions): Promise<L | undefined>
  /**
   * `run` for apps that prefer values to exceptions: resolves with `{ data, error: undefined }`, or with `{
   * data: undefined, error }` for any ClientError. Other errors (a TypeError, a hook's own) still throw.
   *
   * @example
   * const { data, error } = await client.safeRun(q)
   * if (error) return console.error(error.message) // HttpError, TimeoutError, …
   * console.log(data.content.length)
   */
  safeRun<Q extends Query>(query: Q, options?: CallOptions): Promise<SafeResult<ResultOf<Q>>>
  /** `next` without exceptions: `data` is the next page, or undefined at the end (as `next` resolves). */
  safeNext<L extends PageableList>(list: L, options?: CallOptions): Promise<SafeResult<L | undefined>>
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
  const maxResponseBytes = numberOption(
    options.maxResponseBytes,
    DEFAULT_MAX_RESPONSE_BYTES,
    ['maxResponseBytes'],
    'limit',
  )
  const retry = retryPolicy(options.retry, DEFAULT_RETRY)
  const validation = options.validation ?? 'strict'
  if (!validationModes.includes(validation))
    throw new ClientConfigError("expected 'strict', 'loose' or 'off'", ['validation'])

  // The grant's secrets are known before any request, so that no error or hook ever shows one.
  const secrets = new Secrets()
  const scrub = (text: string) => secrets.scrub(text)
  for (const secret of options.auth.secrets) secrets.add(secret)
  const ctx: TransportContext = {
    fetch: options.fetch,
    // Every attempt of a graph request (retries too) spends it; token requests don't (transport.ts).
    budget: options.budget,
    hooks: options.hooks ?? {},
    secrets,
    now: Date.now,
    random: Math.random,
    maxResponseBytes,
  }
  const env: GrantEnv = { ctx, retry, timeoutMs, totalTimeoutMs }
  const tokens = tokenManager(options.auth, options.tokenStore ?? memoryTokenStore(), env, refreshMarginMs)
  const headers = Object.fromEntries(
    Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  )
  const run = requestRunner(env, tokens, base, headers, validation, scrub)
  // Where each list handed out came from, so that `next` is held to continuing it.
  const origins = listOrigins()

  const client: Omit<Client, 'safeRun' | 'safeNext'> = {
    run: async (query, call = {}) => {
      const answer = await run(compile(query), query.endpoint, call, query)
      origins.register(answer, query.endpoint)
      return answer as never
    },
    // The pager works on any query; the interface ties each result to its query's type.
    ...(pager(run, scrub, origins) as Omit<Client, 'run' | 'safeRun' | 'safeNext'>),
  }
  return {
    ...client,
    safeRun: (query, call) => settle(() => client.run(query, call)),
    safeNext: (list, call) => settle(() => client.next(list, call)),
  }
}
