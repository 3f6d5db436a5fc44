import { inspect } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ClientError,
  createClient,
  HttpError,
  hooks,
  passwordGrant,
  refreshTokenGrant,
  retries,
  staticTokenGrant,
} from '../../src/client'
import { MAX_TOKENS, Secrets } from '../../src/client/secrets'
import { CREDENTIALS, startFakeService, type FakeService } from './fake-service'
import { STALL, clientFor, exploreMovies, secretValues, failure } from './helpers'
import { startHostileServer } from './hostile-server'

let service: FakeService
beforeAll(async () => {
  service = await startFakeService()
})
afterAll(() => service.close())

/** The four ways an error gets printed or shipped. */
function renderings(value: unknown): Record<string, string> {
  const error = value as Error
  return {
    message: String(error.message),
    stack: String(error.stack),
    json: JSON.stringify(value),
    inspect: inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
  }
}

function expectNoSecret(value: unknown, secrets: string[]) {
  expect(secrets.length).toBeGreaterThan(0)
  for (const [how, text] of Object.entries(renderings(value)))
    for (const secret of secrets) expect(text.includes(secret), `${how} shows a secret`).toBe(false)
}

describe('no secret in any error output', () => {
  it('keeps secrets out of every error the client throws, and out of hook data', async () => {
    const hookData: unknown[] = []
    const push = (info: unknown) => void hookData.push(info)
    const middleware = [hooks({ beforeRequest: push, afterResponse: push, onRetry: push })]
    const client = clientFor(service, {
      middleware,
      onTokenRefresh: push,
      retry: retries({ limit: 1, baseDelayMs: 1 }),
    })
    await client.run(exploreMovies())
    const token = service.graphRequests.at(-1)!.authorization!.replace('Bearer ', '')

    const errors: ClientError[] = []
    // A graph error body that echoes the token, in a field and in free text.
    service.inject(0, {
      kind: 'status',
      status: 400,
      body: JSON.stringify({
        message: `bad request with ${token}`,
        access_token: token,
        Authorization: `Bearer ${token}`,
      }),
    })
    errors.push(await failure(client.run(exploreMovies())))
    // A token endpoint failure that echoes the form it received.
    service.revokeAccessTokens()
    service.inject('token', {
      kind: 'status',
      status: 500,
      body: `oops: password=${encodeURIComponent(CREDENTIALS.password)}&client_secret=${CREDENTIALS.clientSecret} "refresh_token":"rt-unknown-1"`,
    })
    errors.push(await failure(client.run(exploreMovies())))
    // A refused refresh whose description quotes the refresh token (the fake service does).
    errors.push(
      await failure(
        clientFor(service, {
          middleware,
          auth: refreshTokenGrant({
            authUrl: service.url,
            clientId: CREDENTIALS.clientId,
            clientSecret: CREDENTIALS.clientSecret,
            refreshToken: 'rt-never-issued-42',
            onTokenRefresh: push,
          }),
        }).run(exploreMovies()),
      ),
    )
    // invalid_client, a reset, a timeout, malformed JSON, a refused next, an abort.
    errors.push(
      await failure(
        clientFor(service, { middleware, auth: passwordGrantWith('wrong-secret-9') }).run(exploreMovies()),
      ),
    )
    await client.run(exploreMovies())
    service.inject(0, { kind: 'reset' })
    service.inject(0, { kind: 'reset' })
    errors.push(await failure(client.run(exploreMovies())))
    service.inject(0, { kind: 'slow', ms: STALL.ms })
    service.inject(0, { kind: 'slow', ms: STALL.ms })
    errors.push(await failure(client.run(exploreMovies(), { timeoutMs: STALL.timeoutMs })))
    service.inject(0, { kind: 'malformed' })
    errors.push(await failure(client.run(exploreMovies())))
    service.inject(0, {
      kind: 'next',
      next: { endpoint: `https://evil.example/graph/explore?token=${token}`, method: 'POST', body: {} },
    })
    errors.push(await failure(client.collect(exploreMovies(), { maxItems: 100 })))
    errors.push(await failure(client.run(exploreMovies(), { signal: AbortSignal.abort(new Error('stop')) })))
    // A static token rejected by the service.
    errors.push(
      await failure(
        clientFor(service, { middleware, auth: staticTokenGrant('static-secret-token-7') }).run(
          exploreMovies(),
        ),
      ),
    )

    expect(errors.map((e) => e.code)).toEqual([
      'http_error',
      'http_error',
      'oauth_error',
      'oauth_error',
      'network_error',
      'timeout',
      'invalid_response',
      'paging_refused',
      'aborted',
      'http_error',
    ])
    const secrets = [
      ...secretValues(service),
      'rt-never-issued-42',
      'wrong-secret-9',
      'static-secret-token-7',
      'rt-unknown-1',
    ]
    for (const error of errors) expectNoSecret(error, secrets)
    // The descriptions still say what was sent, with the secrets marked.
    expect(errors[0]?.request?.headers['authorization']).toBe('Bearer [redacted]')
    expect(errors[1]?.request?.body).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: '[redacted]',
    })
    expect((errors[1] as unknown as { text: string }).text).toContain('password=[redacted]')

    expect(hookData.length).toBeGreaterThan(20)
    for (const info of hookData) {
      const text = `${JSON.stringify(info)}\n${inspect(info, { depth: Number.POSITIVE_INFINITY })}`
      for (const secret of secrets) expect(text.includes(secret), 'hook data shows a secret').toBe(false)
    }
  })

  it('keeps secrets out of configuration errors', () => {
    const bad = () =>
      passwordGrant({
        authUrl: 'not a url hunter2-secret',
        clientId: 'id',
        clientSecret: 'hunter2-secret',
        username: 'u',
        password: 'hunter2-password',
      })
    expect(bad).toThrow('$.auth.authUrl')
    try {
      bad()
    } catch (error) {
      expectNoSecret(error, ['hunter2-secret', 'hunter2-password'])
    }
  })
})

