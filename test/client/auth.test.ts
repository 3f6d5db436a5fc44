import { describe, expect, it } from 'vitest'
import {
  clientCredentialsGrant,
  HttpError,
  memoryTokenStore,
  NetworkError,
  OAuthError,
  refreshTokenGrant,
  staticTokenGrant,
  type RetryFailure,
  type RetryPolicy,
  type StoredToken,
  type TokenRefreshInfo,
  type TokenStore,
} from '../../src/client'
import { CREDENTIALS, startFakeService } from './fake-service'
import { clientFor, exploreMovies, FAST_RETRY, fakeServiceForFile, grant } from './helpers'

const service = fakeServiceForFile()

const identity = () => ({
  authUrl: service.url,
  clientId: CREDENTIALS.clientId,
  clientSecret: CREDENTIALS.clientSecret,
})

describe('the token request on the wire', () => {
  it('posts the password grant form with Basic auth, both credentials in the form, scopes joined by +', async () => {
    await clientFor(service).run(exploreMovies())
    expect(service.tokenRequests).toHaveLength(1)
    const [request] = service.tokenRequests
    expect(request?.accept).toBe('application/json')
    expect(request?.rawBody).toContain('scope=public_profile+user_likes')
    expect(request?.form).toEqual({
      grant_type: 'password',
      username: CREDENTIALS.username,
      password: CREDENTIALS.password,
      scope: 'public_profile user_likes',
      client_id: CREDENTIALS.clientId,
      client_secret: CREDENTIALS.clientSecret,
    })
    // The service's documentation and SDK: BASE64(client_id:client_secret), the parts as they are.
    const expected = Buffer.from('app id:cl1ent-s3cret/+&=:x').toString('base64')
    expect(request?.authorization).toBe(`Basic ${expected}`)
  })

  it("form-encodes id and secret first with basicAuth: 'form' (RFC 6749 §2.3.1)", async () => {
    const client = clientFor(service, { auth: grant(service, { basicAuth: 'form' }) })
    // The fake service reads Basic raw, as the service does: the form-encoded secret is another secret.
    await expect(client.run(exploreMovies())).rejects.toMatchObject({
      code: 'oauth_error',
      error: 'invalid_client',
    })
    const encoded = Buffer.from('app+id:cl1ent-s3cret%2F%2B%26%3D%3Ax').toString('base64')
    expect(service.tokenRequests[0]?.authorization).toBe(`Basic ${encoded}`)
  })

  it('sends the Bearer token on graph requests, at the configured base path', async () => {
    const client = clientFor(service, { baseUrl: `${service.url}/api/`, headers: { 'X-Trace': 'abc' } })
    await client.run(exploreMovies())
    const [request] = service.graphRequests
    expect(request?.path).toBe('/api/graph/explore')
    expect(request?.authorization).toMatch(/^Bearer at-/)
    expect(request?.headers['x-trace']).toBe('abc')
    expect(request?.headers['content-type']).toBe('application/json')
  })
})

