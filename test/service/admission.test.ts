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
  COSTLY_SHAPE,
  DEFAULT_COSTLY,
  FIRST_PASS_BODY_BYTES,
  FIRST_PASSES,
  graphQueues,
  LIGHT_WORK,
} from '../../src/service/http/admission'
import { RateLimiter } from '../../src/service/http/rate-limit'
import { createHttpServer } from '../../src/service/http/server'
import { DEFAULT_LIMITS } from '../../src/service/query/context'
import { defaultImage } from '../../src/service/query/objects'
import { prepareQuery, runQuery } from '../../src/service/query/answer'
import { countStatuses, postFrom, type Answer } from './sockets'
import { benchLookup } from '../../bench/service-requests'

const users = [{ username: DEMO.username, password: DEMO.password, name: 'Demo User' }]
const { graph } = graphFor(undefined, users)
const deps = { graph, limits: DEFAULT_LIMITS, defaultImage: () => defaultImage('') }
const queues = graphQueues()
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
    graphWork: queues,
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

/**
 * A costly request: over the first pass's budget (20 sorts of every movie), a few milliseconds in all, and a
 * small answer (one movie), so that answers arrive in the order they were made.
 */
const COSTLY = {
  filters: { returnType: { $eq: 'Movie' } },
  sort: Array.from({ length: 20 }, () => ({ type: 'random' })),
  pageSize: 1,
}
const LOOKUP = { ids: ['mhmov-gladiator'] }

const send = (endpoint: string, body: unknown, address: string): Promise<Answer> =>
  postFrom(`${baseUrl}/graph/${endpoint}`, {
    localAddress: address,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

type Queue = keyof typeof queues

/** Holds a queue's one slot (once it has it) until the returned function is called. */
function hold(queue: Queue): Promise<() => void> {
  return new Promise((held) => {
    void queues[queue].enter('holder', () => new Promise<void>((release) => held(release)))
  })
}

/** Resolves once `count` tasks wait in `queue`. */
async function waiting(queue: Queue, count: number): Promise<void> {
  while (queues[queue].size.waiting < count) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('admission of costly graph work', () => {
  it('takes the request used here as costly: over the first budget, under the full one', () => {
    const query = prepareQuery(deps, 'explore', COSTLY)
    expect(() => runQuery(deps, query, DEMO.username, 'text', LIGHT_WORK)).toThrow(/units of work/)
    expect(() => runQuery(deps, query, DEMO.username)).not.toThrow()
  })

  it('answers 503 overloaded with Retry-After to what the queues cannot take, and the rest in full', async () => {
    const releaseFirst = await hold('firstPasses')
    const releaseCostly = await hold('costly')
    const sent = 40
    const answers = Array.from({ length: sent }, () => send('explore', COSTLY, '127.0.0.71'))
    // 16 first passes wait for the held slot; the other 24 are refused before their body is parsed.
    await waiting('firstPasses', FIRST_PASSES.perKey)
    releaseFirst()
    // Of the 16, 4 wait in the costly queue (its share per address); 12 are refused there.
    while (queues.firstPasses.size.running + queues.firstPasses.size.waiting > 0)
      await new Promise((resolve) => setTimeout(resolve, 5))
    expect(queues.costly.size).toEqual({ running: 1, waiting: DEFAULT_COSTLY.perKey })
    releaseCostly()
    const all = await Promise.all(answers)
    expect(countStatuses(all)).toEqual({ 200: DEFAULT_COSTLY.perKey, 503: sent - DEFAULT_COSTLY.perKey })
    for (const refused of all.filter((a) => a.status === 503)) {
      expect(refused.body).toMatchObject({ error: 'overloaded', status: 503 })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    }
  })

  it('answers a cheap request while costly ones wait, however many', async () => {
    const releaseCostly = await hold('costly')
    const costly = Array.from({ length: DEFAULT_COSTLY.perKey }, () => send('explore', COSTLY, '127.0.0.72'))
    await waiting('costly', DEFAULT_COSTLY.perKey)
    // The costly queue is held with 4 waiting: the lookups of other addresses are answered all the same.
    const lookups = await Promise.all(
      ['127.0.0.73', '127.0.0.74', '127.0.0.73'].map((address) => send('lookup', LOOKUP, address)),
    )
    expect(countStatuses(lookups)).toEqual({ 200: 3 })
    expect(queues.costly.size).toEqual({ running: 1, waiting: DEFAULT_COSTLY.perKey })
    releaseCostly()
    expect(countStatuses(await Promise.all(costly))).toEqual({ 200: DEFAULT_COSTLY.perKey })
  })

  it('sends a body over 8 KiB to the costly queue without a first pass', async () => {
    const releaseFirst = await hold('firstPasses')
    const releaseCostly = await hold('costly')
    const large = { ids: Array.from({ length: 400 }, (_, i) => graph.media[i]!.altId) }
    expect(Buffer.byteLength(JSON.stringify(large))).toBeGreaterThan(FIRST_PASS_BODY_BYTES)
    const answer = send('lookup', large, '127.0.0.77')
    // First passes are held, and yet it waits in the costly queue.
    await waiting('costly', 1)
    expect(queues.firstPasses.size.waiting).toBe(0)
    releaseCostly()
    expect((await answer).status).toBe(200)
    releaseFirst()
  })

  it('sends a request of a costly shape to the costly queue after fromJSON, an ordinary one not', async () => {
    const release = await hold('costly')
    const users = graph.users.slice(0, COSTLY_SHAPE.factors + 1).map((user) => ({ id: user.altId }))
    const shaped = send('relate', { factors: users, filters: {} }, '127.0.0.78')
    await waiting('costly', 1)
    // An ordinary page (20 titles, a list of contributors and an image each) is answered meanwhile.
    const ordinary = await send(
      'explore',
      {
        filters: { returnType: { $eq: 'Movie' } },
        components: [{ name: 'keyContributors' }, { name: 'primaryImage' }],
      },
      '127.0.0.78',
    )
    expect(ordinary.status).toBe(200)
    expect(queues.costly.size).toEqual({ running: 1, waiting: 1 })
    release()
    expect((await shaped).status).toBe(200)
  })

  it("counts a lookup's objects by the ids it asks for, not by a page: a few titles with nested lists are answered at once", async () => {
    const release = await hold('costly')
    try {
      // bench:service's lookup: 3 titles, each with people (their images and 5 credits each), traits and sources.
      // A page of 20 of these would be a costly shape (3,640 objects); 3 ids make 546.
      const first = await Promise.race([
        send('lookup', benchLookup, '127.0.0.79'),
        waiting('costly', 1).then(() => 'waits in the costly queue'),
      ])
      expect(first).toMatchObject({ status: 200 })
    } finally {
      release()
    }
  })

  it('takes turns by address in the costly queue: a second address waits for one costly request, not all', async () => {
    const release = await hold('costly')
    const order: string[] = []
    const first = Array.from({ length: DEFAULT_COSTLY.perKey }, () =>
      send('explore', COSTLY, '127.0.0.75').then(() => order.push('A')),
    )
    await waiting('costly', DEFAULT_COSTLY.perKey)
    const second = send('explore', COSTLY, '127.0.0.76').then(() => order.push('B'))
    await waiting('costly', DEFAULT_COSTLY.perKey + 1)
    release()
    await Promise.all([...first, second])
    expect(order).toEqual(['A', 'B', 'A', 'A', 'A'])
  })
})
