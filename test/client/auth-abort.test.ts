// One token request shared by many calls, when the call that started it gives up: its abort ends that call
// only. The others get the token, the request is not cut short, and nothing is left half-done for later calls.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFakeService, type FakeService } from './fake-service'
import { clientFor, exploreMovies } from './helpers'
import { waitFor } from '../support/wait'

let service: FakeService
beforeAll(async () => {
  service = await startFakeService()
})
afterAll(() => service.close())

test('the first caller aborts during the shared token request: the others get its token, one request in all', async () => {
  const client = clientFor(service)
  let answered = false
  service.inject('token', { kind: 'slow', ms: 300, onAnswer: () => void (answered = true) })
  const first = new AbortController()
  const leading = client.run(exploreMovies(), { signal: first.signal })
  await waitFor(() => service.tokenRequests.length === 1)
  const joined = [client.run(exploreMovies()), client.run(exploreMovies())]
  first.abort(new Error('caller gave up'))
  await expect(leading).rejects.toMatchObject({ code: 'aborted' })
  const results = await Promise.allSettled(joined)
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled'])
  // The request ran to its answer (not cut by the first caller's signal), and its token was kept.
  expect(answered).toBe(true)
  await client.run(exploreMovies())
  expect(service.tokenRequests).toHaveLength(1)
})