describe('token lifetime', () => {
  it('runs 50 concurrent queries with an expired token on exactly one token request', async () => {
    const store = memoryTokenStore()
    const client = clientFor(service, { tokenStore: store })
    await client.run(exploreMovies())
    const stale = await store.get()
    await store.set({ ...stale!, expiresAt: Date.now() - 1000 })
    service.tokenRequests.length = 0

    const results = await Promise.all(Array.from({ length: 50 }, () => client.run(exploreMovies())))
    expect(results).toHaveLength(50)
    expect(service.tokenRequests).toHaveLength(1)
    expect(service.tokenRequests[0]?.form['grant_type']).toBe('refresh_token')
  })

  it('refreshes 50 concurrent 401s from a token the service revoked with exactly one token request', async () => {
    const client = clientFor(service)
    await client.run(exploreMovies())
    service.revokeAccessTokens()
    service.tokenRequests.length = 0
    await Promise.all(Array.from({ length: 50 }, () => client.run(exploreMovies())))
    expect(service.tokenRequests).toHaveLength(1)
  })

  it("honours a get replaced on a memory store, and a caller's abort before any request", async () => {
    const store = memoryTokenStore()
    const client = clientFor(service, { tokenStore: store })
    await client.run(exploreMovies())
    const kept = (await store.get())!
    service.acceptAccessToken('swapped-in')
    store.get = async () => ({ ...kept, accessToken: 'swapped-in' })
    service.graphRequests.length = 0
    await client.run(exploreMovies())
    expect(service.graphRequests.map((r) => r.authorization)).toEqual(['Bearer swapped-in'])
    // An aborted call sends nothing, with the store read at once as before.
    const plain = clientFor(service, { tokenStore: memoryTokenStore(kept) })
    const aborted = new AbortController()
    aborted.abort('stop')
    service.graphRequests.length = 0
    await expect(plain.run(exploreMovies(), { signal: aborted.signal })).rejects.toMatchObject({
      code: 'aborted',
    })
    expect(service.graphRequests).toHaveLength(0)
  })

  it('refreshes ahead of expiry by the configured margin', async () => {
    const store = memoryTokenStore()
    const client = clientFor(service, { tokenStore: store, refreshMarginMs: 120_000 })
    await client.run(exploreMovies())
    const token = await store.get()
    // An hour-long token with 100 s left is inside a two-minute margin: the next call refreshes first.
    await store.set({ ...token!, expiresAt: Date.now() + 100_000, issuedAt: Date.now() - 3_500_000 })
    await client.run(exploreMovies())
    expect(service.tokenRequests.map((r) => r.form['grant_type'])).toEqual(['password', 'refresh_token'])
    // Outside the margin, the stored token is used as it is.
    await store.set({ ...(await store.get())!, expiresAt: Date.now() + 1_000_000 })
    await client.run(exploreMovies())
    expect(service.tokenRequests).toHaveLength(2)
  })

  it('stores an absolute expiry from expires_in', async () => {
    const store = memoryTokenStore()
    const before = Date.now()
    await clientFor(service, { tokenStore: store }).run(exploreMovies())
    const token = await store.get()
    expect(token?.expiresAt).toBeGreaterThanOrEqual(before + 3600_000)
    expect(token?.expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000)
  })

  it('keeps the old refresh token when a refresh response carries none', async () => {
    const local = await startFakeService({ rotateRefreshTokens: false })
    try {
      const store = memoryTokenStore()
      const client = clientFor(local, { tokenStore: store })
      await client.run(exploreMovies())
      const first = await store.get()
      local.revokeAccessTokens()
      await client.run(exploreMovies())
      const second = await store.get()
      expect(second?.accessToken).not.toBe(first?.accessToken)
      expect(second?.refreshToken).toBe(first?.refreshToken)
      expect(local.tokenRequests.map((r) => r.form['grant_type'])).toEqual(['password', 'refresh_token'])
    } finally {
      await local.close()
    }
  })

  it('falls back to the password grant when the refresh token is refused (invalid_grant)', async () => {
    const refreshes: TokenRefreshInfo[] = []
    const client = clientFor(service, { onTokenRefresh: (info) => void refreshes.push(info) })
    await client.run(exploreMovies())
    service.revokeAccessTokens()
    service.revokeRefreshTokens()
    await client.run(exploreMovies())
    expect(service.tokenRequests.map((r) => r.form['grant_type'])).toEqual([
      'password',
      'refresh_token',
      'password',
    ])
    expect(refreshes.map((r) => [r.grant, r.reason])).toEqual([
      ['password', 'missing'],
      ['password', 'fallback'],
    ])
  })

  it('retries a graph request once after a 401, and throws the second 401', async () => {
    const client = clientFor(service)
    await client.run(exploreMovies())
    service.inject(0, { kind: 'status', status: 401 })
    service.inject(0, { kind: 'status', status: 401 })
    service.graphRequests.length = 0
    const error = await client.run(exploreMovies()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).status).toBe(401)
    expect(service.graphRequests).toHaveLength(2)
  })

  it('awaits a custom asynchronous token store', async () => {
    let saved: StoredToken | undefined
    const calls: string[] = []
    const store: TokenStore = {
      get: async () => (calls.push('get'), saved),
      set: async (token) => void (calls.push('set'), (saved = token)),
      clear: async () => void (saved = undefined),
    }
    await clientFor(service, { tokenStore: store }).run(exploreMovies())
    expect(saved?.accessToken).toMatch(/^at-/)
    expect(calls).toContain('set')
  })
})

