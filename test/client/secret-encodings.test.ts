// Secrets echoed by a server the way common encoders write them (issue 26): Python's JSON (`\u00fc`), Go's
// (`\u0026`, `\u003c`), PHP's (`\/`), `\uXXXX` for every character in either case, percent-encoding in either
// case, Base64. None of them may reach an error's message, text, body, JSON or util.inspect, nor hook data.
// Real HTTP on 127.0.0.1: the server writes each echo itself.
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { createClient, hooks, passwordGrant, type ClientError } from '../../src/client'
import { Secrets } from '../../src/client/secrets'
import { FAST, exploreMovies, failure } from './helpers'
import { hostileServerForFile } from './hostile-server'

const server = hostileServerForFile()

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0')
const json = (value: string) => JSON.stringify(value).slice(1, -1)
const bytesOf = (value: string) => [...Buffer.from(value, 'utf8')]

/** How each encoder writes a string inside a JSON string or a URL. */
const encoders: Record<string, (value: string) => string> = {
  // json.dumps (ensure_ascii): every non-ASCII UTF-16 unit as \uxxxx, lower case.
  python: (value) => json(value).replace(/[^\x00-\x7f]/g, (unit) => `\\u${hex(unit.charCodeAt(0), 4)}`),
  // encoding/json: <, > and & as \u003c, \u003e, \u0026; the rest as it is.
  go: (value) => json(value).replace(/[<>&]/g, (char) => `\\u${hex(char.charCodeAt(0), 4)}`),
  // json_encode: `/` as `\/`, non-ASCII as \uxxxx.
  php: (value) =>
    json(value)
      .replace(/[^\x00-\x7f]/g, (unit) => `\\u${hex(unit.charCodeAt(0), 4)}`)
      .replaceAll('/', '\\/'),
  // An encoder that escapes every character, in upper case (Jackson's ESCAPE_NON_ASCII style, taken further).
  everyUnitUpper: (value) =>
    [...Array(value.length).keys()].map((i) => `\\u${hex(value.charCodeAt(i), 4).toUpperCase()}`).join(''),
  everyUnitLower: (value) =>
    [...Array(value.length).keys()].map((i) => `\\u${hex(value.charCodeAt(i), 4)}`).join(''),
  // Percent-encoding of every byte, lower case (what some URL libraries write), and encodeURIComponent's.
  percentLower: (value) =>
    bytesOf(value)
      .map((byte) => `%${hex(byte, 2)}`)
      .join(''),
  percentUpper: (value) => encodeURIComponent(value),
  formLower: (value) =>
    new URLSearchParams({ v: value })
      .toString()
      .slice(2)
      .replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
  base64: (value) => Buffer.from(value, 'utf8').toString('base64'),
  base64Unpadded: (value) => Buffer.from(value, 'utf8').toString('base64').replace(/=+$/, ''),
  // The URL-safe alphabet (`-` and `_` for `+` and `/`), unpadded: JWT parts, Node's 'base64url'.
  base64url: (value) => Buffer.from(value, 'utf8').toString('base64url'),
}

/** Every encoded form of `values`, and the values themselves. */
const formsOf = (values: string[]) => [
  ...new Set(values.flatMap((value) => [value, ...Object.values(encoders).map((encode) => encode(value))])),
]

/**
 * The content of a JSON string that quotes every form, one per line, each as its encoder wrote it: the JSON
 * forms are already JSON, and the percent and Base64 forms need no escaping. The raw value goes in as standard
 * JSON writes it (the `python`… forms are its variants).
 */
const echo = (values: string[]) =>
  [...new Set(values.flatMap((value) => Object.values(encoders).map((encode) => encode(value))))]
    .map((form) => `seen ${form} here`)
    .join('\\n')

/** Every way an error or hook data gets printed, with JSON's and inspect's doubled backslashes undone. */
function renderings(value: unknown): string[] {
  const error = value as Partial<HttpLike>
  const texts = [
    String(error.message),
    String(error.stack),
    String(error.text),
    String(JSON.stringify(error.body)),
    String(JSON.stringify(value)),
    inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
  ]
  return [...texts, ...texts.map((text) => text.replaceAll('\\\\', '\\').replaceAll("\\'", "'"))]
}

interface HttpLike {
  message: string
  stack: string
  text: string
  body: unknown
}

function leaks(values: unknown[], secrets: string[]): string[] {
  const found: string[] = []
  for (const value of values)
    for (const text of renderings(value))
      for (const secret of secrets)
        if (text.includes(secret)) found.push(`${secret} in …${text.slice(text.indexOf(secret) - 20)}`)
  return [...new Set(found)].map((line) => line.slice(0, 160))
}

const credentials = {
  clientId: 'app',
  // `/` for PHP, `<&>` for Go, non-ASCII for Python, a quote and a backslash for every JSON encoder.
  clientSecret: 'sé/cret<&>"\\42-Zz',
  username: 'ada',
  // A character outside the BMP, escaped as a surrogate pair.
  password: 'Grüße/&<pw>🔑 x',
}
const ACCESS = 'at-Ünïcode/Tok+en=42'

