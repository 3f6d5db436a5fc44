// Searches for the most expensive request a client can send to the reference service within the request
// limits (src/model/limits.ts) and the service's defaults, then measures it over real HTTP together with a
// one-id lookup sent while it runs. Two phases:
//  1. a sweep of hand-built extreme shapes (every blueprint type at the blueprint cap with seed ids at the id
//     cap, factors at the cap of the heaviest nodes, $or/$in/$all filters at the value cap, idsOrder and
//     random sorts, nested list components at the maximum page size, ...), timed in-process;
//  2. a seeded random search over request shapes, mutating the worst ones found, for SEARCH_MS.
// Then the worst few go over HTTP (a service from createService on 127.0.0.1), each with a concurrent lookup.
// Run: npx tsx bench/worst-request.ts   (SEARCH_MS=20000 by default; SEED=1)
import { fork } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { requestLimits } from '../src/model/limits'
import { graphFor } from '../src/service/graph/shared-graph'
import { DEFAULT_LIMITS } from '../src/service/query/context'
import { createQueryEngine } from '../src/service/query-engine'
import { randomFrom, type Random } from '../src/service/catalog/prng'

const SEARCH_MS = Number(process.env.SEARCH_MS ?? 20000)
const SEED = process.env.SEED ?? '1'
const HTTP_ROUNDS = Number(process.env.HTTP_ROUNDS ?? 5)

type Endpoint = 'explore' | 'relate' | 'silos' | 'lookup'
interface Candidate {
  readonly name: string
  readonly endpoint: Endpoint
  readonly body: Record<string, unknown>
}
interface Timed extends Candidate {
  /** CPU time of this thread's process (user + system), less sensitive than wall time to other load. */
  readonly ms: number
  readonly wallMs: number
  readonly status: number
  readonly code: string
}

// The catalog, to pick the heaviest ids (users with most likes, titles with most credits, big traits...).
const { graph } = graphFor(undefined, [{ username: 'demo', password: 'demo-password', name: 'Demo User' }])
const byDesc = <T>(xs: readonly T[], f: (x: T) => number): T[] => [...xs].sort((a, b) => f(b) - f(a))
const heavyTitles = byDesc(graph.media, (m) => m.credits.length + m.traits.length * 200).map((m) => m.altId)
const heavyContributors = byDesc(graph.contributors, (c) => c.credits.length).map((c) => c.altId)
const heavyUsers = byDesc(graph.users, (u) => u.likes.length + u.follows.length).map((u) => u.altId)
const traits = byDesc(graph.traits, (t) => t.media.length).map((t) => t.altId)
const collections = byDesc(graph.collections, (c) => c.items.length)
  .filter((c) => c.permissions === 'public')
  .map((c) => c.altId)
const MAX_PAGE = DEFAULT_LIMITS.maxPageSize
const IDS = requestLimits.ids
/** Counts at the lower of the model's and the service's caps: the most a request can ask and be answered. */
const BLUEPRINTS = Math.min(requestLimits.blueprints, DEFAULT_LIMITS.maxBlueprints ?? Infinity)
const FACTORS = Math.min(requestLimits.factors, DEFAULT_LIMITS.maxFactors ?? Infinity)
const VALUES = requestLimits.values

/** JSON values in a body, as the model's node limit counts them. */
function nodes(value: unknown): number {
  if (Array.isArray(value)) return 1 + value.reduce((n: number, v) => n + nodes(v), 0)
  if (value !== null && typeof value === 'object')
    return 1 + Object.values(value).reduce((n: number, v) => n + nodes(v), 0)
  return 1
}
const within = (c: Candidate): boolean => nodes(c.body) <= requestLimits.nodes

const cycle = (xs: readonly string[], n: number): string[] =>
  Array.from({ length: n }, (_, i) => xs[i % xs.length] as string)
// Nested list components at the maximum page size: titles → contributors → their titles → ..., with the
// components that walk the most per object at every level.
const leaves = [{ name: 'primaryImage' }, { name: 'socialMetrics' }, { name: 'userSocial' }]
const titleDeep = (depth: number, pageSize = MAX_PAGE): Record<string, unknown>[] =>
  depth === 0
    ? leaves
    : [
        ...leaves,
        { name: 'contributors', pageSize, components: contributorDeep(depth - 1, pageSize) },
        { name: 'collections', pageSize, components: [{ name: 'primaryOwner' }, ...leaves] },
      ]
