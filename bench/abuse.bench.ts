// The reference service under parallel abuse (issue 24), over real HTTP. Three processes per scenario: the
// service (bench/abuse-service.ts, with an event-loop delay monitor), the attacker (this file with ROLE=attacker,
// so that its busy loops do not delay the measuring process's own event loop), and this process, which measures
// what another user sees. Every figure is printed beside its baseline from the same run: the same measurement
// with no attack.
//  1. sign-in: another user's password grants while one address sends 300 wrong guesses at once (300
//     usernames: the worst case, 30 checks per address run), round after round, a fresh address each round;
//     with every guess let in (a cap of 350 connections per address), then with the default cap (64); the
//     attacker writes its 300 requests on raw sockets, prepared beforehand, so that its own CPU is small;
//  2. slow sockets: one-id lookups from one address while another holds 1,000 sockets that never finish their
//     headers;
//  3. costly work: one-id lookups from one address while another keeps 40 of the worst requests known
//     (bench/worst-request.ts) in flight, and the service's event-loop delay (monitorEventLoopDelay, 10 ms
//     resolution).
// Addresses are real: each side binds to its own 127.0.0.x (all of 127.0.0.0/8 reaches a service on 127.0.0.1).
// Run: npx tsx bench/abuse.bench.ts   (ROUNDS=10 sign-in rounds, HOLD_MS=6000 per attack, ONLY=1|2|3)
import { fork, type ChildProcess } from 'node:child_process'
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
const here = fileURLToPath(import.meta.url)

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
    const failed = () => resolve({ status: 0, ms: performance.now() - started, body: '' })
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
        response.on('error', failed)
      },
    )
    request.on('error', failed)
    request.end(body)
  })
}

const basic = `Basic ${Buffer.from(`${DEMO.clientId}:${DEMO.clientSecret}`).toString('base64')}`
const signIn = (authUrl: string, address: string, username: string, password: string) =>
  post(
    `${authUrl}/1.3/security/oauth/token`,
    address,
    { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({ grant_type: 'password', username, password, scope: 'public_profile' }).toString(),
  )

async function tokenFor(authUrl: string, address: string): Promise<string> {
  const reply = await signIn(authUrl, address, DEMO.username, DEMO.password)
  return (JSON.parse(reply.body) as { access_token: string }).access_token
}

const graphPost = (baseUrl: string, address: string, token: string, endpoint: string, body: string) =>
  post(
    `${baseUrl}/graph/${endpoint}`,
    address,
    { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body,
  )

const LOOKUP = JSON.stringify({ ids: ['mhmov-gladiator'] })
const sleep = (time: number) => new Promise((resolve) => setTimeout(resolve, time))

/** The worst request shapes bench/worst-request.ts found, built from the heaviest ids of the catalog. */
function worstRequests(): { endpoint: string; body: string }[] {
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
  // 20 Content blueprints of as many ids each as fit the 100 KiB body limit.
  const content = (count: number) => ({
    blueprints: Array.from({ length: 20 }, () => ({
      type: 'Content',
      params: { ids: cycle(titles, count) },
    })),
    pageSize: 100,
    siloPageSize: 100,
  })
  let count = 1000
  while (Buffer.byteLength(JSON.stringify(content(count))) > 100 * 1024) count -= 10
  const shapes = [
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
    { endpoint: 'silos', body: content(count) },
  ]
  return shapes.map((shape) => ({ endpoint: shape.endpoint, body: JSON.stringify(shape.body) }))
}

// ---------------------------------------------------------------------------------------------------------
// The attacker's side (ROLE=attacker): told what to do over IPC, it answers with the counts of its answers.

type Order =
  | { readonly kind: 'guesses'; readonly authUrl: string; readonly address: string; readonly round: number }
  | {
      readonly kind: 'costly'
      readonly baseUrl: string
      readonly authUrl: string
      readonly address: string
      readonly ms: number
    }

async function attack(order: Order): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  const count = (status: number) => (counts[status] = (counts[status] ?? 0) + 1)
  if (order.kind === 'guesses') {
    // The requests' bytes made first, then written on raw sockets all at once: the burst costs this process
    // little, so that what the victim sees is the service's doing, not the attacker's CPU on the same cores.
    const url = new URL(`${order.authUrl}/1.3/security/oauth/token`)
    const requests = Array.from({ length: GUESSES }, (_, i) => {
      const form = new URLSearchParams({
        grant_type: 'password',
        username: `user${order.round}-${i}`,
        password: `guess ${i}`,
        scope: 'public_profile',
      }).toString()
      return Buffer.from(
        `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${basic}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\n` +
          `Connection: close\r\n\r\n${form}`,
      )
    })
    const statuses = await Promise.all(
      requests.map(
        (bytes) =>
          new Promise<number>((resolve) => {
            let head = ''
            const socket = connect({
              port: Number(url.port),
              host: url.hostname,
              localAddress: order.address,
            })
            socket.once('connect', () => socket.write(bytes))
            socket.on('data', (chunk) => (head += chunk))
            socket.on('error', () => undefined)
            socket.on('close', () => resolve(Number(head.slice(9, 12)) || 0))
          }),
      ),
    )
    statuses.forEach(count)
    return counts
  }
  const worst = worstRequests()
  const token = await tokenFor(order.authUrl, order.address)
  const until = performance.now() + order.ms
  let sent = 0
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < until) {
        const w = worst[sent++ % worst.length]!
        count((await graphPost(order.baseUrl, order.address, token, w.endpoint, w.body)).status)
      }
    }),
  )
  counts.sent = sent
  return counts
}

