// The thread costly requests run on (issue 24): it answers a prepared request with the same bytes, or the same
// error, as the event loop would, over the same catalog; services of one process over the same catalog share it,
// each with its own limits and origin; what a service had on it fails when it closes, and the thread stops a
// while after its last service closed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO } from 'hql/service'
import { errorResponse } from '../../src/service/http/errors'
import { graphFor } from '../../src/service/graph/shared-graph'
import { prepareQuery, runQuery } from '../../src/service/query/answer'
import { DEFAULT_LIMITS } from '../../src/service/query/context'
import { GraphWorker } from '../../src/service/query/graph-worker'
import { jsonBytes } from '../../src/service/query/json-text'
import { defaultImage } from '../../src/service/query/objects'

const users = [{ username: DEMO.username, name: 'Demo User' }]
const baseUrl = 'http://127.0.0.1:9'
const { graph } = graphFor(
  undefined,
  users.map((u) => ({ ...u, password: '' })),
)
const deps = { graph, limits: DEFAULT_LIMITS, defaultImage: () => defaultImage(baseUrl) }
let worker: GraphWorker

// Short, so that the last test sees the thread stop; the default is 30 s.
const lingerMs = 100
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const sameCatalog = (limits = DEFAULT_LIMITS, origin = baseUrl) =>
  new GraphWorker(() => ({ catalog: undefined, users, limits, baseUrl: origin }), lingerMs)

beforeAll(async () => {
  worker = sameCatalog()
  while (!worker.ready()) await new Promise((resolve) => setTimeout(resolve, 20))
})
afterAll(() => worker.close())

/** What the event loop gives: the answer's bytes, or the error body. */
function inThread(endpoint: 'explore' | 'relate' | 'silos' | 'lookup', body: unknown): unknown {
  const query = prepareQuery(deps, endpoint, body)
  try {
    return jsonBytes(runQuery(deps, query, DEMO.username)).toString('utf8')
  } catch (error) {
    return errorResponse(error)
  }
}

async function onWorker(
  endpoint: 'explore' | 'relate' | 'silos' | 'lookup',
  body: unknown,
): Promise<unknown> {
  const query = prepareQuery(deps, endpoint, body)
  try {
    return jsonBytes(await worker.run({ query }, DEMO.username)).toString('utf8')
  } catch (error) {
    return errorResponse(error)
  }
}

const requests = [
  [
    'explore',
    {
      filters: { returnType: { $eq: 'Movie' } },
      pageSize: 100,
      components: [{ name: 'contributors', pageSize: 100 }],
    },
  ],
  [
    'relate',
    { factors: [{ id: 'mhals-current-user' }], pageSize: 50, components: [{ name: 'primaryImage' }] },
  ],
  ['silos', { blueprints: [{ type: 'GraphLens' }, { type: 'RecommendedForYou' }, { type: 'Explore' }] }],
  ['lookup', { ids: ['mhmov-gladiator', 'IMDB:Movie:nope'], components: [{ name: 'keyContributors' }] }],
  // Errors the data gives: too much work, too many objects.
  ['explore', { filters: {}, sort: Array.from({ length: 300 }, () => ({ type: 'random' })), pageSize: 100 }],
  [
    'lookup',
    {
      ids: Array.from({ length: 100 }, (_, i) => graph.media[i]!.altId),
      pageSize: 100,
      components: [
        { name: 'contributors', pageSize: 100, components: [{ name: 'contributions', pageSize: 100 }] },
      ],
    },
  ],
] as const