const contributorDeep = (depth: number, pageSize: number): Record<string, unknown>[] =>
  depth === 0
    ? leaves
    : [
        ...leaves,
        { name: 'contributions', pageSize, components: titleDeep(depth - 1, pageSize) },
        { name: 'collections', pageSize, components: [{ name: 'primaryOwner' }, ...leaves] },
      ]
const listDeep = titleDeep
/** The title components that walk the most per object, repeated (each repeat does the same work again). */
const wide = (n: number): Record<string, unknown>[] =>
  cycle(
    ['socialMetrics', 'userSocial', 'primaryGroup', 'contributors', 'collections', 'primaryName', 'sources'],
    n,
  ).map((name) => ({ name }))

const BLUEPRINT_TYPES = ['GraphLens', 'BasedOnItem', 'RecommendedForYou', 'ExploreGraphLens', 'Explore']

/** The hand-built extremes. */
function sweep(): Candidate[] {
  const out: Candidate[] = []
  const seedIds = cycle(heavyTitles, IDS)
  for (const type of BLUEPRINT_TYPES) {
    // The issue's shape: a small body of many blueprints, one silo per page.
    out.push({
      name: `silos 800 × ${type} (the issue's body), pageSize 1`,
      endpoint: 'silos',
      body: { blueprints: Array.from({ length: 800 }, () => ({ type })), pageSize: 1 },
    })
    for (const pageSize of [1, MAX_PAGE])
      for (const ids of [[], seedIds])
        out.push({
          name: `silos ${BLUEPRINTS} × ${type}, pageSize ${pageSize}, ${ids.length} seed ids`,
          endpoint: 'silos',
          body: {
            blueprints: Array.from({ length: BLUEPRINTS }, (_, i) => ({
              type,
              // Distinct filters per blueprint, so nothing can be shared between them.
              filters: { traits: { $ne: traits[i % traits.length] } },
            })),
            ...(ids.length ? { ids } : {}),
            pageSize,
            siloPageSize: MAX_PAGE,
          },
        })
  }
  out.push({
    name: `silos ${BLUEPRINTS} × Content of ${Math.floor(requestLimits.nodes / BLUEPRINTS / 1.2)} ids`,
    endpoint: 'silos',
    body: {
      blueprints: Array.from({ length: BLUEPRINTS }, () => ({
        type: 'Content',
        params: { ids: cycle(heavyTitles, Math.floor(requestLimits.nodes / BLUEPRINTS / 1.2)) },
      })),
      pageSize: MAX_PAGE,
      siloPageSize: MAX_PAGE,
    },
  })
  for (const [label, ids] of [
    ['current user', ['mhals-current-user']],
    ['heaviest users', heavyUsers],
    ['heaviest titles', heavyTitles],
    ['heaviest contributors', heavyContributors],
  ] as const)
    for (const count of [1000, FACTORS])
      out.push({
        name: `relate ${count} factors (${label})`,
        endpoint: 'relate',
        body: {
          factors: cycle(ids, count).map((id) => ({ id })),
          filters: { returnType: { $in: ['Movie', 'ShowSeries', 'Contributor'] } },
          pageSize: MAX_PAGE,
        },
      })
  const manyContributors = cycle(heavyContributors, VALUES)
  for (const op of ['$in', '$all', '$ne'] as const)
    out.push({
      name: `explore contributors ${op} ${VALUES} values`,
      endpoint: 'explore',
      body: {
        filters: { contributors: op === '$ne' ? { $ne: manyContributors[0] } : { [op]: manyContributors } },
      },
    })
  out.push({
    name: `explore contributors $or of ${VALUES} $all pairs, every filter`,
    endpoint: 'explore',
    body: {
      filters: {
        contributors: {
          $or: manyContributors.map((id, i) => ({ $all: [id, manyContributors[(i + 1) % VALUES]] })),
        },
        traits: { $or: cycle(traits, 200).map((id) => ({ $ne: id })) },
      },
      pageSize: MAX_PAGE,
    },
  })
  out.push({
    name: `explore contributorsOf $in ${VALUES} titles (contributors), ${IDS}-id idsOrder + random sort`,
    endpoint: 'explore',
    body: {
      filters: { contributorsOf: { $in: cycle(heavyTitles, VALUES) } },
      sort: [{ type: 'idsOrder', ids: cycle(heavyContributors, IDS) }, { type: 'random' }],
      pageSize: MAX_PAGE,
    },
  })
  out.push({
    name: 'explore every type, name sort, random sort',
    endpoint: 'explore',
    body: {
      filters: {
        returnType: { $in: ['Movie', 'ShowSeries', 'Contributor', 'Collection', 'User', 'Trait', 'Source'] },
      },
      sort: [{ type: 'property', property: 'name' }, { type: 'random' }],
      pageSize: MAX_PAGE,
    },
  })
  out.push({
    name: 'explore 300 sort entries',
    endpoint: 'explore',
    body: {
      filters: { returnType: { $in: ['Movie', 'ShowSeries', 'Contributor'] } },
      sort: Array.from({ length: 300 }, (_, i) => (i % 2 ? { type: 'random' } : { type: 'popularity' })),
    },
  })
  for (const depth of [1, 2, 3])
    out.push({
      name: `lookup ${IDS} ids, nested list components depth ${depth} at pageSize ${MAX_PAGE}`,
      endpoint: 'lookup',
      body: { ids: cycle(heavyTitles, IDS), pageSize: MAX_PAGE, components: listDeep(depth) },
    })
  out.push({
    name: `lookup ${MAX_PAGE} titles, ${requestLimits.componentsPerLevel} heavy components`,
    endpoint: 'lookup',
    body: {
      ids: heavyTitles.slice(0, MAX_PAGE),
      pageSize: MAX_PAGE,
      components: wide(requestLimits.componentsPerLevel),
    },
  })
  out.push({
    name: `explore collections ${collections.length} $in, items components`,
    endpoint: 'explore',
    body: {
      filters: { returnType: { $eq: 'Collection' }, collections: { $in: collections.slice(0, VALUES) } },
      pageSize: MAX_PAGE,
      components: [{ name: 'items', pageSize: MAX_PAGE, components: leaves }],
    },
  })
  return out
}