describe('other grants', () => {
  it('uses client_credentials and asks again when the token is rejected', async () => {
    const client = clientFor(service, {
      auth: clientCredentialsGrant({ ...identity(), scope: 'public_profile' }),
    })
    await client.run(exploreMovies())
    service.revokeAccessTokens()
    await client.run(exploreMovies())
    expect(service.tokenRequests.map((r) => r.form['grant_type'])).toEqual([
      'client_credentials',
      'client_credentials',
    ])
    expect(service.tokenRequests[0]?.form['scope']).toBe('public_profile')
  })

  it('starts from a refresh token and throws invalid_grant as an OAuthError without fallback', async () => {
    service.acceptRefreshToken('rt-from-elsewhere')
    const store = memoryTokenStore()
    const client = clientFor(service, {
      tokenStore: store,
      auth: refreshTokenGrant({ ...identity(), refreshToken: 'rt-from-elsewhere' }),
    })
    await client.run(exploreMovies())
    expect(service.tokenRequests[0]?.form).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'rt-from-elsewhere',
    })
    service.revokeAccessTokens()
    service.revokeRefreshTokens()
    const error = await client.run(exploreMovies()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OAuthError)
    expect(error).toMatchObject({ code: 'oauth_error', error: 'invalid_grant', status: 400 })
    expect((error as OAuthError).errorDescription).toBe('Invalid refresh token: [redacted]')
    // The refused token is forgotten, not offered again.
    expect(await store.get()).toBeUndefined()
  })

  it('sends a static token and throws a 401 as it is, with no token request', async () => {
    service.acceptAccessToken('static-token-123')
    const client = clientFor(service, { auth: staticTokenGrant('static-token-123') })
    await client.run(exploreMovies())
    expect(service.graphRequests[0]?.authorization).toBe('Bearer static-token-123')
    service.revokeAccessTokens()
    await expect(client.run(exploreMovies())).rejects.toMatchObject({ code: 'http_error', status: 401 })
    expect(service.tokenRequests).toHaveLength(0)
  })

  it('types invalid_client with its description', async () => {
    const client = clientFor(service, { auth: grant(service, { clientSecret: 'wrong-secret' }) })
    const error = await client.run(exploreMovies()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OAuthError)
    expect(error).toMatchObject({
      error: 'invalid_client',
      errorDescription: 'Bad client credentials',
      status: 401,
    })
  })
})

describe('fetch', () => {
  it('looks up globalThis.fetch at call time, so interceptors installed after createClient apply', async () => {
    const client = clientFor(service)
    const original = globalThis.fetch
    const seen: string[] = []
    // A pass-through, not a mock: the request still goes over HTTP to the fake service.
    globalThis.fetch = (input, init) => {
      seen.push(String(input))
      return original(input, init)
    }
    try {
      await client.run(exploreMovies())
    } finally {
      globalThis.fetch = original
    }
    expect(seen).toEqual([`${service.url}/1.3/security/oauth/token`, `${service.url}/graph/explore`])
  })

  it('uses an injected fetch for token and graph requests alike', async () => {
    const seen: string[] = []
    const client = clientFor(service, {
      fetch: (input, init) => {
        seen.push(`${init.method} ${input}`)
        return fetch(input, init)
      },
    })
    await client.run(exploreMovies())
    expect(seen).toEqual([
      `POST ${service.url}/1.3/security/oauth/token`,
      `POST ${service.url}/graph/explore`,
    ])
  })
})