describe('secrets echoed in any encoding never reach errors or hooks', () => {
  it('redacts the password, client secret, Basic header and tokens in each encoder form', async () => {
    server.handle((request, res) => {
      const basic = request.headers.authorization?.replace(/^Basic /, '') ?? ''
      const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? ''
      const all = [credentials.clientSecret, credentials.password, basic, bearer]
      if (request.url.endsWith('/oauth/token')) {
        const grant = new URLSearchParams(request.body).get('grant_type')
        if (grant === 'password' && server.requests.length === 1) {
          res.writeHead(200, { 'content-type': 'application/json' })
          // The scope echoes too: onTokenRefresh shows it.
          return res.end(
            `{"access_token":"${json(ACCESS)}","token_type":"bearer","expires_in":3600,"scope":"${echo(all)}"}`,
          )
        }
        res.writeHead(400, { 'content-type': 'application/json' })
        return res.end(`{"error":"invalid_grant","error_description":"${echo(all)}","seen":"${echo(all)}"}`)
      }
      res.writeHead(400, { 'content-type': 'application/json' })
      res.end(`{"error":"bad_request","message":"${echo(all)}","seen":"${echo(all)}"}`)
    })
    const hookData: unknown[] = []
    const push = (info: unknown) => void hookData.push(info)
    const client = () =>
      createClient({
        baseUrl: server.url,
        auth: passwordGrant({ authUrl: server.url, ...credentials, onTokenRefresh: push }),
        ...FAST,
        retry: false,
        middleware: [hooks({ beforeRequest: push, afterResponse: push })],
      })
    const errors: ClientError[] = []
    errors.push(await failure(client().run(exploreMovies()))) // the graph's 400 echoes the Bearer token
    errors.push(await failure(client().run(exploreMovies()))) // the token endpoint's 400 echoes the form
    server.handle((request, res) => {
      const basic = request.headers.authorization?.replace(/^Basic /, '') ?? ''
      res.writeHead(500, { 'content-type': 'text/plain' })
      const values = [credentials.clientSecret, credentials.password, basic]
      // Plain text: the raw values too, as they are.
      res.end([echo(values), ...values.map((value) => `seen ${value} here`)].join('\n'))
    })
    errors.push(await failure(client().run(exploreMovies()))) // a 500 in plain text, not JSON
    expect(errors.map((error) => error.code)).toEqual(['http_error', 'oauth_error', 'http_error'])

    const basics = server.requests.flatMap(
      (r) => /^Basic (.+)$/.exec(r.headers.authorization ?? '')?.[1] ?? [],
    )
    const secrets = formsOf([credentials.clientSecret, credentials.password, ACCESS, ...basics])
    // The echoes reached the client: the server's texts held each form.
    expect(errors[0]).toMatchObject({ text: expect.stringContaining('[redacted]') })
    expect(leaks(errors, secrets)).toEqual([])
    expect(hookData.length).toBeGreaterThanOrEqual(3)
    expect(leaks(hookData, secrets)).toEqual([])
    // Redacted, not dropped: the words around each form are kept.
    expect(errors[1]?.message).toContain('seen [redacted] here')
  })
})

describe('scrubbing encoded forms', () => {
  const scrubbed = (secret: string, text: string) => {
    const secrets = new Secrets()
    secrets.add(secret)
    return secrets.scrub(text)
  }

  it('finds each form of a long secret, and a form mixing encodings', () => {
    const secret = 'sé/cret<&>"\\42-Zz'
    // Its Base64 has both `+` and `/`, which base64url writes as `-` and `_`, and no padding.
    const base64Special = 'at~~~>>>???-tokens'
    expect(encoders['base64']!(base64Special)).toMatch(/\+.*\//)
    for (const value of [secret, base64Special])
      for (const [name, encode] of Object.entries(encoders))
        expect(scrubbed(value, `a ${encode(value)} b`), name).toBe('a [redacted] b')
    // An encoder that escapes some characters one way and others another.
    expect(scrubbed(secret, 'a s\\u00E9%2fcret\\u003c&%3E\\"\\\\42-Zz b')).toBe('a [redacted] b')
  })

  it('keeps words that merely contain a short secret, in any form, and redacts it standing alone', () => {
    expect(scrubbed('ü1', 'Grü1e and Gr\\u00fc1e and Gr%C3%BC1e')).toBe(
      'Grü1e and Gr\\u00fc1e and Gr%C3%BC1e',
    )
    expect(scrubbed('ü1', '{"pw":"\\u00fc1","v":"%c3%bc1"}')).toBe('{"pw":"[redacted]","v":"[redacted]"}')
    expect(scrubbed('port', 'bad port, passport, %70ort; report')).toBe(
      'bad [redacted], passport, [redacted]; report',
    )
  })
})