function passwordGrantWith(clientSecret: string) {
  return passwordGrant({
    authUrl: service.url,
    clientId: CREDENTIALS.clientId,
    clientSecret,
    username: CREDENTIALS.username,
    password: CREDENTIALS.password,
  })
}

describe('the secrets one client scrubs', () => {
  it('stay bounded after 1,000 refreshes: credentials for good, the newest tokens only', () => {
    const secrets = new Secrets()
    // As createClient and the token endpoint add them: credentials once, an access and a refresh token per refresh.
    secrets.add('client-secret-Qx7/+=')
    secrets.add('Sunshine')
    const access = (n: number) => `at-${n}-Zq81xvPl02`
    const refresh = (n: number) => `rt-${n}-Kp02wyMn57`
    for (let n = 0; n < 1000; n++) {
      secrets.addToken(access(n))
      secrets.addToken(refresh(n))
      // A token store handing out the current token again does not grow the list either.
      secrets.addToken(access(n))
    }
    // Only the newest MAX_TOKENS are still looked for: every older one was let go (a client that kept them all
    // would scrub them still, and look for more of them on every scrub).
    expect(MAX_TOKENS).toBe(8)
    const older = Array.from({ length: 1000 - MAX_TOKENS / 2 }, (_, n) => [access(n), refresh(n)]).flat()
    expect(secrets.scrub(older.join(' '))).toBe(older.join(' '))
    const newest = Array.from({ length: MAX_TOKENS / 2 }, (_, i) => [
      access(999 - i),
      refresh(999 - i),
    ]).flat()
    const text = ['client-secret-Qx7/+=', encodeURIComponent('client-secret-Qx7/+='), 'Sunshine', ...newest]
    expect(secrets.scrub(text.join(' '))).toBe(Array(text.length).fill('[redacted]').join(' '))
  })
})

describe('the tokens an auth adds', () => {
  const tokens = Array.from({ length: 100 }, (_, n) => `tok-${String(n).padStart(3, '0')}-Zq81xvPl02`)

  it('are kept like the client’s own tokens: the newest MAX_TOKENS, not every one for good', () => {
    const secrets = new Secrets()
    secrets.add('client-secret-Qx7/+=')
    for (const token of tokens) secrets.lent.add(token)
    // The older ones are let go; the credential is kept for good.
    const older = tokens.slice(0, -MAX_TOKENS).join(' ')
    expect(secrets.lent.scrub(older)).toBe(older)
    expect(secrets.lent.scrub('client-secret-Qx7/+=')).toBe('[redacted]')
    expect(secrets.lent.scrub(tokens.slice(-MAX_TOKENS).join(' '))).toBe(
      Array(MAX_TOKENS).fill('[redacted]').join(' '),
    )
    expect(secrets.lent.redact({ password: 'x', note: tokens.at(-1) })).toEqual({
      password: '[redacted]',
      note: '[redacted]',
    })
  })

  it('through AuthContext.secrets, as a grant refreshing all day adds them', async () => {
    // A server that quotes every token back in its refusal.
    const server = await startHostileServer((_, res) => {
      res.statusCode = 400
      res.end(tokens.join(' '))
    })
    const client = createClient({
      baseUrl: server.url,
      auth: {
        token: async (context) => {
          for (const token of tokens) context.secrets.add(token)
          return tokens.at(-1)!
        },
      },
    })
    const error = await failure(client.run(exploreMovies())).finally(() => server.close())
    // The newest are scrubbed; the list stays bounded however many an auth adds.
    expect((error as HttpError).text.match(/\[redacted\]/g)).toHaveLength(MAX_TOKENS)
    expect((error as HttpError).text.endsWith(Array(MAX_TOKENS).fill('[redacted]').join(' '))).toBe(true)
  })
})
