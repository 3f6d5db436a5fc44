// Untrusted strings in every position the HTTP and auth layer reads (header names and values, paths, form
// field names and values, client ids, usernames, scopes, tokens, CORS headers): each is answered with a 4xx
// or 2xx JSON body and leaves the built-ins as they were. And a process whose Object.prototype was frozen
// (what fromJSON once did) survives a `constructor:` header, which used to end it inside Node's parser.
import { spawn, type ChildProcess } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectBuiltinsUntouched, prototypeKeys } from '../fuzz/support'
import { basicHeader, demoPasswordForm, startHarness, type Harness } from './helpers'

const TOKEN = '/auth/1.3/security/oauth/token'
const CHECK_TOKEN = '/auth/1.3/security/oauth/check_token'
/** The prototype keys, and the spellings a case-insensitive header name or a lower-casing layer would meet. */
const keys = [...prototypeKeys, 'Constructor', '__PROTO__', 'tostring', 'hasownproperty']

interface Answer {
  readonly status: number
  readonly body: any
  readonly headers: Record<string, string | string[] | undefined>
}

/** A request over node:http, which sends header names and paths as given (fetch would tidy some). */
function send(
  base: string,
  path: string,
  options: { method?: string; headers?: [string, string][]; body?: string } = {},
): Promise<Answer> {
  const url = new URL(base)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? 'POST',
        headers: ['Host', url.host, ...(options.headers ?? []).flat(), 'Connection', 'close'],
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          const json = /^application\/json/.test(res.headers['content-type'] ?? '')
          let body: unknown
          try {
            body = json ? JSON.parse(text) : { notJson: text }
          } catch {
            body = { notJson: text }
          }
          resolve({ status: res.statusCode ?? 0, body, headers: res.headers })
        })
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString()
const FORM: [string, string] = ['Content-Type', 'application/x-www-form-urlencoded']

describe('untrusted keys in every position of the HTTP and auth layer', () => {
  let h: Harness
  let untouched: () => void
  const demo = { client_id: 'hql-demo', client_secret: 'hql-demo-secret' }
  const user = {
    grant_type: 'password',
    username: 'demo',
    password: 'demo-password',
    scope: 'public_profile',
  }
  const token = (fields: Record<string, string>, headers: [string, string][] = []) =>
    send(h.service.baseUrl, TOKEN, { headers: [FORM, ...headers], body: form(fields) })

  beforeAll(async () => {
    h = await startHarness({ rateLimit: false, authFailureLimit: false })
    untouched = expectBuiltinsUntouched()
  })
  afterAll(async () => {
    untouched()
    await h.service.close()
  })

  it.each(keys)('header names and values: %s', async (key) => {
    const lookup = JSON.stringify({ ids: ['mhmov-gladiator'] })
    const noAuth = await send(h.service.baseUrl, '/graph/lookup', { headers: [[key, key]], body: lookup })
    expect([noAuth.status, noAuth.body.error]).toEqual([401, 'unauthorized'])
    const auth: [string, string] = ['Authorization', `Bearer ${h.userToken}`]
    const ok = await send(h.service.baseUrl, '/graph/lookup', { headers: [[key, key], auth], body: lookup })
    expect(ok.status).toBe(200)
    const bearer = await send(h.service.baseUrl, '/graph/lookup', {
      headers: [['Authorization', `Bearer ${key}`]],
      body: lookup,
    })
    expect([bearer.status, bearer.body.error]).toEqual([401, 'invalid_token'])
    expect((await token({ ...user, ...demo }, [[key, key]])).status).toBe(200)
    const type = await send(h.service.baseUrl, TOKEN, {
      headers: [['Content-Type', key]],
      body: form({ ...user, ...demo }),
    })
    expect([type.status, type.body.error]).toEqual([400, 'invalid_request'])
    const preflight = await send(h.service.baseUrl, '/graph/explore', {
      method: 'OPTIONS',
      headers: [
        ['Origin', key],
        ['Access-Control-Request-Method', key],
        ['Access-Control-Request-Headers', key],
      ],
    })
    expect([preflight.status, preflight.headers['access-control-allow-origin']]).toEqual([204, '*'])
  })

  it.each(keys)('form field names and values of the token endpoints: %s', async (key) => {
    expect((await token({ ...user, ...demo, [key]: key })).status).toBe(200)
    const codes = await Promise.all([
      token({ ...user, ...demo, grant_type: key }),
      token({ ...user, client_id: key, client_secret: key }),
      token({ ...user, client_id: demo.client_id, client_secret: key }),
      token(user, [['Authorization', basicHeader(key, key)]]),
      token({ ...user, ...demo, username: key }),
      token({ ...user, ...demo, password: key }),
      token({ ...user, ...demo, scope: key }),
      token({ grant_type: 'refresh_token', refresh_token: key, ...demo }),
      send(h.service.baseUrl, CHECK_TOKEN, { headers: [FORM], body: form({ token: key, ...demo }) }),
    ])
    expect(codes.map((c) => [c.status, c.body.error])).toEqual([
      [400, 'unsupported_grant_type'],
      [401, 'invalid_client'],
      [401, 'invalid_client'],
      [401, 'invalid_client'],
      [400, 'invalid_grant'],
      [400, 'invalid_grant'],
      [400, 'invalid_scope'],
      [400, 'invalid_grant'],
      [400, 'invalid_token'],
    ])
  })

  it.each(keys)('paths and query parameters: %s', async (key) => {
    for (const path of [
      `/${key}`,
      `/graph/${key}`,
      `/auth/1.3/security/oauth/${key}`,
      `/${key}/graph/lookup`,
    ]) {
      const r = await send(h.service.baseUrl, path, { body: '{}' })
      expect([path, r.status, r.body.error]).toEqual([path, 404, 'no_such_endpoint'])
    }
    const query = await send(h.service.baseUrl, `/graph/lookup?access_token=${key}&${key}=${key}`, {
      body: '{"ids":["mhmov-gladiator"]}',
    })
    expect([query.status, query.body.error]).toEqual([401, 'invalid_token'])
  })
})

