// What the service's refusals echo of a request (docs/security.md, Messages): the reason and where, never the
// sender's text raw or whole. Over real HTTP: V8's JSON.parse message quotes the body it could not parse, and
// the token endpoint's invalid_scope quoted the scope it did not know, both as sent (session 20's review).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from './helpers'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.service.close())

const demo = () => ({ id: h.service.demo.clientId, secret: h.service.demo.clientSecret })
/** Characters that reorder, hide or colour the text around them, and a gzip body's first bytes. */
const HOSTILE = /[\u202e\u2066\u001b\u001f\u008b]/u

describe('invalid_json', () => {
  it('names the character V8 stopped at, escaped, and quotes none of the body', async () => {
    const r = await h.post('/graph/lookup', '\u202e\u2066{"ids":["mhmov-gladiator"]}')
    expect(r.status).toBe(400)
    expect(r.body.message).toBe("the request body is not valid JSON: unexpected character '\\u{202e}'")
  })

  it("answers a gzip body's binary as escapes", async () => {
    const r = await h.post('/graph/lookup', '\u001f\u008b\u0008\u0000binary')
    expect(r.body.error).toBe('invalid_json')
    expect(r.body.message).not.toMatch(HOSTILE)
    expect(r.body.message).not.toContain('binary')
  })

  it('keeps the line, the column and the offset, and not the text around them', async () => {
    const r = await h.post('/graph/lookup', '{\n  "ids": ["mhmov-\u202egladiator", 01]\n}')
    expect(r.body.message).toBe(
      'the request body is not valid JSON: Unexpected number at line 2, column 32 (offset 33)',
    )
  })

  it('says where a body ends early', async () => {
    const r = await h.post('/graph/lookup', '{"ids": [\n"mhmov-gladiator"')
    expect(r.body.message).toBe(
      "the request body is not valid JSON: Expected ',' or ']' after array element at line 2, column 18 (offset 27)",
    )
  })
})

describe('invalid_scope', () => {
  it('echoes the unknown scope escaped', async () => {
    const r = await h.token(
      { grant_type: 'client_credentials', scope: 'public_profile \u202eevil\u001b[2J' },
      demo(),
    )
    expect(r.status).toBe(400)
    expect(r.body.error_description).toBe(
      "unknown scope '\\u{202e}evil\\u{1b}[2J'; known: public_profile, user_likes",
    )
  })

  it('echoes at most 80 characters of it, and its length', async () => {
    const r = await h.token({ grant_type: 'client_credentials', scope: 'z'.repeat(7000) }, demo())
    expect(r.body.error_description).toBe(
      `unknown scope '${'z'.repeat(80)}…' (7000 characters); known: public_profile, user_likes`,
    )
  })
})
