// Admission of costly graph work (issue 24): every request has a first pass of a small budget, in turns by
// address; one over it waits in a bounded lane of costly requests; what the lanes cannot take is answered 503
// `overloaded` with Retry-After at once. The service's HTTP server over a real graph, its queue held by the
// test (one task that does not end until the test says), so that what is admitted, refused and answered first
// is counted exactly, never timed (bench/abuse.bench.ts measures the times).
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO } from 'hql/service'
import { NO_FAILURE_LIMIT } from '../../src/service/auth/failures'
import { Registry } from '../../src/service/auth/registry'
import { TokenStore } from '../../src/service/auth/tokens'
import { DEFAULT_CONNECTION_LIMITS } from '../../src/service/create-service'
import { graphFor } from '../../src/service/graph/shared-graph'
import {
  DEFAULT_COSTLY_LANE,
  FIRST_PASS_LANE,
  graphQueue,
  LIGHT_WORK,
} from '../../src/service/http/admission'
import { RateLimiter } from '../../src/service/http/rate-limit'
import { createHttpServer } from '../../src/service/http/server'
import { DEFAULT_LIMITS } from '../../src/service/query/context'
import { defaultImage } from '../../src/service/query/objects'
import { prepareQuery, runQuery } from '../../src/service/query/answer'
import { countStatuses, postFrom, type Answer } from './sockets'

const users = [{ username: DEMO.username, password: DEMO.password, name: 'Demo User' }]
const { graph } = graphFor(undefined, users)
const deps = { graph, limits: DEFAULT_LIMITS, defaultImage: () => defaultImage('') }
const queue = graphQueue()
let baseUrl: string
let token: string
let close: () => Promise<void>

beforeAll(async () => {
  const tokens = new TokenStore({ accessSeconds: 3600, refreshSeconds: 3600 }, Date.now)
  const server = createHttpServer({
    ...deps,
    registry: await Registry.create([], []),
    tokens,
    limiter: new RateLimiter({ requests: 1e9, windowSeconds: 60 }, Date.now),
    failures: NO_FAILURE_LIMIT,
    connections: DEFAULT_CONNECTION_LIMITS,
    maxBodyBytes: 100 * 1024,
    playgroundDir: '/nonexistent',
    graphWork: queue,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  token = tokens.issue(
    { clientId: DEMO.clientId, username: DEMO.username, scopes: ['public_profile'] },
    false,
  ).accessToken
  close = () => new Promise((resolve) => server.close(() => resolve()))
})
afterAll(() => close())

/** A costly request: over the first pass's budget, a few milliseconds in all. */
const COSTLY = {
  filters: { returnType: { $eq: 'Movie' } },
  pageSize: 100,
  components: [{ name: 'contributors', pageSize: 100 }],
}
const LOOKUP = { ids: ['mhmov-gladiator'] }

const send = (endpoint: string, body: unknown, address: string): Promise<Answer> =>
  postFrom(`${baseUrl}/graph/${endpoint}`, {
    localAddress: address,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

/** Holds the queue's one slot until the returned function is called. */
function holdQueue(): () => void {
  let release = (): void => undefined
  void queue.enter('holder', () => new Promise<void>((resolve) => (release = resolve)))
  return () => release()
}

/** Resolves once `count` tasks wait in `lane`. */
async function waiting(lane: number, count: number): Promise<void> {
  while (queue.size.waiting[lane]! < count) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('admission of costly graph work', () => {
  it('takes the request used here as costly: over the first budget, under the full one', () => {
    const query = prepareQuery(deps, 'explore', COSTLY)
    expect(() => runQuery(deps, query, DEMO.username, 'text', LIGHT_WORK)).toThrow(/units of work/)
    expect(() => runQuery(deps, query, DEMO.username)).not.toThrow()
  })

  it('answers 503 overloaded with Retry-After to what the lanes cannot take, and the rest in full', async () => {
    const release = holdQueue()
    const sent = 40
    const answers: Promise<Answer>[] = Array.from({ length: sent }, () =>
      send('explore', COSTLY, '127.0.0.71'),
    )
    // 16 first passes wait for the held slot; the other 24 are refused before their body is parsed.
    await waiting(0, FIRST_PASS_LANE.perKey)
    release()
    const all = await Promise.all(answers)
    // Of the 16 first passes, 4 fit the costly lane (its share per address) and 12 are refused there.
    expect(countStatuses(all)).toEqual({
      200: DEFAULT_COSTLY_LANE.perKey,
      503: sent - DEFAULT_COSTLY_LANE.perKey,
    })
    for (const refused of all.filter((a) => a.status === 503)) {
      expect(refused.body).toMatchObject({ error: 'overloaded', status: 503 })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    }
  })

  it('answers a cheap request of another address before any costly one waiting', async () => {
    const release = holdQueue()
    const order: string[] = []
    const costly = Array.from({ length: DEFAULT_COSTLY_LANE.perKey }, (_, i) =>
      send('explore', COSTLY, '127.0.0.72').then((a) => order.push(`costly ${i}: ${a.status}`)),
    )
    await waiting(0, DEFAULT_COSTLY_LANE.perKey)
    const lookup = send('lookup', LOOKUP, '127.0.0.73').then((a) => order.push(`lookup: ${a.status}`))
    await waiting(0, DEFAULT_COSTLY_LANE.perKey + 1)
    release()
    await Promise.all([...costly, lookup])
    // The first passes go first (in turns: A, B, A, ...), then the costly runs: the lookup never waits for one.
    expect(order[0]).toBe('lookup: 200')
    expect(order.slice(1).sort()).toEqual(
      Array.from({ length: DEFAULT_COSTLY_LANE.perKey }, (_, i) => `costly ${i}: 200`),
    )
  })

  it('takes turns by address in the costly lane: a second address waits for one costly request, not all', async () => {
    const release = holdQueue()
    const order: string[] = []
    const first = Array.from({ length: DEFAULT_COSTLY_LANE.perKey }, () =>
      send('explore', COSTLY, '127.0.0.74').then(() => order.push('A')),
    )
    await waiting(0, DEFAULT_COSTLY_LANE.perKey)
    const second = send('explore', COSTLY, '127.0.0.75').then(() => order.push('B'))
    await waiting(0, DEFAULT_COSTLY_LANE.perKey + 1)
    release()
    await Promise.all([...first, second])
    // A's first pass went first, so A's first costly run does too; B's comes next, ahead of A's other three.
    expect(order).toEqual(['A', 'B', 'A', 'A', 'A'])
  })
})