describe('token requests are not blindly retried', () => {
  it('retries a 503 from the token endpoint', async () => {
    service.inject('token', { kind: 'status', status: 503, retryAfter: '0' })
    await clientFor(service).run(exploreMovies())
    expect(service.tokenRequests).toHaveLength(2)
  })

  it("are the client's retry policy's to retry: its limit, then the last answer; a Retry-After past its cap at once", async () => {
    const body = 'Too Many Requests' // not an OAuth error body: an HttpError
    for (let i = 0; i <= FAST_RETRY.limit!; i++)
      service.inject('token', { kind: 'status', status: 429, retryAfter: '0', body })
    await expect(clientFor(service).run(exploreMovies())).rejects.toMatchObject({
      code: 'http_error',
      status: 429,
      retryAfterMs: 0,
      request: { kind: 'token' },
    })
    expect(service.tokenRequests).toHaveLength(FAST_RETRY.limit! + 1)
    // FAST_RETRY's maxRetryAfterMs is 2 s.
    service.inject('token', { kind: 'status', status: 503, retryAfter: '3', body })
    await expect(clientFor(service).run(exploreMovies())).rejects.toMatchObject({
      status: 503,
      retryAfterMs: 3_000,
    })
    expect(service.tokenRequests).toHaveLength(FAST_RETRY.limit! + 2)
  })

  it('are not retried by a client without a retry policy, nor by a call that turns it off', async () => {
    service.inject('token', { kind: 'status', status: 503, retryAfter: '0' })
    await expect(clientFor(service, { retry: false }).run(exploreMovies())).rejects.toMatchObject({
      status: 503,
    })
    expect(service.tokenRequests).toHaveLength(1)
    service.inject('token', { kind: 'status', status: 503, retryAfter: '0' })
    await expect(clientFor(service).run(exploreMovies(), { retry: false })).rejects.toMatchObject({
      status: 503,
    })
    expect(service.tokenRequests).toHaveLength(2)
  })

  it('tell a policy of its own that the failure is a token request, never idempotent', async () => {
    const seen: RetryFailure[] = []
    const policy: RetryPolicy = (failure) => (seen.push(failure), failure.attempt < 2 ? 0 : undefined)
    service.inject('token', { kind: 'reset' })
    await clientFor(service, { retry: policy }).run(exploreMovies())
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ attempt: 1, idempotent: false, request: { kind: 'token' } })
    expect(seen[0]!.error).toBeInstanceOf(NetworkError)
    expect(service.tokenRequests).toHaveLength(2)
  })

  it('renew again after a renewal the token endpoint put off, never sending the refused token twice', async () => {
    const client = clientFor(service)
    await client.run(exploreMovies())
    service.revokeAccessTokens()
    service.inject('token', { kind: 'status', status: 429, retryAfter: '0' })
    service.tokenRequests.length = 0
    service.graphRequests.length = 0
    await expect(client.run(exploreMovies())).resolves.toMatchObject({ content: expect.any(Array) })
    // The page refused (401), a refresh put off (429), a refresh granted, the page again with the new token.
    expect(service.tokenRequests.map((request) => request.form['grant_type'])).toEqual([
      'refresh_token',
      'refresh_token',
    ])
    expect(service.graphRequests).toHaveLength(2)
  })

  it('reads an OAuth error body on a retried status, once the retries are spent, as an OAuthError', async () => {
    const body = JSON.stringify({ error: 'slow_down', error_description: 'too many logins' })
    for (let i = 0; i <= FAST_RETRY.limit!; i++)
      service.inject('token', { kind: 'status', status: 429, retryAfter: '0', body })
    await expect(clientFor(service).run(exploreMovies())).rejects.toMatchObject({
      code: 'oauth_error',
      status: 429,
      error: 'slow_down',
      errorDescription: 'too many logins',
      retryAfterMs: 0,
    })
    expect(service.tokenRequests).toHaveLength(FAST_RETRY.limit! + 1)
  })

  it('does not retry a 500 or a reset connection: the token may have been issued', async () => {
    service.inject('token', { kind: 'status', status: 500, body: 'Internal Server Error' })
    await expect(clientFor(service).run(exploreMovies())).rejects.toMatchObject({
      code: 'http_error',
      status: 500,
    })
    expect(service.tokenRequests).toHaveLength(1)
    service.inject('token', { kind: 'reset' })
    await expect(clientFor(service).run(exploreMovies())).rejects.toMatchObject({ code: 'network_error' })
    expect(service.tokenRequests).toHaveLength(2)
  })
})