if (process.env.ROLE === 'attacker') {
  process.on(
    'message',
    (order) =>
      void attack(order as Order).then((counts) => {
        process.send?.(counts)
      }),
  )
  process.send?.('ready')
}

// ---------------------------------------------------------------------------------------------------------
// The measuring side.

interface Child {
  readonly process: ChildProcess
  ask(message: unknown): Promise<Record<string, number>>
  stop(): void
}

async function child(
  file: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Child & { first: unknown }> {
  const forked = fork(file, args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  })
  const first = await new Promise<unknown>((resolve, reject) => {
    forked.once('error', reject)
    forked.once('message', resolve)
  })
  return {
    process: forked,
    first,
    ask: (message) =>
      new Promise((resolve) => {
        forked.once('message', (answer) => resolve(answer as Record<string, number>))
        forked.send(message as object)
      }),
    stop: () => forked.kill(),
  }
}

async function startService(options: Record<string, unknown>) {
  const service = await child(fileURLToPath(new URL('./abuse-service.ts', import.meta.url)), [
    JSON.stringify(options),
  ])
  return { ...service, ...(service.first as { baseUrl: string; authUrl: string }) }
}

const startAttacker = () => child(here, [], { ROLE: 'attacker' })

function stats(values: readonly number[]): { n: number; p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN }
}
const ms = (value: number) => value.toFixed(0)
const row = (label: string, s: ReturnType<typeof stats>) =>
  `| ${label} | ${s.n} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} |`

/** Lookups from `address`, one after another 10 ms apart, for `time` ms. */
async function lookupsFor(baseUrl: string, address: string, token: string, time: number): Promise<Reply[]> {
  const replies: Reply[] = []
  const until = performance.now() + time
  while (performance.now() < until) {
    replies.push(await graphPost(baseUrl, address, token, 'lookup', LOOKUP))
    await sleep(10)
  }
  return replies
}

/**
 * Scenario 1, on a service whose cap on connections per address lets every guess in (`open`), so that all 300
 * reach the token endpoint, or on a service with the default cap (64), where most are refused at the door.
 */
async function signInBurst(open: boolean): Promise<void> {
  const users = Array.from({ length: 4 }, (_, i) => ({ username: `victim${i}`, password: 'the right one' }))
  const service = await startService({
    users,
    rateLimit: false,
    ...(open ? { maxConnectionsPerAddress: GUESSES + 50 } : {}),
  })
  const attacker = await startAttacker()
  const quiet: number[] = []
  const attacked: number[] = []
  const guesses: Record<string, number> = {}
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < 8; i++)
      quiet.push((await signIn(service.authUrl, '127.0.0.3', `victim${i % 4}`, 'the right one')).ms)
    let finished = false
    const burst = attacker
      .ask({ kind: 'guesses', authUrl: service.authUrl, address: `127.0.1.${round + 1}`, round })
      .then((counts) => {
        finished = true
        for (const [status, n] of Object.entries(counts)) guesses[status] = (guesses[status] ?? 0) + n
      })
    for (let i = 0; !finished; i++)
      attacked.push((await signIn(service.authUrl, '127.0.0.3', `victim${i % 4}`, 'the right one')).ms)
    await burst
  }
  attacker.stop()
  service.stop()
  const q = stats(quiet)
  const a = stats(attacked)
  const cap = open ? `${GUESSES + 50} connections per address` : 'the default 64 connections per address'
  console.log(
    `\n### 1. Another user's sign-in during a ${GUESSES}-guess burst from one address (${ROUNDS} rounds, ${cap})\n`,
  )
  console.log('| sign-in of another user | n | p50 ms | p99 ms | max ms |')
  console.log('|---|---:|---:|---:|---:|')
  console.log(row('alone (baseline)', q))
  console.log(row('during the bursts', a))
  console.log(
    `\np99 ratio ${(a.p99 / q.p99).toFixed(2)}; the guesses were answered ${JSON.stringify(guesses)}`,
  )
}

