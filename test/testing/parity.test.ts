// The same requests, good and bad, sent to hql/testing's msw handlers and to a real reference service: each
// must get the same status and error code (and, for errors, the same message). Graph requests are checked
// twice: with the handlers answering from the catalog, and from fixtures only, since a fixture must not
// answer a request the service refuses for the request's own sake (a token, a body, a limit).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'msw/node'
import { createService, type Service } from 'hql/service'
import { fixture, hqlHandlers, type HqlFixture } from 'hql/testing'
import { testPasswordCost } from '../support/password-cost'

const BASE = 'https://parity.hql.test'
const TOKEN_PATH = '/auth/1.3/security/oauth/token'
const server = setupServer()
let service: Service

beforeAll(async () => {
  server.listen({
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).hostname !== '127.0.0.1') print.error()
    },
  })
  service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
})
afterAll(async () => {
  server.close()
  await service.close()
})

interface Outcome {
  readonly status: number
  readonly error?: string
  readonly message?: string
  /**
   * The WWW-Authenticate challenge of a 401, or of any answer that has one (RFC 6750 for graph endpoints, a 400
   * `invalid_request` included; Basic for the token endpoint).
   */
  readonly challenge?: string | null
}

async function outcome(response: Response): Promise<Outcome> {
  const body = (await response.json()) as Record<string, unknown>
  if (response.status < 300) return { status: response.status }
  const message = body['message'] ?? body['error_description']
  return {
    status: response.status,
    error: String(body['error']),
    message: String(message),
    ...(response.status === 401 || response.headers.has('www-authenticate')
      ? { challenge: response.headers.get('www-authenticate') }
      : {}),
  }
}

const tokenForm = (fields: Record<string, string>) =>
  new URLSearchParams({ client_id: 'hql-demo', client_secret: 'hql-demo-secret', ...fields })
const user = { username: 'demo', password: 'demo-password' }

const tokenCases: Record<string, URLSearchParams> = {
  'password grant with scopes': tokenForm({
    grant_type: 'password',
    ...user,
    scope: 'public_profile user_likes',
  }),
  'password grant without scope': tokenForm({ grant_type: 'password', ...user }),
  'password grant with an unknown scope': tokenForm({ grant_type: 'password', ...user, scope: 'bogus' }),
  'client credentials without scope': tokenForm({ grant_type: 'client_credentials' }),
  'client credentials with an unknown scope': tokenForm({ grant_type: 'client_credentials', scope: 'x' }),
  'refresh without refresh_token': tokenForm({ grant_type: 'refresh_token' }),
  'no grant type': tokenForm({}),
  'an unknown grant type': tokenForm({ grant_type: 'implicit' }),
  'form field names that are prototype keys': tokenForm({
    grant_type: 'client_credentials',
    constructor: 'x',
    ['__proto__']: 'x',
    toString: 'x',
  }),
  'a grant type that is a prototype key': tokenForm({ grant_type: '__proto__' }),
  'a scope that is a prototype key': tokenForm({ grant_type: 'client_credentials', scope: 'constructor' }),
  'no client authentication': new URLSearchParams({
    grant_type: 'password',
    ...user,
    scope: 'public_profile',
  }),
}