/** One random request shape, from a seeded PRNG. */
function randomCandidate(random: Random, n: number): Candidate {
  const pick = <T>(xs: readonly T[]): T => random.pick(xs)
  const count = (max: number): number => (random.chance(0.5) ? max : random.int(1, max))
  const filters = (): Record<string, unknown> => {
    const f: Record<string, unknown> = {}
    if (random.chance(0.3))
      f.traits = pick([{ $ne: pick(traits) }, { $in: traits }, { $all: traits.slice(0, 2) }])
    if (random.chance(0.2)) f.contributors = { $in: cycle(heavyContributors, count(VALUES)) }
    if (random.chance(0.1)) f.returnType = { $in: ['Movie', 'ShowSeries', 'Contributor'] }
    return f
  }
  const components = (): Record<string, unknown>[] =>
    random.chance(0.5)
      ? listDeep(random.int(0, 2), pick([1, 10, MAX_PAGE]))
      : wide(count(requestLimits.componentsPerLevel))
  const endpoint = pick<Endpoint>(['silos', 'silos', 'relate', 'explore', 'lookup'])
  const name = `random #${n} (${endpoint})`
  switch (endpoint) {
    case 'silos':
      return {
        name,
        endpoint,
        body: {
          blueprints: Array.from({ length: count(BLUEPRINTS) }, () => ({
            type: pick(BLUEPRINT_TYPES),
            ...(random.chance(0.5) ? { filters: filters() } : {}),
          })),
          ...(random.chance(0.5) ? { ids: cycle(heavyTitles, count(IDS)) } : {}),
          pageSize: pick([1, 10, MAX_PAGE]),
          siloPageSize: pick([1, 10, MAX_PAGE]),
          ...(random.chance(0.3) ? { components: components() } : {}),
        },
      }
    case 'relate':
      return {
        name,
        endpoint,
        body: {
          factors: Array.from({ length: count(FACTORS) }, () => ({
            id: pick(['mhals-current-user', ...heavyUsers.slice(0, 5), ...heavyTitles.slice(0, 20)]),
            ...(random.chance(0.3) ? { boostOnly: true } : {}),
          })),
          filters: filters(),
          pageSize: pick([1, MAX_PAGE]),
          ...(random.chance(0.3) ? { components: components() } : {}),
        },
      }
    case 'explore':
      return {
        name,
        endpoint,
        body: {
          filters: filters(),
          sort: random.chance(0.5)
            ? [{ type: 'random' }]
            : [{ type: 'idsOrder', ids: cycle(heavyTitles, count(IDS)) }],
          pageSize: pick([1, MAX_PAGE]),
          ...(random.chance(0.5) ? { components: components() } : {}),
        },
      }
    case 'lookup':
      return {
        name,
        endpoint,
        body: {
          ids: cycle(heavyTitles, count(IDS)),
          pageSize: pick([1, MAX_PAGE]),
          components: components(),
        },
      }
  }
}