describe('a service whose Object.prototype was frozen', () => {
  let child: ChildProcess
  let where: { baseUrl: string; authUrl: string; testingAnswer: string }

  beforeAll(async () => {
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url))
    const script = fileURLToPath(new URL('./fixtures/frozen-prototype-server.ts', import.meta.url))
    child = spawn(tsx, [script], { stdio: ['ignore', 'pipe', 'inherit'] })
    where = await new Promise((resolve, reject) => {
      let text = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
        if (text.includes('\n')) resolve(JSON.parse(text.slice(0, text.indexOf('\n'))))
      })
      child.once('exit', (code) => reject(new Error(`the service process ended (${code}) before listening`)))
    })
  })
  afterAll(() => {
    child.kill()
  })

  it('answers a `constructor:` header (no auth) with JSON and keeps running', async () => {
    const lookup = JSON.stringify({ ids: ['mhmov-gladiator'] })
    for (const name of ['constructor', '__proto__', 'Constructor']) {
      const r = await send(where.baseUrl, '/graph/lookup', { headers: [[name, 'x']], body: lookup })
      expect([name, r.status, r.body.error]).toEqual([name, 401, 'unauthorized'])
    }
    expect(child.exitCode).toBeNull()
  })

  it('still issues tokens and answers graph requests with hostile headers and form fields', async () => {
    const t = await send(where.baseUrl, TOKEN, {
      headers: [FORM, ['constructor', 'x'], ['__proto__', 'x']],
      body: form({
        ...demoPasswordForm(),
        constructor: 'x',
        ['__proto__']: 'x',
      }),
    })
    expect(t.status).toBe(200)
    const r = await send(where.baseUrl, '/graph/lookup', {
      headers: [
        ['constructor', 'x'],
        ['Authorization', `Bearer ${t.body.access_token}`],
      ],
      body: JSON.stringify({ ids: ['mhmov-gladiator'] }),
    })
    expect(r.status).toBe(200)
    const bad = await send(where.baseUrl, TOKEN, {
      headers: [FORM],
      body: form({ grant_type: 'client_credentials', client_id: 'constructor', client_secret: 'x' }),
    })
    expect([bad.status, bad.body.error]).toEqual([401, 'invalid_client'])
    expect(child.exitCode).toBeNull()
  })

  it("hql/testing's token endpoint answers hostile header names too", () => {
    expect(where.testingAnswer).toBe('200')
  })
})
