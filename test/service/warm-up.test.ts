// A fresh service answers its first heavy request warm (issue 9: ≤ 250 ms for the worst request, the first one
// included): createService runs the warm-up of src/service/query/warm-up.ts over its graph before it listens.
// No timing here (bench/worst-request.ts measures the first request of a fresh service); these check that the
// warm-up runs, and that each of its requests is answered, so that it walks the paths it is meant to.
import { createQueryEngine, createService, DEMO } from 'hql/service'
import { describe, expect, it } from 'vitest'
import { graphFor } from '../../src/service/graph/shared-graph'
import { isWarm, warmUpRequests } from '../../src/service/query/warm-up'

const demoGraph = () =>
  graphFor(undefined, [{ username: DEMO.username, password: DEMO.password, name: 'Demo User' }]).graph

describe('the warm-up of a fresh service', () => {
  it('has run over the graph by the time createService resolves', async () => {
    expect(isWarm(demoGraph())).toBe(false)
    await using service = await createService({ rateLimit: false })
    expect(service.baseUrl).toMatch(/^http:/)
    expect(isWarm(demoGraph())).toBe(true)
  })

  it('asks for what the heaviest requests walk, and each request is answered 200 over the sample catalog', () => {
    const requests = warmUpRequests(demoGraph())
    expect(requests.map((r) => r.endpoint).sort()).toEqual(['lookup', 'relate', 'silos'])
    const engine = createQueryEngine()
    for (const { endpoint, body } of requests) {
      const answer = engine.answer(endpoint, body)
      expect({ endpoint, status: answer.status }).toEqual({ endpoint, status: 200 })
      // Objects were rendered, not an empty page: the warm-up walked the graph.
      expect(JSON.stringify(answer.body)).toContain('"object":{"mhid"')
    }
  })

  it('leaves out what a catalog without users or credits cannot name, instead of failing the start', () => {
    const bare = { ...demoGraph(), users: [], media: [], traits: [] } as unknown as ReturnType<
      typeof demoGraph
    >
    expect(warmUpRequests(bare)).toEqual([])
  })
})
