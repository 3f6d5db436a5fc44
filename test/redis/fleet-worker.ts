// One process of the fleet test (test/redis/fleet.test.ts): a client like an app's, on the shared token
// store and rate budget, doing what the parent asks over IPC and answering with what it saw.
import {
  createClient,
  hooks,
  hql,
  passwordGrant,
  rateLimit,
  recommended,
  retries,
  releaseDate,
  returnType,
  staticTokenGrant,
  traits,
  type TokenRefreshInfo,
} from '../../src/index'
import { redisRateBudget, redisTokenStore } from '../../src/redis'
import { redisClient, type ClientKind } from '../support/redis-clients'

export type FleetCommand =
  | { readonly run: 'tokens'; readonly concurrency: number }
  | { readonly run: 'budget'; readonly requests: number; readonly concurrency: number }
  /**
   * Pages an explore through `baseUrl` (the service instances' one address), `pageSize` items a page. After
   * `pauseAfter` pages it says `{ paused }` and waits for `resume` (the parent stops Redis in between), then pages
   * on, the next `pacedPages` pages `paceMs` apart so that some are asked for while Redis is away and after.
   */
  | {
      readonly run: 'page'
      readonly baseUrl: string
      readonly tokenKey: string
      /** The service's client and user to sign in as. */
      readonly credentials: {
        readonly clientId: string
        readonly clientSecret: string
        readonly username: string
        readonly password: string
      }
      readonly pageSize: number
      readonly pauseAfter: number
      readonly pacedPages: number
      readonly paceMs: number
    }
  | { readonly run: 'resume' }

export interface FleetReply {
  readonly ok: number
  readonly failed: string[]
  /** The budget's changes of state (`state:cause`) while the command ran: none, while Redis answers. */
  readonly budgetStates: string[]
}

export interface PagingReply {
  /** The explore's items in one big page, asked for before paging. */
  readonly expected: string[]
  /** The items of every page, in the order the pages came. */
  readonly seen: string[]
  readonly pages: number
  /** The status of each retried attempt (0 for no answer). */
  readonly retried: number[]
  /** `grant:reason` of each token this process obtained itself. */
  readonly refreshes: string[]
  readonly failed: string[]
}

/** What a worker sends the parent: a command's answer, or (paging) that it paused. */
export type WorkerMessage = 'ready' | FleetReply | PagingReply | { readonly paused: number }

const env = (name: string) => process.env[name] ?? ''
const kind = env('HQL_FLEET_CLIENT') as ClientKind
const baseUrl = env('HQL_FLEET_BASE_URL')
const redis = (await redisClient(kind, env('HQL_FLEET_REDIS_URL'))).redis
const query = hql.explore().filter(returnType.eq('Movie'))
const send = (message: WorkerMessage) => process.send!(message)

const tokenClient = createClient({
  baseUrl,
  auth: passwordGrant({
    authUrl: baseUrl,
    clientId: 'fleet-app',
    clientSecret: 'fleet-secret-0123456789',
    username: 'fleet-user',
    password: 'fleet-password-0123456789',
    // The test is of the shared store, with Redis answering: past the default 500 ms command timeout (a loaded
    // machine held a budget answer that long, below), this process would refresh alone (a second token request).
    tokenStore: redisTokenStore({
      redis,
      key: env('HQL_FLEET_TOKEN_KEY'),
      pollMs: 20,
      commandTimeoutMs: 5_000,
    }),
  }),
})

const budgetStates: string[] = []
// The budget as an app gives it: the rate budget piece, waited for before each attempt's clock starts.
const budgetClient = createClient({
  baseUrl,
  auth: staticTokenGrant('fleet-static-token-0123456789'),
  middleware: [
    rateLimit(
      redisRateBudget({
        redis,
        key: env('HQL_FLEET_BUDGET_KEY'),
        requests: Number(env('HQL_FLEET_BUDGET_REQUESTS')),
        windowSeconds: Number(env('HQL_FLEET_BUDGET_WINDOW')),
        // The test is of the shared budget, with Redis answering: a loaded machine (the other tiers beside it)
        // can hold one of its answers past the default 500 ms, and the process would then fall back and count
        // alone, as it should (test/redis/faults.test.ts), but no longer be what this test measures.
        commandTimeoutMs: 5_000,
        onRedisStateChange: (info) => void budgetStates.push(`${info.state}:${info.cause ?? ''}`),
      }),
    ),
  ],
  totalTimeoutMs: 60_000,
})

async function runAll(count: number, concurrency: number, client: typeof tokenClient): Promise<FleetReply> {
  const failed: string[] = []
  let ok = 0
  let next = 0
  budgetStates.length = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++
        await client.run(query).then(
          () => ok++,
          (error: unknown) => failed.push(String(error)),
        )
      }
    }),
  )
  return { ok, failed, budgetStates: [...budgetStates] }
}

let resumed: (() => void) | undefined
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Pages the explore through the service instances while the parent restarts Redis (see `FleetCommand`). */
async function page(command: Extract<FleetCommand, { run: 'page' }>): Promise<PagingReply> {
  const refreshes: TokenRefreshInfo[] = []
  const retried: number[] = []
  const client = createClient({
    baseUrl: command.baseUrl,
    auth: passwordGrant({
      authUrl: `${command.baseUrl}/auth`,
      ...command.credentials,
      tokenStore: redisTokenStore({ redis, key: command.tokenKey, commandTimeoutMs: 300, retryMs: 100 }),
      onTokenRefresh: (info) => void refreshes.push(info),
    }),
    ...recommended(),
    // Redis stays away for about a second: enough retries, short enough waits, to page on through it.
    retry: retries({ limit: 20, baseDelayMs: 50, maxDelayMs: 400 }),
    middleware: [
      hooks({ onRetry: (info) => void retried.push((info.error as { status?: number }).status ?? 0) }),
    ],
  })
  const movies = hql
    .explore()
    .filter(returnType.eq('Movie'), traits.eq('mhgnr-western'))
    .sort(releaseDate.desc())
  let expected: string[] = []
  const seen: string[] = []
  const failed: string[] = []
  let pages = 0
  try {
    expected = (await client.run(movies.pageSize(100))).content.map((pair) => pair.object.mhid)
    for await (const next of client.pages(movies.pageSize(command.pageSize))) {
      seen.push(...next.content.map((pair) => pair.object.mhid))
      if (++pages === command.pauseAfter) {
        const resume = new Promise<void>((resolve) => (resumed = resolve))
        send({ paused: pages })
        await resume
      } else if (pages > command.pauseAfter && pages <= command.pauseAfter + command.pacedPages)
        await sleep(command.paceMs)
    }
  } catch (error) {
    failed.push(String(error))
  }
  return {
    expected,
    seen,
    pages,
    retried,
    refreshes: refreshes.map((info) => `${info.grant}:${info.reason}`),
    failed,
  }
}

process.on('message', (command: FleetCommand) => {
  if (command.run === 'resume') return resumed?.()
  const done =
    command.run === 'tokens'
      ? runAll(command.concurrency, command.concurrency, tokenClient)
      : command.run === 'budget'
        ? runAll(command.requests, command.concurrency, budgetClient)
        : page(command)
  void done.then(send)
})
// Node's first fetch loads and sets up its HTTP client, which takes 100 ms and more on a loaded machine: left
// to the first budgeted request, it would come between the budget's go and the send, longer than the margin
// for the trip. An app is past it after its first request; the test measures that steady state.
await fetch(`${baseUrl}/warm-up`).then((response) => response.arrayBuffer())
send('ready')
