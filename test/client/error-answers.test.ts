// Errors that carry the server's answer: an HttpError's message names the request, the status and what the
// service said (code, path, message), read defensively from any body; an OAuthError names the token URL and
// status. Real HTTP on 127.0.0.1 against a server whose every answer a test writes.
import { describe, expect, it } from 'vitest'
import { createClient, HttpError, OAuthError, passwordGrant, staticTokenGrant } from '../../src/client'
import { parsePath } from '../../src/client/service-answer'
import { FAST, exploreMovies, failure, type Overrides } from './helpers'
import { hostileServerForFile, sendJson } from './hostile-server'

const server = hostileServerForFile()
const TOKEN = 'st4tic-access-token-0123456789'

const clientOf = (overrides: Overrides = {}) =>
  createClient({
    baseUrl: server.url,
    auth: staticTokenGrant(TOKEN),
    ...FAST,
    retry: false,
    ...overrides,
  })

/** The HttpError of one run against whatever the server answers. */
async function httpErrorFor(answer: Parameters<typeof server.handle>[0]): Promise<HttpError> {
  server.handle(answer)
  const error = await failure(clientOf().run(exploreMovies()))
  expect(error).toBeInstanceOf(HttpError)
  return error as HttpError
}

const sendText = (status: number, text: string, type = 'text/html') =>
  httpErrorFor((_, res) => {
    res.writeHead(status, { 'content-type': type })
    res.end(text)
  })

describe('an HttpError carries what the service answered', () => {
  it("names the method, URL, status and the service's code, path and message, and has them as fields", async () => {
    const error = await httpErrorFor((_, res) =>
      sendJson(res, 400, {
        error: 'page_size_too_large',
        message: 'pageSize is at most 100, got 500',
        status: 400,
        path: '$.pageSize',
      }),
    )
    expect(error.message).toBe(
      `POST ${server.url}/graph/explore answered HTTP 400 (page_size_too_large): $.pageSize: pageSize is at most 100, got 500`,
    )
    expect(error).toMatchObject({
      code: 'http_error',
      status: 400,
      serviceCode: 'page_size_too_large',
      serviceMessage: 'pageSize is at most 100, got 500',
      servicePath: '$.pageSize',
      path: ['pageSize'],
    })
  })

  it('reads a nested { error: { code, message } } and a body with only a message', async () => {
    const nested = await httpErrorFor((_, res) =>
      sendJson(res, 422, { error: { code: 'bad_thing', message: 'that was bad' } }),
    )
    expect(nested.message).toBe(
      `POST ${server.url}/graph/explore answered HTTP 422 (bad_thing): that was bad`,
    )
    expect(nested.path).toEqual([])
    const plain = await httpErrorFor((_, res) => sendJson(res, 500, { message: 'it broke' }))
    expect(plain.message).toBe(`POST ${server.url}/graph/explore answered HTTP 500: it broke`)
    expect(plain.serviceCode).toBeUndefined()
  })

  it('ignores members that are not strings, and JSON that is no object', async () => {
    for (const body of [[1, 2], 42, 'a string', null, { error: 7, message: { text: 'x' }, path: ['a'] }]) {
      const error = await httpErrorFor((_, res) => sendJson(res, 503, body))
      expect(error.message).toBe(`POST ${server.url}/graph/explore answered HTTP 503`)
      expect(error).toMatchObject({ serviceCode: undefined, serviceMessage: undefined, path: [] })
    }
  })

  it('shows the start of a body that is not JSON, on one line, without terminal escapes', async () => {
    const error = await sendText(502, '<html>\r\n<body>\u001b[31mBad gateway\u001b[0m</body>\n</html>\n')
    expect(error.message).toBe(
      `POST ${server.url}/graph/explore answered HTTP 502: "<html> <body> [31mBad gateway [0m</body> </html>"`,
    )
    expect(error.text).toContain('\n') // the raw text stays whole
    expect(error.serviceMessage).toBeUndefined()
  })

  it('says nothing more for an empty body', async () => {
    const error = await sendText(502, '')
    expect(error.message).toBe(`POST ${server.url}/graph/explore answered HTTP 502`)
  })

  it('bounds the message however long the body, JSON or not', async () => {
    const huge = 'x'.repeat(1 << 20)
    const json = await httpErrorFor((_, res) =>
      sendJson(res, 400, { error: `code_${huge}`, message: huge, path: `$.${huge}` }),
    )
    expect(json.message.length).toBeLessThan(700)
    expect(json.message).toMatch(/answered HTTP 400 \(code_x+…\): \$\.x+…: x+…$/)
    expect(json.serviceMessage).toHaveLength(300)
    expect(json.path).toEqual([]) // a cut path is no path
    const text = await sendText(500, huge, 'text/plain')
    expect(text.message.length).toBeLessThan(400)
    expect(text.text).toHaveLength(1 << 20)
  })

  it('shows no secret the body echoes, in the message or the fields', async () => {
    const error = await httpErrorFor((request, res) =>
      sendJson(res, 401, {
        error: 'bad_token',
        message: `token ${request.headers.authorization} refused; password=hunter22`,
        path: `$.token.${TOKEN}`,
      }),
    )
    expect(error.message).toBe(
      `POST ${server.url}/graph/explore answered HTTP 401 (bad_token): $.token.[redacted]: ` +
        'token Bearer [redacted] refused; password=[redacted]',
    )
    for (const text of [error.message, error.serviceMessage, error.servicePath, JSON.stringify(error)])
      expect(text).not.toContain(TOKEN)
  })
})

