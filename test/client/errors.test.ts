// An abort's error says why it was aborted: the signal's reason, in short, in the message (issue 31), with the
// reason itself as `cause`. A reason is the caller's value and may be anything: an Error, a string, an object
// holding a secret, a string as long as a page. Real HTTP on 127.0.0.1; each abort site of the client in turn:
// the caller's signal (before and during a call), a middleware's signal, and the pager between pages.
import { describe, expect, it } from 'vitest'
import { AbortedError, createClient, hooks, paging, staticTokenGrant } from '../../src/client'
import { movie } from './fake-service'
import { exploreMovies, failure } from './helpers'
import { hostileServerForFile, sendJson } from './hostile-server'

const server = hostileServerForFile()
const TOKEN = 'abort-reason-token-0123456789'
// Made per test: the server's address is known once it has started.
const clientOf = () => createClient({ baseUrl: server.url, auth: staticTokenGrant(TOKEN), paging: paging() })
const page = { content: [movie(0)], pagingInfo: { next: null } }
const slowly = () => server.handle((_, res) => setTimeout(() => sendJson(res, 200, page), 2_000).unref())

/** The error of a call whose signal aborts with `reason` while the service is still answering. */
async function abortedWith(reason: unknown): Promise<AbortedError> {
  slowly()
  const controller = new AbortController()
  const running = failure(clientOf().run(exploreMovies(), { signal: controller.signal }))
  setTimeout(() => controller.abort(reason), 30)
  const error = await running
  expect(error).toBeInstanceOf(AbortedError)
  return error as AbortedError
}

describe("an abort's message says the signal's reason", () => {
  it("names an Error's name and message, and keeps the Error as cause", async () => {
    const reason = new RangeError('the user left the page')
    const error = await abortedWith(reason)
    expect(error.message).toBe('the request was aborted by its signal: RangeError: the user left the page')
    expect(error.cause).toBe(reason)
  })

  it("names AbortSignal.timeout's reason, and a string as it is", async () => {
    const timedOut = await failure(clientOf().run(exploreMovies(), { signal: AbortSignal.timeout(30) }))
    expect(timedOut.message).toMatch(/^the request was aborted by its signal: TimeoutError: \S/)
    const error = await abortedWith('navigated away')
    expect(error.message).toBe('the request was aborted by its signal: navigated away')
    expect(error.cause).toBe('navigated away')
  })

  it('names only the type of any other reason, whatever it holds', async () => {
    const reason = { why: 'logout', password: 'hunter2-pass', toString: () => 'hunter2-pass' }
    const error = await abortedWith(reason)
    expect(error.message).toBe('the request was aborted by its signal: object')
    expect(error.cause).toBe(reason)
    expect((await abortedWith(42)).message).toBe('the request was aborted by its signal: number')
  })

  it("scrubs the client's secrets from it, and keeps it to one short line", async () => {
    const quoting = await abortedWith(new Error(`token ${TOKEN} revoked`))
    expect(quoting.message).toBe('the request was aborted by its signal: Error: token [redacted] revoked')
    const text = `line one\n\u001b[2Jline two ${'x'.repeat(10_000)}`
    const long = await abortedWith(text)
    expect(long.message.startsWith('the request was aborted by its signal: line one [2Jline two xxx')).toBe(
      true,
    )
    expect(long.message.length).toBeLessThan(250)
    expect(long.message).not.toMatch(/[\n\u001b]/)
    expect(long.cause).toBe(text)
  })

  it('says it from every abort site: before the call, a middleware signal, between pages', async () => {
    server.handle((_, res) => sendJson(res, 200, page))
    const before = await failure(
      clientOf().run(exploreMovies(), { signal: AbortSignal.abort(new Error('cancelled early')) }),
    )
    expect(before.message).toBe('the request was aborted by its signal: Error: cancelled early')

    const items = await failure(
      clientOf().collect(exploreMovies(), { maxItems: 10, signal: AbortSignal.abort('stop paging') }),
    )
    expect(items.message).toBe('the request was aborted by its signal: stop paging')

    slowly()
    const controller = new AbortController()
    const hooked = createClient({
      baseUrl: server.url,
      auth: staticTokenGrant(TOKEN),
      middleware: [hooks({ beforeRequest: () => ({ signal: controller.signal }) })],
    })
    const running = failure(hooked.run(exploreMovies()))
    setTimeout(() => controller.abort(`hook ${TOKEN}`), 30)
    expect((await running).message).toBe('the request was aborted by its signal: hook [redacted]')
  })
})
