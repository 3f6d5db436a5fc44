// Times past setTimeout's range (2^31 − 1 ms, about 24.8 days), which it cuts to 1 ms: a deadline that long is
// none, a wait that long lasts until its signal aborts, and a call or a token request given such a limit goes on
// (a reviewer's finding of session 22: each ended, or retried, after 1 ms). Over real HTTP where a call is made.
import { expect, it } from 'vitest'
import { AbortedError, createClient } from '../../src/client'
import { deadline, LONGEST_TIMER, sleep } from '../../src/client/signals'
import { positiveMs } from '../../src/redis/options'
import { clientFor, exploreMovies, fakeServiceForFile, grant } from './helpers'

const service = fakeServiceForFile()

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

it('a deadline past the range never fires; one within it still does', async () => {
  const long = deadline(undefined, LONGEST_TIMER + 1)
  const far = deadline(undefined, 1e10)
  const near = deadline(undefined, 20)
  await pause(80)
  expect([long.signal.aborted, far.signal.aborted, near.signal.aborted]).toEqual([false, false, true])
  for (const d of [long, far, near]) d.dispose()
})

it('a wait past the range lasts until its signal aborts', async () => {
  const controller = new AbortController()
  let settled = false
  const waited = sleep(1e10, controller.signal).finally(() => (settled = true))
  await pause(80)
  expect(settled).toBe(false)
  controller.abort(new Error('enough'))
  await expect(waited).rejects.toThrow('enough')
})

it('a call with limits past the range is answered, not timed out at once', async () => {
  service.inject(0, { kind: 'slow', ms: 40 })
  const client = clientFor(service, { timeoutMs: 1e10, totalTimeoutMs: 3e9 })
  // A signal of the caller's makes the call's own deadline too.
  const page = await client.run(exploreMovies(), { signal: new AbortController().signal })
  expect(page.content).toHaveLength(3)
  expect(service.graphRequests).toHaveLength(1)
})

it("a retry policy's wait past the range is not sent after 1 ms: it waits until the call is aborted", async () => {
  service.inject(0, { kind: 'status', status: 503 })
  const controller = new AbortController()
  const client = clientFor(service, { totalTimeoutMs: Infinity, retry: () => 1e10 })
  const call = client.run(exploreMovies(), { signal: controller.signal })
  // Until the first attempt has been answered (its 503), then as long again as before the fix's 1 ms.
  while (service.graphRequests.length === 0) await pause(10)
  await pause(150)
  controller.abort('the user left')
  await expect(call).rejects.toBeInstanceOf(AbortedError)
  expect(service.graphRequests).toHaveLength(1)
})

it("a grant's token request with a timeout past the range is answered", async () => {
  service.inject('token', { kind: 'slow', ms: 40 })
  const page = await createClient({
    baseUrl: service.url,
    auth: grant(service, { timeoutMs: 3e9 }),
  }).run(exploreMovies())
  expect(page.content).toHaveLength(3)
})

it("the Redis parts' times past the range are refused, naming them", () => {
  expect(() => positiveMs(3e9, 500, ['tokenStore', 'commandTimeoutMs'])).toThrow(
    `$.tokenStore.commandTimeoutMs: expected a positive number of ms, at most ${LONGEST_TIMER}`,
  )
  expect(positiveMs(LONGEST_TIMER, 500, ['retryMs'])).toBe(LONGEST_TIMER)
})
