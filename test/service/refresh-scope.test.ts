// The refresh grant's `scope` (RFC 6749 §6): read as the other grants read it, and a narrowing of the grant's
// scopes, never a widening. Session 20's review found it ignored: an unknown scope was granted the old scopes,
// and a narrowed one kept them all. Over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from './helpers'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.service.close())

const demo = () => ({ id: h.service.demo.clientId, secret: h.service.demo.clientSecret })
const signIn = async (scope: string): Promise<string> => {
  const { username, password } = h.service.demo
  const r = await h.token({ grant_type: 'password', username, password, scope }, demo())
  return r.body.refresh_token as string
}
const refresh = (refreshToken: string, scope?: string) =>
  h.token(
    { grant_type: 'refresh_token', refresh_token: refreshToken, ...(scope === undefined ? {} : { scope }) },
    demo(),
  )

describe('the refresh grant', () => {
  it('keeps the grant’s scopes when it names none', async () => {
    const r = await refresh(await signIn('public_profile user_likes'))
    expect([r.status, r.body.scope]).toEqual([200, 'public_profile user_likes'])
  })

  it('narrows them to the scope it names, and the new token stands for that', async () => {
    const r = await refresh(await signIn('public_profile user_likes'), 'public_profile')
    expect([r.status, r.body.scope]).toEqual([200, 'public_profile'])
    // The next refresh, naming none, keeps the narrowed grant.
    const next = await refresh(r.body.refresh_token)
    expect(next.body.scope).toBe('public_profile')
  })

  it('refuses an unknown scope as the password grant does, and keeps the refresh token', async () => {
    const token = await signIn('public_profile user_likes')
    const r = await refresh(token, 'no_such_scope')
    expect([r.status, r.body]).toEqual([
      400,
      {
        error: 'invalid_scope',
        error_description: "unknown scope 'no_such_scope'; known: public_profile, user_likes",
      },
    ])
    expect((await refresh(token)).status).toBe(200)
  })

  it('refuses a scope the grant never had', async () => {
    const r = await refresh(await signIn('public_profile'), 'public_profile user_likes')
    expect([r.status, r.body]).toEqual([
      400,
      {
        error: 'invalid_scope',
        error_description: "scope 'user_likes' was not granted; this grant has public_profile",
      },
    ])
  })
})
