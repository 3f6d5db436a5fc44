// Secrets of shapes the encodings test does not cover (a reviewer's findings, session 19): a token of
// kilobytes, one longer than any server takes, a secret field's value with spaces and quotes in it, a token a
// request still in flight was sent with while newer ones come in, a token read from a file with its newline,
// and a token in the request's URL. Real HTTP on 127.0.0.1: the server writes each echo itself.
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import {
  ClientConfigError,
  createClient,
  hooks,
  InvalidResponseError,
  paging,
  passwordGrant,
  staticTokenGrant,
  strictCheck,
  type Auth,
  type StandardSchemaV1,
} from '../../src/client'
import { Secrets } from '../../src/client/secrets'
import { exploreMovies, failure } from './helpers'
import { hostileServerForFile } from './hostile-server'

const server = hostileServerForFile()

/** Every way an error gets printed. */
const renderings = (error: unknown) => {
  const { message, stack, text } = error as { message?: string; stack?: string; text?: string }
  return [message, stack, text, JSON.stringify(error), inspect(error, { depth: Infinity, showHidden: true })]
    .map(String)
    .join('\n')
}

/** Whether any run of 16 characters of `secret` (or of its JSON escape) shows in `text`. */
const showsPartOf = (secret: string, text: string) =>
  [secret, JSON.stringify(secret).slice(1, -1)].some((form) =>
    [...Array(Math.max(1, form.length - 15)).keys()].some((at) => text.includes(form.slice(at, at + 16))),
  )

const bearerOf = (headers: Record<string, unknown>) =>
  String(headers['authorization'] ?? '').replace(/^Bearer /, '')

/** A JWT-like token of `length` characters: Base64url parts and dots, as an identity provider issues. */
const jwtLike = (length: number) =>
  Array.from({ length }, (_, i) => (i % 97 === 96 ? '.' : 'AZaz09-_'[(i * 7) % 8])).join('')

describe('a token of kilobytes', () => {
  it('is redacted wherever a server quotes it, and calls with hooks still run', async () => {
    const token = jwtLike(12_000)
    server.handle((request, res) => {
      const bearer = bearerOf(request.headers)
      if (request.url.endsWith('/oauth/token')) {
        res.writeHead(200, { 'content-type': 'application/json' })
        return res.end(
          JSON.stringify({ access_token: token, token_type: 'bearer', expires_in: 3600, scope: 'a' }),
        )
      }
      if (request.body.includes('"page":1')) {
        res.writeHead(400, { 'content-type': 'application/json' })
        const quoted = JSON.stringify(bearer).slice(1, -1)
        const escaped = [...bearer].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
        return res.end(`{"message":"refused ${quoted} and ${escaped.join('')} and ${btoa(bearer)}"}`)
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ content: [], pagingInfo: { next: null } }))
    })
    const seen: unknown[] = []
    const client = createClient({
      baseUrl: server.url,
      auth: passwordGrant({
        authUrl: server.url,
        clientId: 'app',
        clientSecret: 'client-secret-1',
        username: 'ada',
        password: 'pw-1',
        onTokenRefresh: (info) => void seen.push(info),
      }),
      middleware: [hooks({ beforeRequest: (info) => void seen.push(info) })],
    })
    // The grant's scope is scrubbed when it is announced, and hook data when it is made: neither throws.
    await expect(client.run(exploreMovies())).resolves.toMatchObject({ content: [] })
    const error = await failure(client.run(exploreMovies().page(1)))
    expect(error.code).toBe('http_error')
    expect(error.message).toContain('refused [redacted]')
    expect(showsPartOf(token, renderings(error))).toBe(false)
    expect(seen.length).toBeGreaterThanOrEqual(2)
    expect(showsPartOf(token, seen.map(renderings).join('\n'))).toBe(false)
  })

  it('longer than any server takes is refused by name, never quoted', async () => {
    const long = jwtLike(16_385)
    const refused = (() => {
      try {
        createClient({ baseUrl: server.url, auth: staticTokenGrant(long) })
      } catch (error) {
        return error
      }
    })()
    expect(refused).toBeInstanceOf(ClientConfigError)
    expect(refused).toMatchObject({ path: ['auth'] })
    expect(showsPartOf(long, renderings(refused))).toBe(false)

    // From an auth of one's own, at the call.
    const own: Auth = { token: async () => long }
    const fromAuth = await failure(createClient({ baseUrl: server.url, auth: own }).run(exploreMovies()))
    expect(fromAuth).toBeInstanceOf(ClientConfigError)
    expect(showsPartOf(long, renderings(fromAuth))).toBe(false)

    // From a token endpoint: its answer is refused where it names the token.
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ access_token: long, token_type: 'bearer', expires_in: 60 }))
    })
    const grant = passwordGrant({
      authUrl: server.url,
      clientId: 'app',
      clientSecret: 'client-secret-1',
      username: 'ada',
      password: 'pw-1',
    })
    const issued = await failure(createClient({ baseUrl: server.url, auth: grant }).run(exploreMovies()))
    expect(issued).toBeInstanceOf(InvalidResponseError)
    expect(issued.message).toContain('access_token')
    expect(showsPartOf(long, renderings(issued))).toBe(false)
    // No graph request was made with it.
    expect(server.requests.every((request) => request.url.endsWith('/oauth/token'))).toBe(true)
  })
})

