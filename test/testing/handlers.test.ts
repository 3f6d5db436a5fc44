// hql/testing's msw handlers, driven by the real client (msw intercepts the global fetch the client looks up at
// each call) and compared with the reference service over real HTTP.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'msw/node'
import {
  hql,
  createClient,
  recommended,
  passwordGrant,
  staticTokenGrant,
  returnType,
  traits,
  releaseDate,
  keyTraits,
  HttpError,
  OAuthError,
  type PagingClient,
  type ResultOf,
} from 'hql'
import { createService, type Service } from 'hql/service'
import { hqlHandlers, fixture, errorFixture, type HqlHandlersOptions } from 'hql/testing'
import { testPasswordCost } from '../support/password-cost'

const BASE = 'https://graph.hql.test'
const server = setupServer()
let service: Service

beforeAll(async () => {
  // Anything the handlers do not answer is an error, not a silent trip to the network; the reference
  // service on 127.0.0.1 is reached for real, to compare with.
  server.listen({
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).hostname !== '127.0.0.1') print.error()
    },
  })
  service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
})
afterEach(() => server.resetHandlers())
afterAll(async () => {
  server.close()
  await service.close()
})

function use(options: Partial<HqlHandlersOptions> = {}): void {
  server.use(...hqlHandlers({ baseUrl: BASE, ...options }))
}

const clientOf = (
  baseUrl: string,
  authUrl = `${baseUrl}/auth`,
  credentials: Omit<Service['demo'], 'scope'> = service.demo,
): PagingClient =>
  createClient({
    baseUrl,
    auth: passwordGrant({ authUrl, ...credentials, scope: ['public_profile', 'user_likes'] }),
    ...recommended(),
    retry: false,
  })

const westerns = hql
  .explore()
  .filter(returnType.eq('Movie'), traits.eq('mhgnr-western'))
  .sort(releaseDate.desc())

