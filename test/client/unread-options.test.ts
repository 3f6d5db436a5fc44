// Options no entry point reads, which a spread object or a cast gets past TypeScript's check of excess keys: each
// a ClientConfigError naming the option's path, never dropped unnoticed, and nothing sent. Over real HTTP, to a
// server that counts what reaches it.
import { describe, expect, it } from 'vitest'
import {
  createClient,
  clientCredentialsGrant,
  hooks,
  memoryRateBudget,
  paging,
  passwordGrant,
  refreshTokenGrant,
  retries,
  staticTokenGrant,
  type PagingClient,
} from '../../src/client'
import { exploreMovies } from './helpers'
import { refusalServerForFile } from './refusal-server'

const server = refusalServerForFile()
const { refused } = server

const client = (): PagingClient =>
  createClient({ baseUrl: server.url(), auth: staticTokenGrant('hostile-options-token'), paging: paging() })

const loose = <T = never>(value: unknown) => value as T

describe('a call', () => {
  it('refuses keys no entry point reads, and takes the ones it does', async () => {
    const c = client()
    expect((await refused(() => c.run(exploreMovies(), loose({ timeout: 5 })))).path).toEqual(['timeout'])
    // A paging option given to `run`, which reads one page: it would be ignored.
    expect((await refused(() => c.run(exploreMovies(), loose({ maxPages: 2 })))).path).toEqual(['maxPages'])
    const options = {
      timeoutMs: 5_000,
      totalTimeoutMs: 10_000,
      headers: { 'x-trace': '1' },
      retry: false,
    } as const
    await expect(c.run(exploreMovies(), options)).resolves.toMatchObject({ content: [] })
  })

  it("holds each paging method to its own options: pages takes no maxItems, collect's truncate is collect's", async () => {
    const c = client()
    const drain = async (pages: AsyncIterable<unknown>) => {
      for await (const _ of pages);
    }
    expect((await refused(() => drain(c.pages(exploreMovies(), loose({ maxItems: 1 }))))).path).toEqual([
      'maxItems',
    ])
    expect((await refused(() => drain(c.items(exploreMovies(), loose({ truncate: true }))))).path).toEqual([
      'truncate',
    ])
    expect(
      (await refused(() => c.next(loose({ pagingInfo: { next: null } }), loose({ maxPages: 1 })))).path,
    ).toEqual(['maxPages'])
    // What each reads is taken, and the walk runs.
    expect(await c.collect(exploreMovies(), { maxItems: 3, truncate: true, maxPages: 2 })).toEqual([])
  })
})

describe('client.request', () => {
  it('refuses keys of a request or of its options that it does not read', async () => {
    const c = client()
    expect((await refused(() => c.request(loose({ endpoint: '/graph/x', headers: {} })))).path).toEqual([
      'headers',
    ])
    expect((await refused(() => c.request({ endpoint: '/graph/x' }, loose({ maxItems: 1 })))).path).toEqual([
      'maxItems',
    ])
    await expect(
      c.request(
        { endpoint: '/graph/search', method: 'POST', body: {} },
        { idempotent: true, timeoutMs: 5_000 },
      ),
    ).resolves.toMatchObject({ content: [] })
  })
})

describe('the pieces', () => {
  it('refuse keys they do not read: a grant, retries() and paging()', async () => {
    const identity = { authUrl: server.url(), clientId: 'app', clientSecret: 'app-secret' }
    const login = { ...identity, username: 'ada', password: 'pw' }
    expect(
      (await refused(() => passwordGrant(loose({ ...login, scopes: ['public_profile'] })))).path,
    ).toEqual(['auth', 'scopes'])
    // A password given to a grant that never logs in would be ignored.
    expect((await refused(() => refreshTokenGrant(loose({ ...login, refreshToken: 'rt' })))).path).toEqual([
      'auth',
      'username',
    ])
    expect((await refused(() => clientCredentialsGrant(loose({ ...identity, timeout: 5 })))).path).toEqual([
      'auth',
      'timeout',
    ])
    expect((await refused(() => retries(loose({ maxRetries: 5 })))).path).toEqual(['retry', 'maxRetries'])
    expect((await refused(() => paging(loose({ maxPage: 1 })))).path).toEqual(['paging', 'maxPage'])
    // What each reads is taken.
    expect(() =>
      passwordGrant({ ...login, scope: 'public_profile', timeoutMs: 5_000, basicAuth: 'form' }),
    ).not.toThrow()
    expect(() => retries({ limit: 1, network: false, statuses: [503] })).not.toThrow()
    expect(() => paging({ maxPages: 5 })).not.toThrow()
  })

  it('refuse a callback or budget option of another name, or a callback that is no function: hooks(), memoryRateBudget()', async () => {
    // Never called, or the budget waiting where it was told to fail (a reviewer's finding of session 22).
    expect((await refused(() => hooks(loose({ afterRespons: () => {} })))).path).toEqual([
      'hooks',
      'afterRespons',
    ])
    expect((await refused(() => hooks(loose({ onRetry: 5 })))).path).toEqual(['hooks', 'onRetry'])
    expect(
      (await refused(() => memoryRateBudget(loose({ requests: 1, windowSeconds: 1, onExceed: 'fail' }))))
        .path,
    ).toEqual(['budget', 'onExceed'])
    // What each reads is taken.
    expect(() => hooks({ beforeRequest: () => {}, afterResponse: () => {}, onRetry: () => {} })).not.toThrow()
    expect(() =>
      memoryRateBudget({ requests: 1, windowSeconds: 1, onExceeded: 'fail', smooth: false, maxPauseMs: 5 }),
    ).not.toThrow()
  })
})
