// The reference service under parallel abuse (issue 24), over real HTTP, each scenario against a fresh service in
// a child process (bench/abuse-service.ts) so that this process's load generation does not share its event loop.
// Every figure is printed beside its baseline from the same run: the same measurement with no attack.
//  1. sign-in: another user's password grants while one address sends 300 wrong guesses at once (300
//     usernames, the worst case: 30 checks per address are allowed), round after round;
//  2. slow sockets: one-id lookups from one address while another holds 1,000 sockets that never finish
//     their headers;
//  3. costly work: one-id lookups from one address while another keeps 40 of the worst requests known
//     (bench/worst-request.ts) in flight, and the service's event-loop delay (monitorEventLoopDelay).
// Addresses are real: the client binds to 127.0.0.x (all of 127.0.0.0/8 reaches a service on 127.0.0.1).
// Run: npx tsx bench/abuse.bench.ts   (ROUNDS=10 sign-in rounds, HOLD_MS=6000 per attack)
import { fork } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { connect, type Socket } from 'node:net'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { DEMO } from '../src/service'
import { graphFor } from '../src/service/graph/shared-graph'

const ROUNDS = Number(process.env.ROUNDS ?? 10)
const HOLD_MS = Number(process.env.HOLD_MS ?? 6000)
const GUESSES = 300
const SLOW_SOCKETS = 1000
const IN_FLIGHT = 40

interface Child {
  readonly baseUrl: string
  readonly authUrl: string
  ask(message: string): Promise<Record<string, number>>
  stop(): void
}

async function startService(options: Record<string, unknown>): Promise<Child> {
  const child = fork(
    fileURLToPath(new URL('./abuse-service.ts', import.meta.url)),
    [JSON.stringify(options)],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  )
  const first = await new Promise<{ baseUrl: string; authUrl: string }>((resolve, reject) => {
    child.once('error', reject)
    child.once('message', (message) => resolve(message as { baseUrl: string; authUrl: string }))
  })
  return {
    ...first,
    ask: (message) =>
      new Promise((resolve) => {
        child.once('message', (answer) => resolve(answer as Record<string, number>))
        child.send(message)
      }),
    stop: () => child.kill(),
  }
}

interface Reply {
  readonly status: number
  readonly ms: number
  readonly body: string
}

/** A POST on a connection of its own from `localAddress`; a failed connection is status 0. */
function post(
  url: string,
  localAddress: string,
  headers: Record<string, string>,
  body: string,
): Promise<Reply> {
  const started = performance.now()
  return new Promise((resolve) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        agent: false,
        localAddress,
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        response.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }))
      },
    )
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }))
    request.end(body)
  })
}

