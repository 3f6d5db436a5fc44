// The client's `budget` option against the reference service over real HTTP: every graph request spends it,
// token requests do not, and a spent budget with `onExceeded: 'fail'` refuses before anything is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  RateBudgetError,
  createClient,
  hql,
  memoryRateBudget,
  passwordGrant,
  returnType,
  type RateBudget,
} from 'hql'
import { createService, type Service } from 'hql/service'

let service: Service
beforeAll(async () => {
  service = await createService({ rateLimit: false })
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

describe('createClient({ budget })', () => {
  it('spends one place per graph request, none for the token, and refuses when spent', async () => {
    const budget = counted(
      memoryRateBudget({ requests: 2, windowSeconds: 60, onExceeded: 'fail', smooth: false }),
    )
    const client = createClient({
      baseUrl: service.baseUrl,
      auth: passwordGrant({ authUrl: service.authUrl, ...service.demo, scope: ['public_profile'] }),
      budget,
    })
    const movies = hql.explore().filter(returnType.eq('Movie')).pageSize(1)
    await client.run(movies)
    await client.run(movies)
    expect(budget.granted).toBe(2)
    await expect(client.run(movies)).rejects.toBeInstanceOf(RateBudgetError)
    expect(budget.granted).toBe(2)
  })

  it("waits for a place longer than an attempt's timeout, within the call's total time", async () => {
    const budget = counted(memoryRateBudget({ requests: 1, windowSeconds: 2, smooth: false }))
    const client = createClient({
      baseUrl: service.baseUrl,
      auth: passwordGrant({ authUrl: service.authUrl, ...service.demo }),
      budget,
      timeoutMs: 300,
      totalTimeoutMs: 10_000,
    })
    const movies = hql.explore().filter(returnType.eq('Movie')).pageSize(1)
    await client.run(movies)
    const started = Date.now()
    const second = await client.run(movies)
    // The second request waited for the window (about 2 s, far past the 300 ms attempt timeout) and was sent once.
    expect(Date.now() - started).toBeGreaterThan(1_000)
    expect(second.content).toHaveLength(1)
    expect(budget.granted).toBe(2)
  })
})
