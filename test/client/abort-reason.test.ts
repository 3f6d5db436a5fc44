// An abort tells its reason: the caller's signal fired, and the message says why (issue 31), in one bounded line
// and without the client's secrets. Real HTTP on 127.0.0.1 against a server that never answers in time.
import { describe, expect, it } from 'vitest'
import { AbortedError, createClient, staticTokenGrant } from 'hql'
import { FAST, exploreMovies, failure } from './helpers'
import { hostileServerForFile } from './hostile-server'

const server = hostileServerForFile()
const TOKEN = 'st4tic-access-token-0123456789'
const client = () => createClient({ baseUrl: server.url, auth: staticTokenGrant(TOKEN), ...FAST })

/** The error of a run whose signal is aborted with `reason` (no argument: `abort()`'s own) once it is sent. */
async function abortedWith(...reason: unknown[]): Promise<AbortedError> {
  server.handle((_, res) => setTimeout(() => res.end('{}'), 5_000).unref())
  const controller = new AbortController()
  const running = failure(client().run(exploreMovies(), { signal: controller.signal }))
  setTimeout(() => controller.abort(...reason), 50)
  const error = await running
  expect(error).toBeInstanceOf(AbortedError)
  return error as AbortedError
}

describe("an abort's message", () => {
  it('tells a string reason, and keeps the reason as the cause', async () => {
    const error = await abortedWith('the user left the page')
    expect(error.message).toBe('the request was aborted by its signal: the user left the page')
    expect(error.cause).toBe('the user left the page')
  })

  it("tells an Error's name and message, and abort()'s own reason", async () => {
    expect((await abortedWith(new RangeError('too late'))).message).toBe(
      'the request was aborted by its signal: RangeError: too late',
    )
    expect((await abortedWith()).message).toBe(
      'the request was aborted by its signal: AbortError: This operation was aborted',
    )
  })

  it('is one bounded line, without the access token, whatever the reason holds', async () => {
    const error = await abortedWith(`line one\nline two ${TOKEN} ${'x'.repeat(1_000)}`)
    expect(error.message).not.toContain(TOKEN)
    expect(error.message).not.toContain('\n')
    expect(error.message.length).toBeLessThan(300)
    expect(error.message).toContain('line one line two')
  })

  it('says nothing more for a reason that is no text', async () => {
    expect((await abortedWith({ why: 'object' })).message).toBe('the request was aborted by its signal')
  })
})
