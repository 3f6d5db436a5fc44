// Secret-named fields in a server's answer are blanked even when the client never saw their values: in the
// parsed body (any depth, snake or camel case) and in the raw text (JSON and form fields). Real HTTP.
import { describe, expect, it } from 'vitest'
import { createClient, HttpError, staticTokenGrant } from '../../src/client'
import { FAST, exploreMovies, failure } from './helpers'
import { hostileServerForFile } from './hostile-server'

const server = hostileServerForFile()
// Values no client knows: only their field names give them away.
const UNKNOWN = ['unknown-access-91ab', 'unknown-client-secret-7', 'unknown-refresh-x2', 'unknown-pw-55']

describe('secret-named fields are blanked', () => {
  it('in the body, the text and the message of an HttpError', async () => {
    server.handle((_, res) => {
      res.writeHead(400, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          error: 'bad_request',
          message: `retry with password=${UNKNOWN[3]}&scope=x`,
          access_token: UNKNOWN[0],
          client_secret: UNKNOWN[1],
          nested: [{ refreshToken: UNKNOWN[2], Password: UNKNOWN[3], kept: 'visible' }],
        }),
      )
    })
    const client = createClient({
      baseUrl: server.url,
      auth: staticTokenGrant('a-token-of-ours-42'),
      ...FAST,
    })
    const error = (await failure(client.run(exploreMovies()))) as HttpError
    expect(error).toBeInstanceOf(HttpError)
    expect(error.body).toEqual({
      error: 'bad_request',
      message: 'retry with password=[redacted]&scope=x',
      access_token: '[redacted]',
      client_secret: '[redacted]',
      nested: [{ refreshToken: '[redacted]', Password: '[redacted]', kept: 'visible' }],
    })
    expect(error.text).toContain('"access_token":"[redacted]"')
    expect(error.message).toContain('password=[redacted]&scope=x')
    const all = `${error.message}\n${error.text}\n${JSON.stringify(error)}`
    for (const value of UNKNOWN) expect(all).not.toContain(value)
    expect(all).toContain('visible')
  })
})