describe('the graph worker', () => {
  it.each(requests.map(([endpoint, body], i) => [i, endpoint, body] as const))(
    'answers request %i (%s) as the event loop does, to the byte',
    async (_, endpoint, body) => {
      expect(await onWorker(endpoint, body)).toEqual(inThread(endpoint, body))
    },
  )

  it('reads a body itself (the large ones it is given as they came), errors and all', async () => {
    const body = { ids: Array.from({ length: 600 }, (_, i) => graph.media[i % 300]!.altId), pageSize: 100 }
    const read = async (bytes: string) => {
      try {
        const answer = await worker.run({ endpoint: 'lookup', body: Buffer.from(bytes) }, DEMO.username)
        return jsonBytes(answer).toString('utf8')
      } catch (error) {
        return errorResponse(error)
      }
    }
    expect(await read(JSON.stringify(body))).toEqual(inThread('lookup', body))
    expect(await read('{"ids": [')).toMatchObject({ status: 400, body: { error: 'invalid_json' } })
    expect(await read('{"ids": [], "ids": ["mhmov-gladiator"]}')).toMatchObject({
      status: 400,
      body: { error: 'invalid_json', path: '$.ids' },
    })
    expect(await read('{"ids": ["mhmov-\\u202e"]}')).toMatchObject({
      status: 400,
      body: { error: 'invalid_id', path: '$.ids[0]' },
    })
  })

  it('takes requests side by side and answers each its own', async () => {
    const all = await Promise.all(requests.map(([endpoint, body]) => onWorker(endpoint, body)))
    expect(all).toEqual(requests.map(([endpoint, body]) => inThread(endpoint, body)))
  })

  it('is shared by the services of the same catalog and users, each with its own limits and origin', async () => {
    const limits = { ...DEFAULT_LIMITS, maxObjects: 5 }
    const origin = 'http://127.0.0.1:10'
    const other = sameCatalog(limits, origin)
    // Ready at once: a thread of its own could not have built a graph before this line.
    expect(other.ready()).toBe(true)
    const theirs = { graph, limits, defaultImage: () => defaultImage(origin) }
    const inTheirThread = (endpoint: 'lookup' | 'explore', body: unknown) => {
      try {
        return jsonBytes(runQuery(theirs, prepareQuery(theirs, endpoint, body), DEMO.username)).toString(
          'utf8',
        )
      } catch (error) {
        return errorResponse(error)
      }
    }
    const onTheirs = async (endpoint: 'lookup' | 'explore', body: unknown) => {
      try {
        const answer = await other.run({ query: prepareQuery(theirs, endpoint, body) }, DEMO.username)
        return jsonBytes(answer).toString('utf8')
      } catch (error) {
        return errorResponse(error)
      }
    }
    try {
      const image = { ids: ['mhmov-gladiator'], components: [{ name: 'secondaryImage' }] }
      expect(await onTheirs('lookup', image)).toEqual(inTheirThread('lookup', image))
      expect(await onTheirs('lookup', image)).toContain(`${origin}/`)
      expect(await onWorker('lookup', image)).toContain(`${baseUrl}/`)
      const many = requests[0][1]
      expect(await onTheirs('explore', many)).toMatchObject({ body: { error: 'response_too_large' } })
      expect(await onWorker('explore', many)).toEqual(inThread('explore', many))
    } finally {
      await other.close()
    }
  })

  it("fails only the closing service's requests; the thread stays for the others", async () => {
    const [endpoint, body] = requests[0]
    const other = sameCatalog()
    expect(other.ready()).toBe(true)
    const theirs = other.run({ query: prepareQuery(deps, endpoint, body) }, DEMO.username)
    const ours = worker.run({ query: prepareQuery(deps, endpoint, body) }, DEMO.username)
    // The expectation holds the promise before close rejects it: no rejection goes unhandled meanwhile.
    const refused = expect(theirs).rejects.toThrow(/stopped/)
    await other.close()
    await refused
    expect(jsonBytes(await ours).toString('utf8')).toEqual(inThread(endpoint, body))
    expect(worker.ready()).toBe(true)
  })

  it('fails what is on it when its last service closes, lingers, then stops; asked again, starts again', async () => {
    const [endpoint, body] = requests[0]
    const running = worker.run({ query: prepareQuery(deps, endpoint, body) }, DEMO.username)
    const refused = expect(running).rejects.toThrow(/stopped/)
    await worker.close()
    await refused
    // Within the linger (no timer has run since the close): a new service takes the same thread, ready.
    const next = sameCatalog()
    expect(next.ready()).toBe(true)
    await next.close()
    // Closed for good: a costly request its service queued before closing runs on the event loop, and does not
    // take the thread again (it would never be let go).
    expect(next.ready()).toBe(false)
    expect(worker.ready()).toBe(false)
    // Past it: the thread has stopped, and the next service starts one of its own.
    await sleep(lingerMs * 3)
    worker = sameCatalog()
    expect(worker.ready()).toBe(false)
    while (!worker.ready()) await sleep(20)
    expect(await onWorker(endpoint, body)).toEqual(inThread(endpoint, body))
  })
})