async function slowSockets(): Promise<void> {
  const service = await startService({ rateLimit: false })
  const token = await tokenFor(service.authUrl, '127.0.0.4')
  const port = Number(new URL(service.baseUrl).port)
  const quiet = await lookupsFor(service.baseUrl, '127.0.0.4', token, HOLD_MS / 3)
  const sockets: Socket[] = []
  let refused = 0
  await Promise.all(
    Array.from(
      { length: SLOW_SOCKETS },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.5' })
          sockets.push(socket)
          socket.on('error', () => resolve())
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
  // Within the service's 10 s header timeout: the held sockets stay held all along.
  const attacked = await lookupsFor(service.baseUrl, '127.0.0.4', token, Math.min(HOLD_MS, 8000))
  const held = sockets.filter((s) => !s.destroyed).length
  sockets.forEach((s) => s.destroy())
  service.stop()
  const q = stats(quiet.map((r) => r.ms))
  const a = stats(attacked.map((r) => r.ms))
  console.log(`\n### 2. One-id lookups from one address while another holds ${SLOW_SOCKETS} slow sockets\n`)
  console.log('| one-id lookup | n | p50 ms | p99 ms | max ms |')
  console.log('|---|---:|---:|---:|---:|')
  console.log(row('alone (baseline)', q))
  console.log(row('during the attack', a))
  const ok = attacked.filter((r) => r.status === 200).length
  console.log(
    `\np99 ratio ${(a.p99 / q.p99).toFixed(2)}; ${ok} of ${attacked.length} lookups answered 200; of the ` +
      `${SLOW_SOCKETS} slow sockets ${refused} were answered 503 too_many_connections, ${held} held to the end`,
  )
}

async function costlyWork(): Promise<void> {
  const worst = worstRequests()
  const service = await startService({ rateLimit: false })
  const attacker = await startAttacker()
  const victim = await tokenFor(service.authUrl, '127.0.0.6')
  const alone: string[] = []
  const attackerToken = await tokenFor(service.authUrl, '127.0.0.7')
  for (const w of worst) {
    const r = await graphPost(service.baseUrl, '127.0.0.7', attackerToken, w.endpoint, w.body)
    alone.push(`${w.endpoint} ${r.status} ${ms(r.ms)} ms`)
  }
  await service.ask('reset')
  const quiet = await lookupsFor(service.baseUrl, '127.0.0.6', victim, HOLD_MS / 3)
  const quietDelay = await service.ask('delay')
  const attack = attacker.ask({
    kind: 'costly',
    baseUrl: service.baseUrl,
    authUrl: service.authUrl,
    address: '127.0.0.7',
    ms: HOLD_MS + 1000,
  })
  await sleep(500) // the 40 are in flight
  await service.ask('reset')
  const attacked = await lookupsFor(service.baseUrl, '127.0.0.6', victim, HOLD_MS)
  const attackedDelay = await service.ask('delay')
  const counts = await attack
  attacker.stop()
  service.stop()
  const q = stats(quiet.map((r) => r.ms))
  const a = stats(attacked.map((r) => r.ms))
  console.log(
    `\n### 3. One-id lookups from one address while another keeps ${IN_FLIGHT} of the worst requests in flight\n`,
  )
  console.log(`each worst request alone: ${alone.join('; ')}\n`)
  console.log('| one-id lookup | n | p50 ms | p99 ms | max ms | service event-loop delay max / p99 ms |')
  console.log('|---|---:|---:|---:|---:|---:|')
  console.log(`${row('alone (baseline)', q)} ${ms(quietDelay.maxMs!)} / ${ms(quietDelay.p99Ms!)} |`)
  console.log(`${row('during the attack', a)} ${ms(attackedDelay.maxMs!)} / ${ms(attackedDelay.p99Ms!)} |`)
  const ok = attacked.filter((r) => r.status === 200).length
  console.log(
    `\np99 ratio ${(a.p99 / q.p99).toFixed(2)}; ${ok} of ${attacked.length} lookups answered 200; ` +
      `the attacker's requests were answered ${JSON.stringify(counts)}`,
  )
}

if (process.env.ROLE !== 'attacker') {
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')
  console.log(
    `# bench/abuse.bench.ts: Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${load()}`,
  )
  const only = process.env.ONLY
  if (!only || only === '1') {
    await signInBurst(true)
    await signInBurst(false)
  }
  if (!only || only === '2') await slowSockets()
  if (!only || only === '3') await costlyWork()
  console.log(`\nload average at the end ${load()}`)
}