const basic = `Basic ${Buffer.from(`${DEMO.clientId}:${DEMO.clientSecret}`).toString('base64')}`
const signIn = (service: Child, address: string, username: string, password: string) =>
  post(
    `${service.authUrl}/1.3/security/oauth/token`,
    address,
    { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({ grant_type: 'password', username, password, scope: 'public_profile' }).toString(),
  )

async function tokenFor(service: Child, address: string): Promise<string> {
  const reply = await signIn(service, address, DEMO.username, DEMO.password)
  return (JSON.parse(reply.body) as { access_token: string }).access_token
}

const graphPost = (service: Child, address: string, token: string, endpoint: string, body: unknown) =>
  post(
    `${service.baseUrl}/graph/${endpoint}`,
    address,
    { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    JSON.stringify(body),
  )

const LOOKUP = { ids: ['mhmov-gladiator'] }

function stats(values: readonly number[]): { n: number; p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN }
}
const ms = (value: number) => value.toFixed(0)
const line = (label: string, s: ReturnType<typeof stats>) =>
  `| ${label} | ${s.n} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} |`
const sleep = (time: number) => new Promise((resolve) => setTimeout(resolve, time))

/** Sequential lookups from `address` until `until()` is true; their times. */
async function lookupsUntil(
  service: Child,
  address: string,
  token: string,
  done: () => boolean,
): Promise<Reply[]> {
  const replies: Reply[] = []
  while (!done()) {
    replies.push(await graphPost(service, address, token, 'lookup', LOOKUP))
    await sleep(10)
  }
  return replies
}

async function signInBurst(): Promise<void> {
  const users = Array.from({ length: 4 }, (_, i) => ({ username: `victim${i}`, password: 'the right one' }))
  const service = await startService({ users, maxConnectionsPerAddress: GUESSES + 50, rateLimit: false })
  const quiet: number[] = []
  const attacked: number[] = []
  const guessCounts: Record<number, number> = {}
  for (let round = 0; round < ROUNDS; round++) {
    // Baseline: the victim's sign-ins with nobody else there.
    for (let i = 0; i < 8; i++)
      quiet.push((await signIn(service, '127.0.0.3', `victim${i % 4}`, 'the right one')).ms)
    // A fresh attacker address each round (the last one is over its budget for 300 s).
    const attacker = `127.0.1.${round + 1}`
    let finished = false
    const burst = Promise.all(
      Array.from({ length: GUESSES }, (_, i) => signIn(service, attacker, `user${round}-${i}`, `guess ${i}`)),
    ).then((replies) => {
      finished = true
      for (const r of replies) guessCounts[r.status] = (guessCounts[r.status] ?? 0) + 1
    })
    let i = 0
    while (!finished)
      attacked.push((await signIn(service, '127.0.0.3', `victim${i++ % 4}`, 'the right one')).ms)
    await burst
  }
  service.stop()
  console.log(
    `\n### 1. Another user's sign-in during a ${GUESSES}-guess burst from one address (${ROUNDS} rounds)\n`,
  )
  console.log('| sign-in of another user | n | p50 ms | p99 ms | max ms |')
  console.log('|---|---:|---:|---:|---:|')
  const q = stats(quiet)
  const a = stats(attacked)
  console.log(line('alone (baseline)', q))
  console.log(line(`during the burst`, a))
  console.log(
    `\np99 ratio ${(a.p99 / q.p99).toFixed(2)}; the guesses were answered ${JSON.stringify(guessCounts)}`,
  )
}

async function slowSockets(): Promise<void> {
  const service = await startService({ rateLimit: false })
  const token = await tokenFor(service, '127.0.0.4')
  const port = Number(new URL(service.baseUrl).port)
  let stop = false
  const quietTimer = setTimeout(() => (stop = true), HOLD_MS / 3)
  const quiet = await lookupsUntil(service, '127.0.0.4', token, () => stop)
  clearTimeout(quietTimer)
  const sockets: Socket[] = []
  let refused = 0
  let held = 0
  await Promise.all(
    Array.from(
      { length: SLOW_SOCKETS },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.5' })
          sockets.push(socket)
          socket.on('error', () => undefined)
          socket.once('connect', () => {
            socket.write('POST /graph/lookup HTTP/1.1\r\nHost: x\r\n')
            resolve()
          })
          socket.once('data', (data) => {
            if (String(data).startsWith('HTTP/1.1 503')) refused++
          })
        }),
    ),
  )
  stop = false
  const timer = setTimeout(() => (stop = true), HOLD_MS)
  const attacked = await lookupsUntil(service, '127.0.0.4', token, () => stop)
  clearTimeout(timer)
  held = sockets.filter((s) => !s.destroyed).length
  sockets.forEach((s) => s.destroy())
  service.stop()
  console.log(`\n### 2. One-id lookups from one address while another holds ${SLOW_SOCKETS} slow sockets\n`)
  console.log('| one-id lookup | n | p50 ms | p99 ms | max ms |')
  console.log('|---|---:|---:|---:|---:|')
  const q = stats(quiet.map((r) => r.ms))
  const a = stats(attacked.map((r) => r.ms))
  console.log(line('alone (baseline)', q))
  console.log(line('during the attack', a))
  const failed = attacked.filter((r) => r.status !== 200).length
  console.log(
    `\np99 ratio ${(a.p99 / q.p99).toFixed(2)}; ${attacked.length - failed} of ${attacked.length} lookups answered 200; ` +
      `of the ${SLOW_SOCKETS} slow sockets ${refused} were answered 503 too_many_connections, ${held} still open at the end`,
  )
}