async function post(path: string, body: unknown, token = 'any-static-token'): Promise<Response> {
  return fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

describe('answers from the embedded catalog', () => {
  it('gives the client what the reference service gives, page after page', async () => {
    use()
    const q = westerns.with(keyTraits).pageSize(9)
    const mocked = await clientOf(BASE).collect(q, { maxItems: 200 })
    const real = await clientOf(service.baseUrl).collect(q, { maxItems: 200 })
    expect(mocked.length).toBeGreaterThan(9)
    expect(mocked.map((p) => p.object.mhid)).toEqual(real.map((p) => p.object.mhid))
    expect(mocked.map((p) => p.object.keyTraits.content.map((t) => t.object.name))).toEqual(
      real.map((p) => p.object.keyTraits.content.map((t) => t.object.name)),
    )
  })

  it('follows relate’s bare /relate next endpoint', async () => {
    use()
    const like = hql.relate('mhmov-gladiator').pageSize(4)
    const items = await clientOf(BASE).collect(like, { maxItems: 10, truncate: true })
    expect(items).toHaveLength(10)
    expect(new Set(items.map((p) => p.object.mhid)).size).toBe(10)
  })

  it('answers a client_credentials token as no user, like the service', async () => {
    use()
    const token = await fetch(`${BASE}/auth/1.3/security/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'a', client_secret: 'b' }),
    }).then((r) => r.json() as Promise<{ access_token: string; refresh_token?: string }>)
    expect(token.refresh_token).toBeUndefined()
    const mine = await post('/graph/lookup', { ids: ['mhals-current-user'] }, token.access_token)
    expect(mine.status).toBe(403)
    // A user token may look itself up.
    expect((await post('/graph/lookup', { ids: ['mhals-current-user'] })).status).toBe(200)
  })
})

describe('requests that do not validate', () => {
  it('a client request the service refuses: 400 with the service’s path', async () => {
    use()
    const error = await clientOf(BASE)
      .run(westerns.pageSize(500))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).body).toMatchObject({ status: 400, path: '$.pageSize' })
  })

  it.each([
    [{ filters: { traits: { $eq: 'mhmov-gladiator' } } }, '$.filters.traits.$eq'],
    [{ filters: {}, pageSize: 0 }, '$.pageSize'],
    [{ filters: {}, components: [{ name: 'primaryImg' }] }, '$.components[0].name'],
    [{ filters: {}, colour: 'blue' }, '$.colour'],
  ])('explore %j: 400 naming %s, for fixtures and catalog alike', async (body, path) => {
    for (const catalog of [true, false]) {
      server.resetHandlers()
      use({ catalog })
      const response = await post('/graph/explore', body)
      expect(response.status).toBe(400)
      const json = (await response.json()) as { path?: string; status: number; error: string }
      expect(json).toMatchObject({ status: 400, path })
      expect(json.error).not.toBe('')
    }
  })

  it('malformed JSON is a 400, a missing token a 401', async () => {
    use()
    expect((await post('/graph/explore', '{not json')).status).toBe(400)
    const anonymous = await fetch(`${BASE}/graph/explore`, { method: 'POST', body: '{"filters":{}}' })
    expect(anonymous.status).toBe(401)
  })
})

describe('fixtures', () => {
  const gladiator = hql.lookup('mhmov-gladiator').pageSize(3)
  const answer: ResultOf<typeof gladiator> = {
    content: [
      {
        object: {
          mhid: 'mhmov-fixture',
          altId: 'mhmov-gladiator',
          name: 'Gladiator (from a fixture)',
          releaseDate: 946684800,
          description: 'canned',
        },
        context: {},
      },
    ],
    pagingInfo: { next: null, previous: null },
  }

  it('answers the matching request, whatever the key order of the request that arrives', async () => {
    use({ fixtures: [fixture(gladiator, answer)] })
    const page = await clientOf(BASE).run(gladiator)
    expect(page.content[0]?.object?.name).toBe('Gladiator (from a fixture)')
    // Not the same request: the catalog answers it.
    const other = await clientOf(BASE).run(gladiator.pageSize(5))
    expect(other.content[0]?.object?.name).toBe('Gladiator')
    // The same request with its keys in another order still matches.
    const reordered = await post('/graph/lookup', { pageSize: 3, ids: ['mhmov-gladiator'] })
    expect(((await reordered.json()) as typeof page).content[0]?.object?.name).toBe(
      'Gladiator (from a fixture)',
    )
  })

  it('pages through fixtures: items() yields every canned item once', async () => {
    const first = westerns.pageSize(2)
    const next = { endpoint: '/graph/explore', method: 'POST' as const, body: { ...first.body, page: 1 } }
    const movie = (n: number) => ({
      object: {
        mhid: `mhmov-f${n}` as const,
        altId: `mhmov-f${n}`,
        name: `F${n}`,
        releaseDate: n,
        description: '',
      },
      context: {},
    })
    use({
      catalog: false,
      fixtures: [
        fixture(first, { content: [movie(1), movie(2)], pagingInfo: { next, previous: null } }),
        fixture(next, { content: [movie(3)], pagingInfo: { next: null, previous: null } }),
      ],
    })
    const names: string[] = []
    for await (const { object } of clientOf(BASE).items(first)) names.push(object.name)
    expect(names).toEqual(['F1', 'F2', 'F3'])
  })

  it('errorFixture answers with its status; with the catalog off, an unknown request is a 404 naming it', async () => {
    use({
      catalog: false,
      fixtures: [errorFixture(westerns, 503, { error: 'down', message: 'later', status: 503 })],
    })
    const down = await clientOf(BASE)
      .run(westerns)
      .catch((e: unknown) => e)
    expect(down).toBeInstanceOf(HttpError)
    expect((down as HttpError).status).toBe(503)
    const missing = await clientOf(BASE)
      .run(gladiator)
      .catch((e: unknown) => e)
    expect((missing as HttpError).status).toBe(404)
    expect((missing as HttpError).body).toMatchObject({ error: 'no_fixture' })
    expect((missing as HttpError).text).toContain('mhmov-gladiator')
  })

  it("a failure fixture is retried at once: the retries piece's attempts wait 0 ms (Retry-After: 0)", async () => {
    use({
      catalog: false,
      fixtures: [
        errorFixture(westerns, 503, { error: 'down', message: 'later', status: 503 }),
        errorFixture(gladiator, 404, { error: 'not_found', message: 'no such title', status: 404 }),
      ],
    })
    const waits: number[] = []
    const client = createClient({
      baseUrl: BASE,
      auth: staticTokenGrant('any-token'),
      ...recommended(),
      middleware: [{ onRetry: ({ delayMs }) => void waits.push(delayMs) }],
    })
    const down = await client.run(westerns).catch((e: unknown) => e)
    expect(down).toMatchObject({ status: 503, retryAfterMs: 0 })
    // The default policy's every retry, each without a pause.
    expect(waits.length).toBeGreaterThan(0)
    expect(waits.every((ms) => ms === 0)).toBe(true)
    // An answer no policy retries says nothing of the kind.
    const missing = await client.run(gladiator).catch((e: unknown) => e)
    expect(missing).toMatchObject({ status: 404, retryAfterMs: undefined })
  })

  it('refuses a fixture for a request that does not validate, at once', () => {
    expect(() => fixture({ endpoint: '/graph/lookup', body: { ids: [] } }, {})).toThrow(/\$\.ids/)
  })
})

describe('the token endpoint', () => {
  const creds = { clientId: 'app', clientSecret: 's3cret', username: 'ann', password: 'pw' }

  it('checks credentials when given, with the OAuth errors the client types', async () => {
    use({ credentials: creds })
    const ok = await clientOf(BASE, undefined, creds).run(westerns.pageSize(1))
    expect(ok.content).toHaveLength(1)
    const badClient = await clientOf(BASE, undefined, { ...creds, clientSecret: 'no' })
      .run(westerns)
      .catch((e: unknown) => e)
    expect(badClient).toBeInstanceOf(OAuthError)
    expect((badClient as OAuthError).error).toBe('invalid_client')
    const badUser = await clientOf(BASE, undefined, { ...creds, password: 'no' })
      .run(westerns)
      .catch((e: unknown) => e)
    expect((badUser as OAuthError).error).toBe('invalid_grant')
  })

  it('issues short-lived tokens that expire (401) and rotate their refresh tokens', async () => {
    use({ tokenLifetimeSeconds: 1 })
    const refreshes: string[] = []
    const client = createClient({
      baseUrl: BASE,
      auth: passwordGrant({
        authUrl: `${BASE}/auth`,
        ...creds,
        scope: 'public_profile',
        onTokenRefresh: ({ grant, reason }) => void refreshes.push(`${grant}:${reason}`),
      }),
    })
    await client.run(westerns.pageSize(1))
    await new Promise((resolve) => setTimeout(resolve, 600))
    await client.run(westerns.pageSize(1))
    // Renewed with the refresh token, never by signing in again (one renewal more on a slow machine).
    expect(refreshes[0]).toBe('password:missing')
    expect(refreshes.slice(1)).toContain('refresh_token:expiring')
    expect(refreshes.slice(1).every((r) => r === 'refresh_token:expiring')).toBe(true)

    const form = (body: Record<string, string>) =>
      fetch(`${BASE}/auth/1.3/security/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        // The client authenticates on every token request, as the service requires.
        body: new URLSearchParams({ client_id: creds.clientId, client_secret: creds.clientSecret, ...body }),
      }).then(async (r) => ({ status: r.status, json: (await r.json()) as Record<string, string> }))
    const first = await form({
      grant_type: 'password',
      username: 'u',
      password: 'p',
      scope: 'public_profile',
    })
    const rotated = await form({ grant_type: 'refresh_token', refresh_token: first.json['refresh_token']! })
    expect(rotated.status).toBe(200)
    const reused = await form({ grant_type: 'refresh_token', refresh_token: first.json['refresh_token']! })
    expect(reused).toMatchObject({ status: 400, json: { error: 'invalid_grant' } })
    await new Promise((resolve) => setTimeout(resolve, 1_050))
    expect((await post('/graph/explore', { filters: {} }, first.json['access_token'])).status).toBe(401)
  })

  it('accepts a static token it never issued', async () => {
    use()
    const client = createClient({ baseUrl: BASE, auth: staticTokenGrant('from-the-environment') })
    expect((await client.run(westerns.pageSize(2))).content).toHaveLength(2)
  })
})
