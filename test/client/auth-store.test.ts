// A token store in trouble: one whose `set` throws (a read-only replica, a full disk) while `get` still answers.
// The token the endpoint gave is good: the call uses it, and the next calls too while it is fresh, instead of
// each asking the token endpoint again and failing with the store's error.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { StoredToken, TokenStore } from '../../src/client'
import { startFakeService, type FakeService } from './fake-service'
import { clientFor, exploreMovies } from './helpers'

let service: FakeService
beforeAll(async () => {
  service = await startFakeService()
})
afterAll(() => service.close())

/** A store that reads `kept` and refuses every write; counts the writes it refused. */
function readOnlyStore(kept: StoredToken | undefined) {
  let refused = 0
  const store: TokenStore = {
    get: async () => kept,
    set: async () => {
      refused++
      throw new Error('READONLY You cannot write against a read only replica.')
    },
    clear: async () => {},
  }
  return { store, refused: () => refused }
}

test('a store that refuses writes: one token request for every call while the token is fresh', async () => {
  // What the store holds has expired: every call must look past it.
  const { store, refused } = readOnlyStore({ accessToken: 'expired-token', expiresAt: Date.now() - 1000 })
  const client = clientFor(service, { tokenStore: store })
  const results = await Promise.allSettled([1, 2, 3].map(() => client.run(exploreMovies())))
  results.push(...(await Promise.allSettled([client.run(exploreMovies()), client.run(exploreMovies())])))
  // Before: each call asked the token endpoint and failed with the store's error (5 requests, 5 failures).
  expect(results.map((r) => r.status)).toEqual(Array(5).fill('fulfilled'))
  expect(service.tokenRequests).toHaveLength(1)
  expect(refused()).toBe(1)
  // The graph saw only the token obtained, never the expired one the store keeps.
  expect(service.graphRequests.every((r) => r.authorization !== 'Bearer expired-token')).toBe(true)
})

test('a token held outside the store is renewed on a 401, and kept by the store once it takes writes', async () => {
  let writable = false
  let kept: StoredToken | undefined
  const store: TokenStore = {
    get: async () => kept,
    set: async (token) => {
      if (!writable) throw new Error('READONLY')
      kept = token
    },
    clear: async () => {
      kept = undefined
    },
  }
  const client = clientFor(service, { tokenStore: store })
  const before = service.tokenRequests.length
  await client.run(exploreMovies(10))
  expect(kept).toBeUndefined()
  expect(service.tokenRequests.length - before).toBe(1)
  // The service forgets its tokens: the 401 renews the one held outside the store (not handed out again), and
  // the store, writable again, keeps the new one.
  writable = true
  service.inject(0, { kind: 'revokeTokens' })
  await client.run(exploreMovies(10))
  expect(service.tokenRequests.length - before).toBe(2)
  expect(kept?.accessToken).toBeDefined()
  await client.run(exploreMovies(10))
  expect(service.tokenRequests.length - before).toBe(2)
})