/** The worst request shapes bench/worst-request.ts found, built from the heaviest ids of the catalog. */
function worstRequests(): { endpoint: string; body: unknown }[] {
  const { graph } = graphFor(undefined, [
    { username: DEMO.username, password: DEMO.password, name: 'Demo User' },
  ])
  const byDesc = <T>(xs: readonly T[], f: (x: T) => number): T[] => [...xs].sort((a, b) => f(b) - f(a))
  const titles = byDesc(graph.media, (m) => m.credits.length + m.traits.length * 200).map((m) => m.altId)
  const users = byDesc(graph.users, (u) => u.likes.length + u.follows.length).map((u) => u.altId)
  const traits = byDesc(graph.traits, (t) => t.media.length).map((t) => t.altId)
  const cycle = (xs: readonly string[], n: number) =>
    Array.from({ length: n }, (_, i) => xs[i % xs.length] as string)
  const leaves = [{ name: 'primaryImage' }, { name: 'socialMetrics' }, { name: 'userSocial' }]
  const nested = [
    ...leaves,
    {
      name: 'contributors',
      pageSize: 100,
      components: [...leaves, { name: 'contributions', pageSize: 100, components: leaves }],
    },
  ]
  return [
    {
      endpoint: 'relate',
      body: {
        factors: cycle(users, 50).map((id) => ({ id })),
        filters: { returnType: { $in: ['Movie', 'ShowSeries', 'Contributor'] } },
        pageSize: 100,
      },
    },
    {
      endpoint: 'silos',
      body: {
        blueprints: Array.from({ length: 20 }, (_, i) => ({
          type: 'BasedOnItem',
          filters: { traits: { $ne: traits[i % traits.length] } },
        })),
        ids: cycle(titles, 1000),
        pageSize: 100,
        siloPageSize: 100,
      },
    },
    { endpoint: 'lookup', body: { ids: cycle(titles, 1000), pageSize: 100, components: nested } },
    {
      endpoint: 'silos',
      body: {
        blueprints: Array.from({ length: 20 }, () => ({
          type: 'Content',
          params: { ids: cycle(titles, 833) },
        })),
        pageSize: 100,
        siloPageSize: 100,
      },
    },
  ]
}

async function costlyWork(): Promise<void> {
  const worst = worstRequests()
  const service = await startService({ rateLimit: false })
  const victim = await tokenFor(service, '127.0.0.6')
  const attackerToken = await tokenFor(service, '127.0.0.7')
  // Each worst request alone, for the record: its time and answer.
  const alone: string[] = []
  for (const w of worst) {
    const r = await graphPost(service, '127.0.0.7', attackerToken, w.endpoint, w.body)
    alone.push(`${w.endpoint} ${r.status} ${ms(r.ms)} ms`)
  }
  let stop = false
  await service.ask('reset')
  const timer = setTimeout(() => (stop = true), HOLD_MS / 3)
  const quiet = await lookupsUntil(service, '127.0.0.6', victim, () => stop)
  clearTimeout(timer)
  const quietDelay = await service.ask('delay')
  stop = false
  const statuses: Record<number, number> = {}
  let sent = 0
  const attacker = async () => {
    while (!stop) {
      const w = worst[sent++ % worst.length]!
      const r = await graphPost(service, '127.0.0.7', attackerToken, w.endpoint, w.body)
      statuses[r.status] = (statuses[r.status] ?? 0) + 1
    }
  }
  const attackers = Array.from({ length: IN_FLIGHT }, attacker)
  await sleep(200) // the 40 are in flight
  await service.ask('reset')
  const timer2 = setTimeout(() => (stop = true), HOLD_MS)
  const attacked = await lookupsUntil(service, '127.0.0.6', victim, () => stop)
  clearTimeout(timer2)
  const attackedDelay = await service.ask('delay')
  await Promise.all(attackers)
  service.stop()
  console.log(
    `\n### 3. One-id lookups from one address while another keeps ${IN_FLIGHT} of the worst requests in flight\n`,
  )
  console.log(`each worst request alone: ${alone.join('; ')}\n`)
  console.log('| one-id lookup | n | p50 ms | p99 ms | max ms | service event-loop delay max / p99 ms |')
  console.log('|---|---:|---:|---:|---:|---:|')
  const q = stats(quiet.map((r) => r.ms))
  const a = stats(attacked.map((r) => r.ms))
  console.log(`${line('alone (baseline)', q)} ${ms(quietDelay.maxMs!)} / ${ms(quietDelay.p99Ms!)} |`)
  console.log(`${line('during the attack', a)} ${ms(attackedDelay.maxMs!)} / ${ms(attackedDelay.p99Ms!)} |`)
  const failed = attacked.filter((r) => r.status !== 200).length
  console.log(
    `\np99 ratio ${(a.p99 / q.p99).toFixed(2)}; ${attacked.length - failed} of ${attacked.length} lookups answered 200; ` +
      `the attacker's ${sent} requests were answered ${JSON.stringify(statuses)}`,
  )
}

console.log(
  `# bench/abuse.bench.ts: Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
const only = process.env.ONLY
if (!only || only === '1') await signInBurst()
if (!only || only === '2') await slowSockets()
if (!only || only === '3') await costlyWork()
console.log(
  `\nload average at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
