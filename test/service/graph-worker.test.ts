// The thread costly requests run on (issue 24): it answers a prepared request with the same bytes, or the same
// error, as the event loop would, over the same catalog; it stops when closed, and what was on it fails.
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

beforeAll(async () => {
  worker = new GraphWorker(() => ({ catalog: undefined, users, limits: DEFAULT_LIMITS, baseUrl }))
  while (!worker.ready()) await new Promise((resolve) => setTimeout(resolve, 20))
}, 60_000)
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
    expect(await read('{"ids": ["mhmov-\\u202e"]}')).toMatchObject({
      status: 400,
      body: { error: 'invalid_id', path: '$.ids[0]' },
    })
  })

  it('takes requests side by side and answers each its own', async () => {
    const all = await Promise.all(requests.map(([endpoint, body]) => onWorker(endpoint, body)))
    expect(all).toEqual(requests.map(([endpoint, body]) => inThread(endpoint, body)))
  })

  it('fails what is on it when closed, and starts again when asked', async () => {
    const [endpoint, body] = requests[0]
    const running = worker.run({ query: prepareQuery(deps, endpoint, body) }, DEMO.username)
    // The expectation holds the promise before close rejects it: no rejection goes unhandled meanwhile.
    const refused = expect(running).rejects.toThrow(/stopped/)
    await worker.close()
    await refused
    expect(worker.ready()).toBe(false)
    while (!worker.ready()) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await onWorker(endpoint, body)).toEqual(inThread(endpoint, body))
  }, 60_000)
})
