// Calls that wait on one token request share its outcome, never another call's fate: one call's abort or time
// limit does not fail the others that joined its refresh, and a failure they share is each run's own error (a
// paging run marks it with where to resume). A reviewer's findings of session 22, over real HTTP.
import { types } from 'node:util'
import { expect, it } from 'vitest'
import { hql, returnType } from 'hql'
import { AbortedError, createClient, paging, type StoredToken, type TokenStore } from '../../src/client'
import { fakeServiceForFile, grant } from './helpers'

const service = fakeServiceForFile()

it("one call's abort does not fail the calls that joined its refresh", async () => {
  // A store kept elsewhere (a database): each read takes 200 ms.
  let saved: StoredToken | undefined
  let reading: (() => void) | undefined
  const store: TokenStore = {
    get: () =>
      new Promise((resolve) => {
        reading = () => resolve(saved)
        setTimeout(reading, 200)
      }),
    set: async (token) => void (saved = token),
    clear: async () => void (saved = undefined),
  }
  const client = createClient({ baseUrl: service.url, auth: grant(service, { tokenStore: store }) })
  const a = new AbortController()
  const first = client.request({ endpoint: '/graph/explore', body: {} }, { signal: a.signal })
  // B joins the refresh A started (the store read once for A's token, and again inside the refresh).
  const second = client.request({ endpoint: '/graph/explore', body: {} })
  await new Promise((resolve) => setTimeout(resolve, 250))
  a.abort(new Error('A left'))
  await expect(first).rejects.toBeInstanceOf(AbortedError)
  // Before the fix: B failed with A's abort (a bare DOMException, no ClientError).
  await expect(second).resolves.toBeDefined()
})

it('a token failure two paging runs share gives each its own error, resuming its own query', async () => {
  const client = createClient({ baseUrl: service.url, auth: grant(service), paging: paging() })
  const movies = hql.explore().filter(returnType.eq('Movie'))
  const series = hql.explore().filter(returnType.eq('ShowSeries'))
  service.inject('token', { kind: 'status', status: 503 })
  const [a, b] = await Promise.allSettled([
    client.collect(movies, { maxItems: 100 }),
    client.collect(series, { maxItems: 100 }),
  ])
  const [movieError, seriesError] = [a, b].map(
    (settled) => (settled as PromiseRejectedResult).reason as { resumeFrom?: { body?: unknown } },
  )
  expect(movieError).not.toBe(seriesError)
  expect(movieError!.resumeFrom!.body).toEqual(movies.body)
  // Before the fix: the movies' request, on the one error both runs threw.
  expect(seriesError!.resumeFrom!.body).toEqual(series.body)
  // Each a native error still, as the original: what a worker's postMessage copies keeps its message.
  expect(types.isNativeError(seriesError)).toBe(true)
  expect(structuredClone(seriesError)).toMatchObject({ message: (seriesError as Error).message })
})

it('a store read that never answers holds up only the calls that waited on it, not every call after', async () => {
  let saved: StoredToken | undefined
  let reads = 0
  // The refresh's read (the second) never answers, as a database call whose connection dropped; the rest do.
  const store: TokenStore = {
    get: () => (++reads === 2 ? new Promise(() => {}) : Promise.resolve(saved)),
    set: async (token) => void (saved = token),
    clear: async () => void (saved = undefined),
  }
  const client = createClient({ baseUrl: service.url, auth: grant(service, { tokenStore: store }) })
  const stuck = await client
    .request({ endpoint: '/graph/explore', body: {} }, { totalTimeoutMs: 300 })
    .catch((error: unknown) => error)
  expect(stuck).toMatchObject({ code: 'timeout' })
  // The store answers again: the next call refreshes and is answered (a refresh read under no call's signal
  // stayed pending, and every later call joined it and timed out).
  await expect(
    client.request({ endpoint: '/graph/explore', body: {} }, { totalTimeoutMs: 5_000 }),
  ).resolves.toBeDefined()
})