async function token(root: string, fields: URLSearchParams): Promise<Response> {
  return fetch(`${root}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
  })
}

interface GraphCase {
  readonly path: string
  /** A string is sent as is; anything else as JSON. */
  readonly body: unknown
  /** The Authorization header; the bearer token of the target by default, null for none. */
  readonly authorization?: string | null
  /** Send the target's token as `?access_token=` instead of a header. */
  readonly queryToken?: boolean
  /** The service refuses it for its data, not for the request (an unknown id): fixtures may answer it. */
  readonly dataDependent?: boolean
}

const lookup = { ids: ['mhmov-gladiator'] }
const graphCases: Record<string, GraphCase> = {
  'a good lookup': { path: '/graph/lookup', body: lookup },
  'a good explore at the bare path relate uses': { path: '/explore', body: { filters: {}, pageSize: 2 } },
  'the token as ?access_token=': {
    path: '/graph/lookup',
    body: lookup,
    authorization: null,
    queryToken: true,
  },
  'no token': { path: '/graph/lookup', body: lookup, authorization: null },
  'Basic credentials instead of a bearer token': {
    path: '/graph/lookup',
    body: lookup,
    authorization: 'Basic abc',
  },
  'a Bearer header with two tokens': { path: '/graph/lookup', body: lookup, authorization: 'Bearer a b' },
  'a Bearer header without a token': { path: '/graph/lookup', body: lookup, authorization: 'Bearer' },
  'the token in the header and as ?access_token= both': {
    path: '/graph/lookup',
    body: lookup,
    queryToken: true,
  },
  'an empty body': { path: '/graph/lookup', body: '' },
  'a body that is not JSON': { path: '/graph/lookup', body: '{"ids": [' },
  'an array body': { path: '/graph/lookup', body: [] },
  'an unknown component': { path: '/graph/lookup', body: { ...lookup, components: ['nope'] } },
  'an unknown id': { path: '/graph/lookup', body: { ids: ['mhmov-does-not-exist'] }, dataDependent: true },
  'a pageSize over the limit': { path: '/graph/explore', body: { filters: {}, pageSize: 100000 } },
  'a list component pageSize over the limit': {
    path: '/graph/lookup',
    body: { ...lookup, components: [{ name: 'keyContributors', pageSize: 1000 }] },
  },
  'a siloPageSize over the limit': {
    path: '/graph/silos',
    body: { blueprints: [{ type: 'GraphLens' }], siloPageSize: 500 },
  },
  'too many ids': {
    path: '/graph/lookup',
    body: { ids: Array.from({ length: 1001 }, (_, i) => `mhmov-title-${i}`) },
  },
}

async function graph(root: string, bearer: string, c: GraphCase): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  const authorization = c.authorization === undefined ? `Bearer ${bearer}` : c.authorization
  if (authorization !== null) headers['authorization'] = authorization
  const query = c.queryToken ? `?access_token=${encodeURIComponent(bearer)}` : ''
  const body = typeof c.body === 'string' ? c.body : JSON.stringify(c.body)
  return fetch(`${root}${c.path}${query}`, { method: 'POST', headers, body })
}

async function userToken(root: string): Promise<string> {
  const response = await token(root, tokenCases['password grant with scopes'] as URLSearchParams)
  return ((await response.json()) as { access_token: string }).access_token
}

/** A fixture for each request that validates: what fixtures-only handlers would answer with 200. */
const page = { next: null, previous: null }

function fixturesOfCases() {
  // One fixture per request: cases that send one request twice (with the token sent another way) share it.
  const fixtures = new Map<string, HqlFixture>()
  for (const c of Object.values(graphCases)) {
    if (typeof c.body === 'string') continue
    try {
      const made = fixture({ endpoint: c.path, body: c.body }, { content: [], pagingInfo: page })
      fixtures.set(made.key, made)
    } catch {
      // The model refuses it (an array body, an unknown component): no fixture can be made for it.
    }
  }
  return [...fixtures.values()]
}

describe('hql/testing handlers and the reference service', () => {
  it('answer the token endpoint alike', async () => {
    server.resetHandlers(...hqlHandlers({ baseUrl: BASE }))
    const real: Record<string, Outcome> = {}
    const mocked: Record<string, Outcome> = {}
    for (const [name, form] of Object.entries(tokenCases)) {
      real[name] = await outcome(await token(service.baseUrl, form))
      mocked[name] = await outcome(await token(BASE, form))
    }
    expect(mocked).toEqual(real)
    // The cases are not all 200s: the comparison covers refusals.
    expect(Object.values(real).filter((o) => o.status === 400)).toHaveLength(8)
  })

  it('answer a replayed refresh token alike: the whole family is revoked', async () => {
    server.resetHandlers(...hqlHandlers({ baseUrl: BASE }))
    const run = async (root: string): Promise<Outcome[]> => {
      const json = async (response: Response) => (await response.json()) as Record<string, string>
      const refresh = (refreshToken: string) =>
        token(root, tokenForm({ grant_type: 'refresh_token', refresh_token: refreshToken }))
      const first = await json(await token(root, tokenCases['password grant with scopes'] as URLSearchParams))
      const second = await json(await refresh(first['refresh_token'] as string))
      const outcomes = [await outcome(await refresh(first['refresh_token'] as string))]
      outcomes.push(await outcome(await refresh(second['refresh_token'] as string)))
      const lookupCase = graphCases['a good lookup'] as GraphCase
      outcomes.push(await outcome(await graph(root, second['access_token'] as string, lookupCase)))
      return outcomes
    }
    const real = await run(service.baseUrl)
    expect(await run(BASE)).toEqual(real)
    expect(real.map((o) => [o.status, o.error])).toEqual([
      [400, 'invalid_grant'],
      [400, 'invalid_grant'],
      [401, 'invalid_token'],
    ])
  })

  for (const mode of ['catalog', 'fixtures'] as const)
    it(`answer graph requests alike (handlers answering from the ${mode})`, async () => {
      server.resetHandlers(
        ...hqlHandlers(
          mode === 'catalog'
            ? { baseUrl: BASE }
            : { baseUrl: BASE, catalog: false, fixtures: fixturesOfCases() },
        ),
      )
      const realToken = await userToken(service.baseUrl)
      const mockedToken = await userToken(BASE)
      const real: Record<string, Outcome> = {}
      const mocked: Record<string, Outcome> = {}
      for (const [name, c] of Object.entries(graphCases)) {
        if (mode === 'fixtures' && c.dataDependent) continue
        real[name] = await outcome(await graph(service.baseUrl, realToken, c))
        mocked[name] = await outcome(await graph(BASE, mockedToken, c))
      }
      expect(mocked).toEqual(real)
      expect(Object.values(real).filter((o) => o.status === 200).length).toBe(3)
      expect(new Set(Object.values(real).map((o) => o.error))).toContain('page_size_too_large')
    })
})
