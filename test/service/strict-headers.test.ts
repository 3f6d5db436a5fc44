// What the service reads of a request's framing, exactly: Basic credentials in standard base64 only, the token
// endpoint's form type with no other charset than UTF-8, and no Content-Encoding on a graph body, since the
// service decodes none. Session 20's review found each taken loosely (base64url, stray characters, a `-evil`
// suffix, ISO-8859-1 read as UTF-8, a body labelled `br` parsed as plain). Over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from './helpers'

const clientId = 'app~1'
// Its base64 holds `+` where its base64url holds `-`: the two alphabets differ here. 15 bytes: no padding.
const clientSecret = 's>>>?s??>'
const standard = Buffer.from(`${clientId}:${clientSecret}`).toString('base64')
// 7 bytes: two `=` of padding.
const padded = Buffer.from('app2:p?').toString('base64')

let h: Harness
beforeAll(async () => {
  h = await startHarness({
    clients: [
      { clientId, clientSecret, passwordGrant: true },
      { clientId: 'app2', clientSecret: 'p?', passwordGrant: false },
    ],
  })
})
afterAll(() => h.service.close())

const FORM = 'application/x-www-form-urlencoded'
async function token(contentType: string, credentials: string) {
  const r = await fetch(`${h.service.authUrl}/1.3/security/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, Authorization: `Basic ${credentials}` },
    body: 'grant_type=client_credentials',
  })
  return { status: r.status, body: (await r.json()) as any }
}

describe('Basic credentials', () => {
  it('are taken in standard base64', async () => {
    expect(standard).toContain('+')
    expect(padded).toMatch(/[^=]==$/)
    expect((await token(FORM, standard)).status).toBe(200)
    expect((await token(FORM, padded)).status).toBe(200)
  })

  it.each([
    ['base64url', Buffer.from(`${clientId}:${clientSecret}`).toString('base64url')],
    ['with stray characters', `${standard.slice(0, 4)}.~${standard.slice(4)}`],
    ['without their padding', padded.replace(/=+$/, '')],
    ['with padding added', `${standard}==`],
  ])('are refused %s', async (_, credentials) => {
    expect(credentials).not.toBe(standard)
    const r = await token(FORM, credentials)
    expect([r.status, r.body.error]).toEqual([401, 'invalid_client'])
  })
})

describe("the token endpoint's Content-Type", () => {
  it.each([FORM, `${FORM}; charset=utf-8`, 'Application/X-WWW-Form-Urlencoded;Charset=UTF-8'])(
    'takes %s',
    async (type) => {
      expect((await token(type, standard)).status).toBe(200)
    },
  )

  it.each([`${FORM}-evil`, `${FORM}; charset=iso-8859-1`, `${FORM}, text/plain`])(
    'refuses %s',
    async (type) => {
      const r = await token(type, standard)
      expect([r.status, r.body.error]).toEqual([400, 'invalid_request'])
    },
  )
})

describe("a graph request's Content-Encoding", () => {
  const lookup = (encoding?: string) =>
    fetch(`${h.service.baseUrl}/graph/lookup`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${h.userToken}`,
        'Content-Type': 'application/json',
        ...(encoding === undefined ? {} : { 'Content-Encoding': encoding }),
      },
      body: JSON.stringify({ ids: ['mhmov-gladiator'] }),
    })

  it.each(['br', 'gzip', 'identity, gzip'])('is refused with 415 when it is %s', async (encoding) => {
    const r = await lookup(encoding)
    expect(r.status).toBe(415)
    expect(r.headers.get('accept-encoding')).toBe('identity')
    const coding = encoding.split(', ').pop()
    expect(await r.json()).toEqual({
      error: 'bad_body',
      message: `the request body has Content-Encoding '${coding}', which the service does not decode; send it unencoded`,
      status: 415,
    })
  })

  it.each([undefined, 'identity'])('is read when it is %s', async (encoding) => {
    expect((await lookup(encoding)).status).toBe(200)
  })
})
