import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WindowCounter, MAX_COUNTED_KEYS } from '../../src/service/http/rate-limit'
import { addressKey } from '../../src/service/http/client-address'
import { TokenResponseSchema, OAuthErrorBodySchema } from '../../src/model'
import { basicHeader, startHarness, type Harness } from './helpers'
import { DEMO } from 'hql/service'

let clock = Date.now()
let h: Harness
const odd = { id: 'odd client 1', secret: 'p@ss+word/=%:' }
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

  it('decodes Basic credentials raw, as the service documents: a secret with + / = % and :', async () => {
    const r = await h.token(password('ana', 'correct horse'), odd)
    expect(r.status).toBe(200)
  })

  it('refuses Basic credentials form-encoded first (RFC 6749 §2.3.1) when the encoding changes them', async () => {
    const withHeader = async (authorization: string) => {
      const r = await fetch(`${h.service.authUrl}/1.3/security/oauth/token`, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(password('ana', 'correct horse')),
      })
      return [r.status, ((await r.json()) as { error?: string }).error]
    }
    expect(await withHeader(basicHeader(odd.id, odd.secret, 'form'))).toEqual([401, 'invalid_client'])
    // Credentials the form encoding leaves alone read the same either way.
    expect(await withHeader(basicHeader(demo().id, demo().secret, 'form'))).toEqual([200, undefined])
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
  })

  it('revokes every token descended from a refresh token that is replayed (reuse detection)', async () => {
    const refresh = (token: string, client = demo()) =>
      h.token({ grant_type: 'refresh_token', refresh_token: token }, client)
    const lookupAs = async (token: string) =>
      (await h.post('/graph/lookup', { ids: ['mhals-current-user'] }, token)).status
    const first = await h.token(password('ana', 'correct horse'), demo())
    const second = await refresh(first.body.refresh_token)
    const third = await refresh(second.body.refresh_token)
    const bystander = await h.token(password('ana', 'correct horse'), demo())
    expect([second.status, third.status, await lookupAs(third.body.access_token)]).toEqual([200, 200, 200])
    // Another client holding a used token cannot speak for its owner: refused, and nothing is revoked.
    expect((await refresh(first.body.refresh_token, odd)).body.error).toBe('invalid_grant')
    expect(await lookupAs(third.body.access_token)).toBe(200)
    // The owner's client replays the first refresh token: two parties hold it, so the family dies.
    expect((await refresh(first.body.refresh_token)).body.error).toBe('invalid_grant')
    expect(await lookupAs(first.body.access_token)).toBe(401)
    expect(await lookupAs(second.body.access_token)).toBe(401)
    expect(await lookupAs(third.body.access_token)).toBe(401)
    expect((await refresh(third.body.refresh_token)).body.error).toBe('invalid_grant')
    // Another sign-in of the same user is another family, untouched.
    expect(await lookupAs(bystander.body.access_token)).toBe(200)
    expect((await refresh(bystander.body.refresh_token)).status).toBe(200)
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

  const checkToken = async (token: string, client: { id: string; secret: string }) => {
    const response = await fetch(`${h.service.authUrl}/1.3/security/oauth/check_token`, {
      method: 'POST',
      headers: {
        Authorization: basicHeader(client.id, client.secret),
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ token }),
    })
    return { status: response.status, body: await response.json() }
  }

  it('tells what a token stands for at check_token', async () => {
    const r = await h.token(password('ana', 'correct horse'), demo())
    expect((await checkToken(r.body.access_token, demo())).body).toMatchObject({
      active: true,
      user_name: 'ana',
      client_id: demo().id,
    })
  })

  it("answers check_token about another client's token as about an unknown token", async () => {
    const r = await h.token(password('ana', 'correct horse'), demo())
    const other = await checkToken(r.body.access_token, server)
    const unknown = await checkToken('no-such-token', server)
    expect(other).toEqual(unknown)
    expect(other).toEqual({
      status: 400,
      body: { error: 'invalid_token', error_description: 'Token was not recognised' },
    })
    expect(JSON.stringify(other)).not.toContain('ana')
  })
})

