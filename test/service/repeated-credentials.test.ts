// Credentials and OAuth parameters sent twice are refused with 400 invalid_request naming what was repeated
// (RFC 6749 §3.1, RFC 6750 §2), never answered with the first copy (session 20's review: two Authorization
// headers, two ?access_token=, two grant_type all authenticated with whichever came first). Over real HTTP;
// two headers of one name go over a raw socket, as fetch would join them.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basicHeader, startHarness, type Harness } from './helpers'

let h: Harness
let port: number
beforeAll(async () => {
  h = await startHarness()
  port = Number(new URL(h.service.baseUrl).port)
})
afterAll(() => h.service.close())

/** Sends `head` lines and `body` on a socket of its own; the answer's status and JSON body. */
function raw(path: string, head: string[], body: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    let text = ''
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\n${head.map((line) => `${line}\r\n`).join('')}` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      ),
    )
    socket.on('data', (chunk) => (text += chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const at = text.indexOf('\r\n\r\n')
      resolve({ status: Number(text.slice(9, 12)), body: JSON.parse(text.slice(at + 4)) })
    })
  })
}

const LOOKUP = JSON.stringify({ ids: ['mhmov-gladiator'] })
const TOKEN = '/auth/1.3/security/oauth/token'
const demoBasic = () => basicHeader(h.service.demo.clientId, h.service.demo.clientSecret)

describe('graph endpoints', () => {
  it.each([
    ['the good token first', (good: string) => [good, 'Bearer zzz']],
    ['the good token second', (good: string) => ['Bearer zzz', good]],
  ])('refuse two Authorization headers (%s)', async (_, order) => {
    const headers = order(`Bearer ${h.userToken}`).map((value) => `Authorization: ${value}`)
    const r = await raw('/graph/lookup', [...headers, 'Content-Type: application/json'], LOOKUP)
    expect(r).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', message: 'send the Authorization header once' },
    })
  })

  it('refuse ?access_token= twice', async () => {
    const url = `${h.service.baseUrl}/graph/lookup?access_token=${h.userToken}&access_token=${h.userToken}`
    const r = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: LOOKUP,
    })
    expect([r.status, ((await r.json()) as any).message]).toEqual([400, 'send ?access_token= once'])
  })

  it('still answer one token', async () => {
    const r = await raw('/graph/lookup', [`Authorization: Bearer ${h.userToken}`], LOOKUP)
    expect(r.status).toBe(200)
  })
})

describe('the token endpoint', () => {
  it.each(['grant_type', 'scope', 'client_id', 'refresh_token'])(
    'refuses %s twice, naming it',
    async (name) => {
      const form = new URLSearchParams({ grant_type: 'client_credentials', scope: 'public_profile' })
      // A second copy of one the form has, or two of one it has not; the values are the first's, or valid ones.
      if (!form.has(name)) form.append(name, name === 'client_id' ? h.service.demo.clientId : 'x')
      form.append(name, name === 'grant_type' ? 'password' : (form.get(name) as string))
      const r = await fetch(`${h.service.authUrl}/1.3/security/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: demoBasic() },
        body: form,
      })
      expect([r.status, await r.json()]).toEqual([
        400,
        { error: 'invalid_request', error_description: `send the parameter '${name}' once (RFC 6749 §3.1)` },
      ])
    },
  )

  it.each(['Authorization', 'Content-Type'])('refuses two %s headers', async (name) => {
    const basic = `Authorization: ${demoBasic()}`
    const form = 'Content-Type: application/x-www-form-urlencoded'
    const head = name === 'Authorization' ? [basic, basic, form] : [basic, form, form]
    const r = await raw(TOKEN, head, 'grant_type=client_credentials')
    expect(r).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: `send the ${name} header once` },
    })
  })

  it('still answers one of each', async () => {
    const head = [`Authorization: ${demoBasic()}`, 'Content-Type: application/x-www-form-urlencoded']
    expect((await raw(TOKEN, head, 'grant_type=client_credentials')).status).toBe(200)
  })
})