describe('paths the service writes', () => {
  it('are read back as formatPath writes them, and anything else is []', () => {
    expect(parsePath('$.filters.traits.$eq')).toEqual(['filters', 'traits', '$eq'])
    expect(parsePath('$.components[2].name')).toEqual(['components', 2, 'name'])
    expect(parsePath('$["a key"][0]')).toEqual(['a key', 0])
    expect(parsePath('$')).toEqual([])
    for (const bad of ['pageSize', '$.', '$[x]', '$["open', '$.a b', '$[1e3]', '$.a.', '$["\\q"]', '$[0]x'])
      expect(parsePath(bad), bad).toEqual([])
  })
})

describe('an OAuthError names the token URL and status', () => {
  const grant = (authUrl: string) =>
    passwordGrant({
      authUrl,
      clientId: 'app',
      clientSecret: 'client-s3cret-value',
      username: 'ada',
      password: 'pw',
    })

  it('for a refusal of the grant', async () => {
    server.handle((_, res) =>
      sendJson(res, 400, { error: 'invalid_grant', error_description: 'Bad user credentials' }),
    )
    const error = await failure(
      createClient({ baseUrl: server.url, auth: grant(server.url), ...FAST }).run(exploreMovies()),
    )
    expect(error).toBeInstanceOf(OAuthError)
    expect(error.message).toBe(
      `the token endpoint refused with invalid_grant: Bad user credentials (POST ${server.url}/1.3/security/oauth/token answered HTTP 400)`,
    )
    expect(error).toMatchObject({
      status: 400,
      error: 'invalid_grant',
      errorDescription: 'Bad user credentials',
    })
  })

  it('for a wrong authUrl: the 404 says which URL, takes the message of a non-OAuth body, and asks about authUrl', async () => {
    server.handle((request, res) =>
      sendJson(res, 404, {
        error: 'no_such_endpoint',
        message: `no endpoint at ${request.url}`,
        status: 404,
      }),
    )
    const authUrl = `${server.url}/graph`
    const error = await failure(
      createClient({ baseUrl: server.url, auth: grant(authUrl), ...FAST }).run(exploreMovies()),
    )
    expect(error).toBeInstanceOf(OAuthError)
    expect(error.message).toBe(
      'the token endpoint refused with no_such_endpoint: no endpoint at /graph/1.3/security/oauth/token ' +
        `(POST ${authUrl}/1.3/security/oauth/token answered HTTP 404; is authUrl right?)`,
    )
  })
})
