// A 429's Retry-After pauses the client's rate budget, for `maxPauseMs` at most (issue 26): a server asking for
// a day, or naming a date in the year 9999, must not stop every later call of a healthy service. Real HTTP.
import { describe, expect, it } from 'vitest'
import {
  createClient,
  HttpError,
  memoryRateBudget,
  rateLimit,
  RateBudgetError,
  staticTokenGrant,
  type RateBudgetOptions,
} from '../../src/client'
import { movie } from './fake-service'
import { FAST, exploreMovies, failure } from './helpers'
import { hostileServerForFile, sendJson } from './hostile-server'

const server = hostileServerForFile()

/** Answers the first graph request 429 with `retryAfter`, every later one with a page. */
function refuseOnceWith(retryAfter: string) {
  server.handle((request, res) => {
    if (server.requests.length === 1) {
      res.writeHead(429, { 'retry-after': retryAfter, 'content-type': 'application/json' })
      return res.end('{"error":"rate_limited"}')
    }
    sendJson(res, 200, { content: [movie(0)], pagingInfo: { next: null } })
  })
}

function clientWith(budget: Partial<RateBudgetOptions>) {
  return createClient({
    baseUrl: server.url,
    auth: staticTokenGrant('pause-test-token-0001'),
    ...FAST,
    retry: false,
    middleware: [rateLimit(memoryRateBudget({ requests: 100, windowSeconds: 1, ...budget }))],
  })
}

describe("a 429's Retry-After pauses the budget, capped", () => {
  it.each([
    ['a day in seconds', '86400'],
    ['an HTTP date in the year 9999', 'Fri, 31 Dec 9999 23:59:59 GMT'],
    ['more seconds than a number holds', '9'.repeat(400)],
  ])('%s pauses it 60 s at most by default', async (_, retryAfter) => {
    refuseOnceWith(retryAfter)
    const client = clientWith({ onExceeded: 'fail' })
    expect(await failure(client.run(exploreMovies()))).toBeInstanceOf(HttpError)
    const paused = await failure(client.run(exploreMovies()))
    expect(paused).toBeInstanceOf(RateBudgetError)
    expect((paused as RateBudgetError).retryAfterMs).toBeGreaterThan(50_000)
    expect((paused as RateBudgetError).retryAfterMs).toBeLessThanOrEqual(60_000)
  })

  it('maxPauseMs sets the cap: after it, calls go again', async () => {
    refuseOnceWith('86400')
    const client = clientWith({ maxPauseMs: 100 })
    expect(await failure(client.run(exploreMovies()))).toBeInstanceOf(HttpError)
    // Waits out the 100 ms pause (within the call's 3 s), not the day the server asked for.
    expect((await client.run(exploreMovies())).content).toHaveLength(1)
    expect(server.requests).toHaveLength(2)
  })

  it('refuses a maxPauseMs that is no number of ms', () => {
    expect(() => memoryRateBudget({ requests: 1, windowSeconds: 1, maxPauseMs: -1 })).toThrow(
      expect.objectContaining({ path: ['budget', 'maxPauseMs'] }),
    )
  })
})
