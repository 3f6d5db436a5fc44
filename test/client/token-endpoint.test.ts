// What the client accepts of a token answer (issue 24): a token_type other than bearer (in any case) and an
// expires_in that is not a positive number are refused with an OAuthError naming the field, before the token is
// used or stored. A token endpoint over real HTTP on 127.0.0.1 answers each case.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hql } from 'hql'
import { createClient, memoryTokenStore, OAuthError, passwordGrant } from '../../src/client'

let answer: Record<string, unknown> = {}
let graphRequests = 0
let server: Server
let url: string
beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      const isToken = request.url?.endsWith('/oauth/token') === true
      if (!isToken) graphRequests++
      const body = isToken ? answer : { content: [], pagingInfo: { next: null, previous: null } }
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Runs a lookup through a fresh client whose token endpoint answers `token`; what it threw, or 'ok'. */
async function runWith(token: Record<string, unknown>): Promise<unknown> {
  answer = { access_token: 'at-1234567890abcdef', ...token }
  const client = createClient({
    baseUrl: url,
    auth: passwordGrant({
      authUrl: url,
      clientId: 'app',
      clientSecret: 's3cret',
      username: 'u',
      password: 'p',
      tokenStore: memoryTokenStore(),
    }),
  })
  try {
    await client.run(hql.lookup('mhmov-gladiator'))
    return 'ok'
  } catch (error) {
    return error
  }
}

describe('the token answer', () => {
  it.each(['bearer', 'Bearer', 'BEARER', 'bEaReR'])('accepts token_type %j, in any case', async (type) => {
    expect(await runWith({ token_type: type, expires_in: 3600 })).toBe('ok')
  })

  it.each(['mac', 'DPoP', 'bearer ', ' bearer', 'bearerx', ''])(
    'refuses token_type %j, naming it',
    async (type) => {
      const before = graphRequests
      const error = await runWith({ token_type: type, expires_in: 3600 })
      expect(error).toBeInstanceOf(OAuthError)
      expect(error).toMatchObject({
        error: 'invalid_token_response',
        errorDescription: 'token_type is not bearer',
      })
      expect((error as Error).message).toContain('token_type')
      // The token was never sent.
      expect(graphRequests).toBe(before)
    },
  )

  it.each([0, -1, -3600, -0.5])('refuses expires_in %j, naming it', async (seconds) => {
    const error = await runWith({ token_type: 'bearer', expires_in: seconds })
    expect(error).toBeInstanceOf(OAuthError)
    expect(error).toMatchObject({
      error: 'invalid_token_response',
      errorDescription: 'expires_in is not a positive number',
    })
  })

  it('accepts any positive lifetime, a fraction of a second too', async () => {
    expect(await runWith({ token_type: 'bearer', expires_in: 0.5 })).toBe('ok')
    expect(await runWith({ token_type: 'bearer', expires_in: 1e9 })).toBe('ok')
  })

  it('leaves a token_type or expires_in of the wrong kind to the response check (invalid_response, with its path)', async () => {
    expect(await runWith({ token_type: 'bearer', expires_in: '3600' })).toMatchObject({
      code: 'invalid_response',
      path: ['expires_in'],
    })
    expect(await runWith({ token_type: 7, expires_in: 3600 })).toMatchObject({
      code: 'invalid_response',
      path: ['token_type'],
    })
  })

  it.each(['acc-\u2603-token', 'acc-\x01-token', 'acc\r\nx-injected: 1', '   '])(
    'refuses an access_token %j that no header can carry, naming it, before it is used',
    async (token) => {
      const before = graphRequests
      // It would fail every call as a network failure (retried) until it expired.
      expect(await runWith({ access_token: token, token_type: 'bearer', expires_in: 3600 })).toMatchObject({
        code: 'invalid_response',
        path: ['access_token'],
      })
      expect(graphRequests).toBe(before)
    },
  )
})
