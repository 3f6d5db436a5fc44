import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenResponseSchema, OAuthErrorBodySchema } from '../../src/model'
import { basicHeader, startHarness, type Harness } from './helpers'

let clock = Date.now()
let h: Harness
const odd = { id: 'odd client:1', secret: 'p@ss+word/=%' }
const server = { id: 'server-app', secret: 'server-secret' }

beforeAll(async () => {
  h = await startHarness({
    clients: [
      { clientId: odd.id, clientSecret: odd.secret, passwordGrant: true },
      { clientId: server.id, clientSecret: server.secret },
    ],
    users: [{ username: 'ana', password: 'correct horse' }],
    tokenLifetimeSeconds: 60,
    now: () => clock,
  })
})
afterAll(() => h.service.close())

const demo = () => ({ id: h.service.demo.clientId, secret: h.service.demo.clientSecret })
const password = (username: string, pass: string) => ({
  grant_type: 'password',
  username,
  password: pass,
  scope: 'public_profile user_likes',
})

describe('token endpoint', () => {
  it('issues bearer tokens with the password grant', async () => {
    const r = await h.token(password('ana', 'correct horse'), demo())
    expect(r.status).toBe(200)
    expect(TokenResponseSchema.safeParse(r.body).success).toBe(true)
    expect(r.body).toMatchObject({ token_type: 'bearer', expires_in: 60, scope: 'public_profile user_likes' })
    expect(r.body.refresh_token).toEqual(expect.any(String))
    expect(r.headers.get('cache-control')).toBe('no-store')
  })

  it('decodes Basic credentials that were form-encoded (RFC 6749 §2.3.1)', async () => {
    const r = await h.token(password('ana', 'correct horse'), odd)
    expect(r.status).toBe(200)
  })

  it('accepts the client credentials as form fields too', async () => {
    const r = await h.token({
      ...password('ana', 'correct horse'),
      client_id: demo().id,
      client_secret: demo().secret,
    })
    expect(r.status).toBe(200)
  })

  it('answers invalid_client to an application not approved for the password grant', async () => {
    const r = await h.token(password('ana', 'correct horse'), server)
    expect(r.status).toBe(401)
    expect(OAuthErrorBodySchema.safeParse(r.body).success).toBe(true)
    expect(r.body).toEqual({
      error: 'invalid_client',
      error_description: 'Unauthorized grant type: password',
    })
  })

  it('answers invalid_client for a wrong secret, without echoing it', async () => {
    const r = await h.token(password('ana', 'correct horse'), { id: demo().id, secret: 'guess' })
    expect(r.status).toBe(401)
    expect(r.body.error).toBe('invalid_client')
    expect(JSON.stringify(r.body)).not.toContain('guess')
  })

  it('refuses with invalid_client when Basic and the form carry different client secrets', async () => {
    const both = (secret: string) =>
      h.token({ ...password('ana', 'correct horse'), client_id: demo().id, client_secret: secret }, demo())
    const differ = await both('not-the-secret')
    expect([differ.status, differ.body.error]).toEqual([401, 'invalid_client'])
    expect(differ.body.error_description).toMatch(/client_secret/)
    expect((await both(demo().secret)).status).toBe(200)
  })

  it('counts failed client authentication against the rate limit, so secrets cannot be guessed freely', async () => {
    const limited = await startHarness({
      clients: [{ clientId: 'guarded', clientSecret: 'right', passwordGrant: true }],
      rateLimit: { requests: 3, windowSeconds: 60 },
    })
    try {
      const guesses: [number, string][] = []
      for (const secret of ['a', 'b', 'c', 'd', 'right']) {
        const r = await limited.token({ grant_type: 'client_credentials' }, { id: 'guarded', secret })
        guesses.push([r.status, r.body.error])
      }
      expect(guesses.slice(0, 3)).toEqual(Array(3).fill([401, 'invalid_client']))
      // Over the budget every answer is 429, the right secret's too: a guess learns nothing.
      expect(guesses.slice(3)).toEqual(Array(2).fill([429, 'rate_limited']))
    } finally {
      await limited.service.close()
    }
  })

  it('answers invalid_grant for bad user credentials', async () => {
    const wrong = await h.token(password('ana', 'wrong'), demo())
    const unknown = await h.token(password('nobody', 'x'), demo())
    expect([wrong.status, wrong.body.error]).toEqual([400, 'invalid_grant'])
    expect([unknown.status, unknown.body.error]).toEqual([400, 'invalid_grant'])
  })

  it('rotates refresh tokens: a used refresh token is refused', async () => {
    const first = await h.token(password('ana', 'correct horse'), demo())
    const refreshed = await h.token(
      { grant_type: 'refresh_token', refresh_token: first.body.refresh_token },
      demo(),
    )
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token)
    const again = await h.token(
      { grant_type: 'refresh_token', refresh_token: first.body.refresh_token },
      demo(),
    )
    expect([again.status, again.body.error]).toEqual([400, 'invalid_grant'])
    const ok = await h.post('/graph/lookup', { ids: ['mhals-current-user'] }, refreshed.body.access_token)
    expect(ok.body.content[0].object.username).toBe('ana')
  })

  it('gives client_credentials tokens without a refresh token', async () => {
    const r = await h.token({ grant_type: 'client_credentials' }, server)
    expect(r.status).toBe(200)
    expect(r.body.refresh_token).toBeUndefined()
  })

  it('rejects unknown grant types, missing fields and unknown scopes', async () => {
    expect((await h.token({ grant_type: 'implicit' }, demo())).body.error).toBe('unsupported_grant_type')
    expect(
      (await h.token({ grant_type: 'password', username: 'ana', password: 'correct horse' }, demo())).body
        .error,
    ).toBe('invalid_request')
    expect((await h.token({ ...password('ana', 'correct horse'), scope: 'admin' }, demo())).body.error).toBe(
      'invalid_scope',
    )
  })

  it('expires access tokens after their lifetime', async () => {
    const r = await h.token(password('ana', 'correct horse'), demo())
    expect((await h.post('/graph/lookup', { ids: ['mhmov-gladiator'] }, r.body.access_token)).status).toBe(
      200,
    )
    clock += 61_000
    const late = await h.post('/graph/lookup', { ids: ['mhmov-gladiator'] }, r.body.access_token)
    expect(late.status).toBe(401)
    expect(late.body.error).toBe('invalid_token')
  })

  it('tells what a token stands for at check_token', async () => {
    const r = await h.token(password('ana', 'correct horse'), demo())
    const response = await fetch(`${h.service.authUrl}/1.3/security/oauth/check_token`, {
      method: 'POST',
      headers: {
        Authorization: basicHeader(demo().id, demo().secret),
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ token: r.body.access_token }),
    })
    expect(await response.json()).toMatchObject({ active: true, user_name: 'ana', client_id: demo().id })
  })
})

describe('bearer auth on graph endpoints', () => {
  it('answers 401 with a JSON error without a token, or with a bad one', async () => {
    const none = await fetch(`${h.service.baseUrl}/graph/explore`, { method: 'POST', body: '{"filters":{}}' })
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect(await none.json()).toMatchObject({ error: 'unauthorized' })
    const bad = await h.post('/graph/explore', { filters: {} }, 'not-a-token')
    expect([bad.status, bad.body.error]).toEqual([401, 'invalid_token'])
  })

  it('accepts the older ?access_token= query parameter', async () => {
    const r = await h.token(password('ana', 'correct horse'), demo())
    const response = await fetch(`${h.service.baseUrl}/graph/lookup?access_token=${r.body.access_token}`, {
      method: 'POST',
      body: JSON.stringify({ ids: ['mhmov-gladiator'] }),
    })
    expect(response.status).toBe(200)
  })
})
