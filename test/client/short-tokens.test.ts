// A token that lives less than the refresh margin (60 s by default) is renewed once in its life, not on every
// call (issue 26): by one client, and by clients sharing a store, which read each other's tokens. Real HTTP
// against the fake service issuing short tokens.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { memoryTokenStore } from '../../src/client'
import { startFakeService, type FakeService } from './fake-service'
import { clientFor, exploreMovies } from './helpers'

let service: FakeService
let oneSecond: FakeService
beforeAll(async () => {
  // 20 s tokens, as in the issue: a third of the default margin.
  service = await startFakeService({ expiresIn: 20 })
  oneSecond = await startFakeService({ expiresIn: 1 })
})
afterAll(() => Promise.all([service.close(), oneSecond.close()]))
beforeEach(() => {
  for (const s of [service, oneSecond]) {
    s.tokenRequests.length = 0
    s.graphRequests.length = 0
  }
})

describe('a token shorter-lived than the refresh margin', () => {
  it('is asked for once by one client, however many calls it makes', async () => {
    const client = clientFor(service)
    for (let i = 0; i < 30; i++) await client.run(exploreMovies())
    expect(service.graphRequests).toHaveLength(30)
    expect(service.tokenRequests).toHaveLength(1)
  })

  it('is asked for once by clients sharing a store, each using the token the other stored', async () => {
    const store = memoryTokenStore()
    const clients = [clientFor(service, { tokenStore: store }), clientFor(service, { tokenStore: store })]
    for (let i = 0; i < 40; i++) await clients[i % 2]!.run(exploreMovies())
    expect(service.graphRequests).toHaveLength(40)
    expect(service.tokenRequests).toHaveLength(1)
  })

  it('is renewed once per half-life, not per call: 1 s tokens over 40 calls 20 ms apart', async () => {
    const store = memoryTokenStore()
    const clients = [clientFor(oneSecond, { tokenStore: store }), clientFor(oneSecond, { tokenStore: store })]
    const started = Date.now()
    // A count of calls, not a time: a loaded machine makes the run longer, and the bound below follows it.
    const calls = 40
    for (let i = 0; i < calls; i++) {
      await clients[i % 2]!.run(exploreMovies())
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const elapsedMs = Date.now() - started
    // A renewal each half second at most (the margin is half the lifetime), and the first token; far fewer
    // than one a call while calls come faster than that.
    expect(oneSecond.tokenRequests.length).toBeLessThanOrEqual(Math.ceil(elapsedMs / 500) + 1)
    if (elapsedMs < calls * 250) expect(oneSecond.tokenRequests.length).toBeLessThan(calls / 2)
  })
})
