// One process of the fleet test (test/redis/fleet.test.ts): a client like an app's, on the shared token
// store and rate budget, doing what the parent asks over IPC and answering with what it saw.
import { createClient, hql, passwordGrant, returnType, staticTokenGrant } from '../../src/index'
import { redisRateBudget, redisTokenStore } from '../../src/redis'
import { redisClient, type ClientKind } from '../support/redis-clients'

export type FleetCommand =
  | { readonly run: 'tokens'; readonly concurrency: number }
  | { readonly run: 'budget'; readonly requests: number; readonly concurrency: number }

export interface FleetReply {
  readonly ok: number
  readonly failed: string[]
}

const env = (name: string) => process.env[name] ?? ''
const kind = env('HQL_FLEET_CLIENT') as ClientKind
const baseUrl = env('HQL_FLEET_BASE_URL')
const redis = (await redisClient(kind, env('HQL_FLEET_REDIS_URL'))).redis
const query = hql.explore().filter(returnType.eq('Movie'))

const tokenClient = createClient({
  baseUrl,
  auth: passwordGrant({
    authUrl: baseUrl,
    clientId: 'fleet-app',
    clientSecret: 'fleet-secret-0123456789',
    username: 'fleet-user',
    password: 'fleet-password-0123456789',
  }),
  tokenStore: redisTokenStore({ redis, key: env('HQL_FLEET_TOKEN_KEY'), pollMs: 20 }),
  validation: 'off',
  retry: false,
})

// The budget as an app gives it: the client's option, waited for before each attempt's clock starts.
const budgetClient = createClient({
  baseUrl,
  auth: staticTokenGrant('fleet-static-token-0123456789'),
  budget: redisRateBudget({
    redis,
    key: env('HQL_FLEET_BUDGET_KEY'),
    requests: Number(env('HQL_FLEET_BUDGET_REQUESTS')),
    windowSeconds: Number(env('HQL_FLEET_BUDGET_WINDOW')),
  }),
  validation: 'off',
  retry: false,
  totalTimeoutMs: 60_000,
})

async function runAll(count: number, concurrency: number, client: typeof tokenClient): Promise<FleetReply> {
  const failed: string[] = []
  let ok = 0
  let next = 0
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
  return { ok, failed }
}

process.on('message', (command: FleetCommand) => {
  const done =
    command.run === 'tokens'
      ? runAll(command.concurrency, command.concurrency, tokenClient)
      : runAll(command.requests, command.concurrency, budgetClient)
  void done.then((reply) => process.send!(reply))
})
// Node's first fetch loads and sets up its HTTP client, which takes 100 ms and more on a loaded machine: left
// to the first budgeted request, it would come between the budget's go and the send, longer than the margin
// for the trip. An app is past it after its first request; the test measures that steady state.
await fetch(`${baseUrl}/warm-up`).then((response) => response.arrayBuffer())
process.send!('ready')