/**
 * A neighbour of a bad request, to climb towards worse ones: one of its lists grows (its items repeated, up to
 * twice as many), or one of its page sizes goes to the maximum.
 */
function mutate(random: Random, c: Candidate, n: number): Candidate {
  const body = structuredClone(c.body)
  const spots: (() => void)[] = []
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      if (value.length > 0)
        spots.push(() =>
          value.push(...value.slice(0, random.int(1, value.length)).map((v) => structuredClone(v))),
        )
      value.forEach(visit)
    } else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>
      for (const key of ['pageSize', 'siloPageSize'])
        if (Object.hasOwn(record, key) || (key === 'pageSize' && (record === body || 'name' in record)))
          spots.push(() => (record[key] = MAX_PAGE))
      Object.values(record).forEach(visit)
    }
  }
  visit(body)
  if (spots.length > 0) random.pick(spots)()
  return { name: `mutant #${n} of ${c.name.replace(/^mutant #\d+ of /, '')}`, endpoint: c.endpoint, body }
}

const engine = createQueryEngine()
function time(c: Candidate): Timed {
  const started = performance.now()
  const cpu = process.cpuUsage()
  const answer = engine.answer(c.endpoint, c.body)
  const used = process.cpuUsage(cpu)
  const ms = (used.user + used.system) / 1000
  const wallMs = performance.now() - started
  const code = (answer.body as { error?: unknown } | undefined)?.error
  return { ...c, ms, wallMs, status: answer.status, code: typeof code === 'string' ? code : '' }
}

/** The service runs in a child process, so that this process can send the lookup while the service is busy. */
function startChild(): Promise<{
  baseUrl: string
  authUrl: string
  demo: Record<string, string>
  readyMs: number
  stop: () => void
}> {
  const child = fork(fileURLToPath(new URL('./worst-request-service.ts', import.meta.url)), [], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('message', (message) => {
      const info = message as {
        baseUrl: string
        authUrl: string
        demo: Record<string, string>
        readyMs: number
      }
      resolve({ ...info, stop: () => child.kill() })
    })
  })
}