describe('secret fields', () => {
  it('lose their whole value, spaces, ampersands and quotes included', async () => {
    const credentials = { password: 'correct horse battery staple', clientSecret: 'cl&ent"secret-value-42' }
    server.handle((request, res) => {
      const form = Object.fromEntries(new URLSearchParams(request.body))
      res.writeHead(400, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          error: 'invalid_grant',
          error_description: `rejected ${JSON.stringify(form)}`,
          form,
        }),
      )
    })
    const error = await failure(
      createClient({
        baseUrl: server.url,
        auth: passwordGrant({ authUrl: server.url, clientId: 'app', username: 'ada', ...credentials }),
      }).run(exploreMovies()),
    )
    expect(error.code).toBe('oauth_error')
    const printed = renderings(error)
    for (const part of ['horse', 'battery', 'staple', 'ent\\"secret', 'ent"secret', 'secret-value'])
      expect(printed).not.toContain(part)
    expect(error.message).toContain('"password":"[redacted]"')
    // A field whose value the client never knew: blanked to its closing quote.
    const secrets = new Secrets()
    expect(secrets.scrub('{"refresh_token":"never seen \\"here\\" & there","ok":1}')).toBe(
      '{"refresh_token":"[redacted]","ok":1}',
    )
  })
})

describe('tokens of requests in flight', () => {
  it('stay redacted however many newer tokens come in before their answers', async () => {
    // An auth that signs a token per call: twelve calls at once, more than the eight newest tokens kept.
    let minted = 0
    const auth: Auth = { token: async () => `per-call-token-${++minted}-abcdefgh` }
    const waiting: (() => void)[] = []
    server.handle((request, res) => {
      const bearer = bearerOf(request.headers)
      waiting.push(() => {
        res.writeHead(400, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ message: `token ${bearer} is not allowed here` }))
      })
      // Every answer waits for the last request: each call is in flight when all the tokens exist.
      if (waiting.length === 12) for (const answer of waiting) answer()
    })
    const client = createClient({ baseUrl: server.url, auth })
    const errors = await Promise.all(Array.from({ length: 12 }, () => failure(client.run(exploreMovies()))))
    expect(minted).toBe(12)
    for (const error of errors) {
      expect(error.message).toContain('token [redacted] is not allowed')
      expect(renderings(error)).not.toMatch(/per-call-token-\d+/)
    }
  })
})

describe('tokens as fetch sends them', () => {
  it('are redacted trimmed: a token read from a file keeps its newline', async () => {
    server.handle((request, res) => {
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({ error: 'invalid_token', message: `token ${bearerOf(request.headers)} is unknown` }),
      )
    })
    const token = 'k8s-mounted-token-0123456789\n'
    const error = await failure(
      createClient({ baseUrl: server.url, auth: staticTokenGrant(token) }).run(exploreMovies()),
    )
    expect(error.message).toContain('token [redacted] is unknown')
    expect(renderings(error)).not.toContain('k8s-mounted-token')
  })

  it('are redacted from the URL a request describes', async () => {
    server.handle((_, res) => {
      res.writeHead(400, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: 'bad' }))
    })
    const token = 'url-carried-token-0123456789'
    const error = await failure(
      createClient({ baseUrl: server.url, auth: staticTokenGrant(token) }).request({
        endpoint: `/graph/search?access_token=${token}`,
      }),
    )
    expect(error.request?.url).toContain('access_token=[redacted]')
    expect(renderings(error)).not.toContain(token)
  })
})

describe('secrets as keys of an answer', () => {
  it('are redacted from the path of a failed check', async () => {
    const token = 'access-token-as-key-0123'
    const nested = (levels: number): unknown => (levels === 0 ? 1 : [nested(levels - 1)])
    let answer: (bearer: string) => unknown = () => ({})
    server.handle((request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(answer(bearerOf(request.headers))))
    })
    const client = (check?: typeof strictCheck) =>
      createClient({ baseUrl: server.url, auth: staticTokenGrant(token), check })
    // Too deep to check, under a key that is the token.
    answer = (bearer) => ({ content: [], pagingInfo: { next: null }, seen: { [bearer]: nested(300) } })
    const deep = await failure(client(strictCheck).run(exploreMovies()))
    // A Standard Schema whose issue's path is the server's keys.
    answer = (bearer) => ({ content: { [bearer]: 'x' } })
    const schema: StandardSchemaV1<unknown, unknown> = {
      '~standard': {
        version: 1,
        vendor: 'test',
        validate: (value) => ({
          issues: [
            {
              message: 'expected a number',
              path: ['content', ...Object.keys((value as { content: object }).content)],
            },
          ],
        }),
      },
    }
    const schemaError = await failure(client().request({ endpoint: '/graph/search' }, { check: schema }))
    for (const error of [deep, schemaError]) {
      expect(error.code).toBe('invalid_response')
      expect(error.path).toContain('[redacted]')
      expect(renderings(error)).not.toContain(token)
    }
  })
})

describe("an error's resumeFrom", () => {
  it('resumes with the next body as the server wrote it, and prints nothing of it', async () => {
    const token = 'cursor-token-0123456789'
    server.handle((request, res) => {
      const { page = 0 } = JSON.parse(request.body) as { page?: number }
      if (page === 1) {
        res.writeHead(500, { 'content-type': 'application/json' })
        return res.end(JSON.stringify({ message: 'down' }))
      }
      const next = {
        endpoint: '/graph/explore',
        method: 'POST',
        body: { page: 1, cursor: `session ${token}` },
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ content: [], pagingInfo: { next } }))
    })
    const client = createClient({ baseUrl: server.url, auth: staticTokenGrant(token), paging: paging() })
    const error = await failure(client.collect(exploreMovies(), { maxItems: 10 }))
    expect(error.resumeFrom?.body).toMatchObject({ cursor: `session ${token}` })
    expect(JSON.stringify(error)).not.toContain(token)
    expect(inspect(error, { depth: Infinity })).not.toContain(token)
  })
})