describe('bearer auth on graph endpoints', () => {
  it('answers 401 with a JSON error without a token, or with a bad one', async () => {
    const none = await fetch(`${h.service.baseUrl}/graph/explore`, { method: 'POST', body: '{"filters":{}}' })
    expect(none.status).toBe(401)
    // RFC 6750 §3.1: a request without any token gets the challenge without an error code.
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="hql"')
    expect(await none.json()).toMatchObject({ error: 'unauthorized' })
    const bad = await h.post('/graph/explore', { filters: {} }, 'not-a-token')
    expect([bad.status, bad.body.error]).toEqual([401, 'invalid_token'])
    expect(bad.headers.get('www-authenticate')).toBe('Bearer realm="hql", error="invalid_token"')
  })

  /** A graph request with this Authorization header (none for null), and `query` after the path. */
  const withHeader = async (authorization: string | null, query = '') => {
    const response = await fetch(`${h.service.baseUrl}/graph/explore${query}`, {
      method: 'POST',
      headers: authorization === null ? {} : { Authorization: authorization },
      body: '{"filters":{}}',
    })
    const body = (await response.json()) as { error: string }
    return [response.status, body.error, response.headers.get('www-authenticate')]
  }

  it('challenges credentials of another scheme (Basic…) with no error code, as a request without any', async () => {
    // RFC 6750 §3.1: "attempted using an unsupported authentication method" is a request that lacks
    // authentication information: no error code in the challenge.
    const bare = [401, 'unauthorized', 'Bearer realm="hql"']
    expect(await withHeader(basicHeader('a', 'b'))).toEqual(bare)
    expect(await withHeader(basicHeader(DEMO.clientId, DEMO.clientSecret))).toEqual(bare)
    expect(await withHeader('Digest username="a"')).toEqual(bare)
    expect(await withHeader('Bearerish abc')).toEqual(bare)
    expect(await withHeader(null)).toEqual(bare)
    // A Basic header does not hide a token sent as the parameter.
    const { access_token: token } = (await h.token(password('ana', 'correct horse'), demo())).body
    expect((await withHeader(basicHeader('a', 'b'), `?access_token=${token}`))[0]).toBe(200)
  })

  it('answers 400 invalid_request to a malformed Bearer header, or a token sent two ways at once', async () => {
    const malformed = [400, 'invalid_request', 'Bearer realm="hql", error="invalid_request"']
    for (const header of [
      'Bearer',
      'Bearer ',
      'bearer  ',
      'Bearer a b',
      'Bearer tok,en',
      'Bearer ab=c',
      'Bearer\tabc',
    ])
      expect({ header, answer: await withHeader(header) }).toEqual({ header, answer: malformed })
    const { access_token: token } = (await h.token(password('ana', 'correct horse'), demo())).body
    expect(await withHeader(`Bearer ${token}`, `?access_token=${token}`)).toEqual(malformed)
    expect(await withHeader(null, '?access_token=a%20b')).toEqual(malformed)
    // Well-formed, in any case of the scheme and with spaces around: a valid token is taken.
    expect((await withHeader(`bEaReR   ${token}  `))[0]).toBe(200)
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

/** A token request sent from a chosen loopback address (all of 127.0.0.0/8 reaches the service). */
function tokenFrom(
  service: Harness['service'],
  localAddress: string,
  form: Record<string, string>,
  basic?: { id: string; secret: string },
): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  const body = new URLSearchParams(form).toString()
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${service.authUrl}/1.3/security/oauth/token`,
      {
        method: 'POST',
        localAddress,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
          ...(basic ? { Authorization: basicHeader(basic.id, basic.secret) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            headers: res.headers,
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('failed authentication limits', () => {
  const guarded = { id: 'guarded', secret: 'right' }
  let time = Date.UTC(2030, 0, 1)
  let l: Harness
  beforeAll(async () => {
    l = await startHarness({
      clients: [{ clientId: guarded.id, clientSecret: guarded.secret, passwordGrant: true }],
      users: [
        { username: 'ana', password: 'correct horse' },
        { username: 'bo', password: 'battery staple' },
      ],
      rateLimit: { requests: 6, windowSeconds: 60 },
      authFailureLimit: { perAddress: 3, perUsername: 4, windowSeconds: 60 },
      now: () => time,
    })
  })
  afterAll(() => l.service.close())

  it('limits failed client authentication by source address, never spending the client budget', async () => {
    // An outsider at 127.0.0.2 knows the client id and guesses its secret, far over both budgets.
    const guesses: [number, string][] = []
    for (const secret of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'right']) {
      const r = await tokenFrom(
        l.service,
        '127.0.0.2',
        { grant_type: 'client_credentials' },
        {
          id: guarded.id,
          secret,
        },
      )
      guesses.push([r.status, r.body.error])
    }
    expect(guesses.slice(0, 3)).toEqual(Array(3).fill([401, 'invalid_client']))
    // Over its budget the address gets 429 whatever it sends, the right secret too: a guess learns nothing.
    expect(guesses.slice(3)).toEqual(Array(7).fill([429, 'rate_limited']))
    const blocked = await tokenFrom(l.service, '127.0.0.2', { grant_type: 'client_credentials' }, guarded)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    // The real client, elsewhere, still gets tokens, and its whole budget of 6 (token call included) is
    // intact: the ten failures spent none of it.
    const real = await tokenFrom(l.service, '127.0.0.3', { grant_type: 'client_credentials' }, guarded)
    expect(real.status).toBe(200)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await l.post('/graph/lookup', { ids: ['mhmov-gladiator'] }, real.body.access_token)).status,
      )
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    // A new window forgives the address.
    time += 60_000
    const later = await tokenFrom(l.service, '127.0.0.2', { grant_type: 'client_credentials' }, guarded)
    expect(later.status).toBe(200)
  })

  it('limits password guesses per username, from all addresses together', async () => {
    time += 60_000
    const signIn = (address: string, username: string, pass: string) =>
      tokenFrom(l.service, address, password(username, pass), guarded)
    // Four addresses, one wrong guess each (under every address budget), on one username.
    const wrong = []
    for (const address of ['127.0.0.4', '127.0.0.5', '127.0.0.6', '127.0.0.7'])
      wrong.push((await signIn(address, 'ana', 'guess')).body.error)
    expect(wrong).toEqual(Array(4).fill('invalid_grant'))
    // The username is over its budget: refused even with the right password, from a fresh address.
    const right = await signIn('127.0.0.8', 'ana', 'correct horse')
    expect([right.status, right.body.error]).toEqual([429, 'rate_limited'])
    expect(right.body.error_description).toMatch(/username/)
    // Another user is not affected; nor is the client (client_credentials from the same address).
    expect((await signIn('127.0.0.8', 'bo', 'battery staple')).status).toBe(200)
    time += 60_000
    expect((await signIn('127.0.0.8', 'ana', 'correct horse')).status).toBe(200)
  })

  it('says Retry-After until the oldest counted guess leaves the window, which slides', async () => {
    time += 60_000 // a minute on: the minute's windows of the tests before are empty, and `time` is a minute's start
    const start = time
    const signInAt = (seconds: number, address: string, pass = 'guess') => {
      time = start + seconds * 1000
      return tokenFrom(l.service, address, password('bo', pass), guarded)
    }
    const wrong = []
    for (const [seconds, address] of [
      [10, '127.0.0.20'],
      [20, '127.0.0.21'],
      [30, '127.0.0.22'],
      [40, '127.0.0.23'],
    ] as const)
      wrong.push((await signInAt(seconds, address)).status)
    expect(wrong).toEqual([400, 400, 400, 400])
    // Refused until the guess of +10 s leaves the window at +70 s: 25 s (the fixed window's end said 15 s).
    const refused = await signInAt(45, '127.0.0.24', 'battery staple')
    expect([refused.status, refused.headers['retry-after']]).toEqual([429, '25'])
    // At +70 s one more guess is checked, and the next waits for the guess of +20 s to leave: 10 s.
    expect((await signInAt(70, '127.0.0.24')).status).toBe(400)
    const next = await signInAt(70, '127.0.0.25', 'battery staple')
    expect([next.status, next.headers['retry-after']]).toEqual([429, '10'])
  })
})

describe('failure counters', () => {
  it('follow at most MAX_COUNTED_KEYS keys, forgetting the oldest first', () => {
    const counter = new WindowCounter(2, 60, () => 0)
    counter.add('first')
    counter.add('first')
    expect(counter.wait('first')).toBe(60)
    for (let i = 0; i < MAX_COUNTED_KEYS + 500; i++) counter.add(`key-${i}`)
    expect(counter.size).toBe(MAX_COUNTED_KEYS)
    expect(counter.wait('first')).toBe(0)
    expect(counter.wait(`key-${MAX_COUNTED_KEYS + 499}`)).toBe(0)
  })

  it('count IPv6 addresses by /64 network and IPv4-mapped ones as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:0db8:1:2:bbbb:cccc:dddd:eeee'))
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'))
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3')
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3')
    expect([addressKey(undefined), addressKey('constructor')]).toEqual(['unknown', 'unknown'])
  })
})
