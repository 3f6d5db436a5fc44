// The client's `budget` option against the reference service over real HTTP: every graph request spends it,
// token requests do not, a spent budget with `onExceeded: 'fail'` refuses before anything is sent, and the
// service's 429 with Retry-After pauses the budget for every client that shares it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  HttpError,
  RateBudgetError,
  createClient,
  rateLimit,
  hql,
  memoryRateBudget,
  memoryTokenStore,
  passwordGrant,
  returnType,
  type RateBudget,
} from 'hql'
import { createService, type Service } from 'hql/service'
import { testPasswordCost } from '../support/password-cost'

let service: Service
beforeAll(async () => {
  service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
})
afterAll(() => service.close())

/** A budget that counts what it granted, so the test sees each spend. */
function counted(budget: RateBudget): RateBudget & { granted: number } {
  const counting = {
    granted: 0,
    acquire: async (signal?: AbortSignal) => {
      await budget.acquire(signal)
      counting.granted++
    },
    pause: (untilMs: number) => budget.pause(untilMs),
  }
  return counting
}

describe('the rate budget piece: createClient({ middleware: [rateLimit(budget)] })', () => {
  it('spends one place per graph request, none for the token, and refuses when spent', async () => {
    const budget = counted(
      memoryRateBudget({ requests: 2, windowSeconds: 60, onExceeded: 'fail', smooth: false }),
    )
    const client = createClient({
      baseUrl: service.baseUrl,
      auth: passwordGrant({ authUrl: service.authUrl, ...service.demo, scope: ['public_profile'] }),
      middleware: [rateLimit(budget)],
    })
    const movies = hql.explore().filter(returnType.eq('Movie')).pageSize(1)
    await client.run(movies)
    await client.run(movies)
    expect(budget.granted).toBe(2)
    await expect(client.run(movies)).rejects.toBeInstanceOf(RateBudgetError)
    expect(budget.granted).toBe(2)
  })

  it("waits for a place longer than an attempt's timeout, within the call's total time", async () => {
    // The window (3 s) is three attempt timeouts long; the attempt timeout (1 s) is long enough for a sign-in
    // on a busy machine, since the password check itself is slow on purpose.
    const budget = counted(memoryRateBudget({ requests: 1, windowSeconds: 3, smooth: false }))
    const client = createClient({
      baseUrl: service.baseUrl,
      auth: passwordGrant({ authUrl: service.authUrl, ...service.demo }),
      middleware: [rateLimit(budget)],
      timeoutMs: 1_000,
      totalTimeoutMs: 10_000,
    })
    const movies = hql.explore().filter(returnType.eq('Movie')).pageSize(1)
    // From before the first call: its request opened the window, after this time.
    const started = Date.now()
    await client.run(movies)
    const second = await client.run(movies)
    // The second request waited for the window (3 s, past the 1 s attempt timeout) and was sent once.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_998)
    expect(second.content).toHaveLength(1)
    expect(budget.granted).toBe(2)
  })

  it("pauses the budget on the service's 429 with Retry-After: another client sharing it waits", async () => {
    // One request per client id per second at the service; the clients' own budget would allow 100.
    const strict = await createService({ rateLimit: { requests: 1, windowSeconds: 1 } })
    try {
      const budget = memoryRateBudget({ requests: 100, windowSeconds: 1 })
      // One sign-in between them: the service counts token requests against the client id too.
      const tokenStore = memoryTokenStore()
      const [a, b] = ['a', 'b'].map(() =>
        createClient({
          baseUrl: strict.baseUrl,
          auth: passwordGrant({ authUrl: strict.authUrl, ...strict.demo, tokenStore }),
          middleware: [rateLimit(budget)],
        }),
      )
      const movies = hql.explore().filter(returnType.eq('Movie')).pageSize(1)
      // A spends the service's window (a request that lands in the next second spends that one instead).
      let refused: unknown
      // When A's refused call began: its 429, and the pause it sets, came after.
      let refusedCallAt = 0
      for (let i = 0; i < 5 && !(refused instanceof HttpError); i++) {
        refusedCallAt = Date.now()
        refused = await a!.run(movies).then(
          () => undefined,
          (e: unknown) => e,
        )
      }
      expect(refused).toBeInstanceOf(HttpError)
      expect(refused).toMatchObject({ status: 429, retryAfterMs: 1000 })
      // Sent at once, B would meet the same 429; held back by A's pause, it goes in the next window. Measured
      // from before A's call, not from after it returned: a loaded machine only shortens the wait seen from
      // there (a timer may fire a ms early by Date.now's rounding).
      const page = await b!.run(movies)
      expect(page.content).toHaveLength(1)
      expect(Date.now() - refusedCallAt).toBeGreaterThanOrEqual(998)
    } finally {
      await strict.close()
    }
  })
})