/** A fresh service in a child process, a token of the demo user, and a way to post to it. */
async function freshService(): Promise<{
  post: (endpoint: string, body: unknown) => Promise<{ ms: number; status: number | string }>
  readyMs: number
  stop: () => void
}> {
  const service = await startChild()
  const demo = service.demo as { clientId: string; clientSecret: string; username: string; password: string }
  const auth = `Basic ${Buffer.from(`${demo.clientId}:${demo.clientSecret}`).toString('base64')}`
  const tokenResponse = await fetch(`${service.authUrl}/1.3/security/oauth/token`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: demo.username,
      password: demo.password,
      scope: 'public_profile user_likes',
    }),
  })
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string }
  const post = async (endpoint: string, body: unknown): Promise<{ ms: number; status: number | string }> => {
    const started = performance.now()
    try {
      const response = await fetch(`${service.baseUrl}/graph/${endpoint}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      await response.arrayBuffer()
      return { ms: performance.now() - started, status: response.status }
    } catch (error) {
      return { ms: performance.now() - started, status: String((error as Error).cause ?? error) }
    }
  }
  return { post, readyMs: service.readyMs, stop: service.stop }
}

async function overHttp(worst: readonly Timed[]): Promise<void> {
  console.log(
    '\nOver HTTP (createService on 127.0.0.1), each case on a fresh service: sent once alone right after the',
  )
  console.log(
    `service is ready (and one one-id lookup), then ${HTTP_ROUNDS} times with a one-id lookup sent 2 ms after it,`,
  )
  console.log('on another connection. Worst of the rounds:')
  console.log(
    '| request | status | service ready ms | first request of the fresh service ms | heavy ms | concurrent lookup ms | lookup status |',
  )
  console.log('|---|---|---:|---:|---:|---:|---|')
  for (const c of worst) {
    const { post, readyMs, stop } = await freshService()
    await post('lookup', { ids: ['mhmov-gladiator'] })
    // The first heavy request of a fresh service: createService warms the engine before it listens
    // (src/service/query/warm-up.ts), so this is meant to stay within the same bound as the rounds.
    const cold = await post(c.endpoint, c.body)
    let heavyMs = 0
    let lookupMs = 0
    let status: number | string = ''
    let lookupStatus: number | string = ''
    for (let round = 0; round < HTTP_ROUNDS; round++) {
      const heavy = post(c.endpoint, c.body)
      await new Promise((resolve) => setTimeout(resolve, 2))
      const lookup = await post('lookup', { ids: ['mhmov-gladiator'] })
      const answered = await heavy
      heavyMs = Math.max(heavyMs, answered.ms)
      lookupMs = Math.max(lookupMs, lookup.ms)
      status = answered.status
      lookupStatus = lookup.status
    }
    stop()
    console.log(
      `| ${c.name} | ${status} | ${readyMs.toFixed(0)} | ${cold.ms.toFixed(0)} | ${heavyMs.toFixed(0)} | ${lookupMs.toFixed(0)} | ${lookupStatus} |`,
    )
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs`,
  )
}

async function main(): Promise<void> {
  time({ name: 'warm-up', endpoint: 'lookup', body: { ids: ['mhmov-gladiator'] } })
  const results: Timed[] = []
  for (const c of sweep()) {
    const timed = time(c)
    results.push(timed)
    if (process.env.VERBOSE) console.log(`${timed.ms.toFixed(1)} ms ${timed.status} ${timed.code} ${c.name}`)
  }
  const random = randomFrom(`worst-request|${SEED}`)
  const until = performance.now() + SEARCH_MS
  let n = 0
  let top: Timed[] = []
  while (performance.now() < until) {
    // Half new shapes, half neighbours of the ten worst so far.
    if (n % 50 === 0) top = [...results].sort((a, b) => b.ms - a.ms).slice(0, 10)
    const c =
      random.chance(0.5) || top.length === 0
        ? randomCandidate(random, n)
        : mutate(random, random.pick(top), n)
    n++
    if (within(c)) results.push(time(c))
  }
  results.sort((a, b) => b.ms - a.ms)
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs`,
  )
  console.log(`limits: model ${JSON.stringify(requestLimits)}; service ${JSON.stringify(DEFAULT_LIMITS)}`)
  console.log(
    `${results.length} requests timed in-process (${n} random or mutated, seed ${SEED}); the 12 slowest:`,
  )
  console.log('| request | JSON nodes | status | code | CPU ms | wall ms |')
  console.log('|---|---:|---|---|---:|---:|')
  for (const r of results.slice(0, 12))
    console.log(
      `| ${r.name} | ${nodes(r.body)} | ${r.status} | ${r.code} | ${r.ms.toFixed(1)} | ${r.wallMs.toFixed(1)} |`,
    )
  const worstWithin = results.filter(within).slice(0, 4)
  const saved = join(tmpdir(), 'hql-worst-requests.json')
  writeFileSync(saved, JSON.stringify(results.slice(0, 12), null, 1))
  console.log(`(their bodies: ${saved})`)
  await overHttp(worstWithin)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
