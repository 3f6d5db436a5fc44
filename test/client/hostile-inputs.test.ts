// What TypeScript lets through but JSON or fetch refuse, and what an app's own Auth may hand out: each a
// ClientConfigError naming its path, never a TypeError from deep inside or one that passes for a network failure
// (and is retried), and nothing sent. Over real HTTP, to a server that counts what reaches it.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createClient, rateLimit, retries, staticTokenGrant, type Auth } from '../../src/client'
import { exploreMovies } from './helpers'
import { refusalServerForFile } from './refusal-server'

const server = refusalServerForFile()
const { methods, refused } = server

// With retries: a refusal passing for a network failure would be tried again.
const client = () =>
  createClient({ baseUrl: server.url(), auth: staticTokenGrant('hostile-inputs-token'), retry: retries() })

const loose = <T = never>(value: unknown) => value as T

describe('client.request', () => {
  it('refuses a body JSON cannot write, saying why, with any secret scrubbed', async () => {
    const c = client()
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    let deep: unknown = {}
    for (let i = 0; i < 100_000; i++) deep = { deep }
    const throwing = {
      toJSON: () => {
        throw new Error('cannot write hostile-inputs-token')
      },
    }
    for (const body of [{ n: 10n }, cycle, deep, throwing]) {
      const error = await refused(() => c.request({ endpoint: '/graph/search', body }))
      expect(error.path).toEqual(['body'])
      expect(error.message).toMatch(/^\$\.body: expected a body JSON can write: ./)
      expect(error.message).not.toContain('hostile-inputs-token')
    }
  })

  it('refuses a body with GET or HEAD, which fetch would refuse as a network failure', async () => {
    const c = client()
    for (const method of ['GET', 'HEAD', 'head'] as const)
      expect(
        (await refused(() => c.request({ endpoint: '/graph/x', method: loose(method), body: { q: 1 } })))
          .path,
      ).toEqual(['body'])
    await expect(c.request({ endpoint: '/graph/x', method: 'GET' })).resolves.toMatchObject({ content: [] })
    expect(methods.at(-1)).toBe('GET')
  })
})

describe('createClient', () => {
  it('refuses a fetch that is no function where it is given', async () => {
    const make = () => createClient(loose({ baseUrl: server.url(), auth: staticTokenGrant('t'), fetch: 5 }))
    expect((await refused(make)).path).toEqual(['fetch'])
  })

  it("refuses an Auth's secrets that are no list of strings: a string would be looked for a letter at a time", async () => {
    for (const secrets of ['app-password', [5], {}]) {
      const auth = loose<Auth>({ token: async () => 't', secrets })
      expect((await refused(() => createClient({ baseUrl: server.url(), auth }))).path).toEqual([
        'auth',
        'secrets',
      ])
    }
  })

  it("refuses a token an Auth of the app's own hands out that no header can carry", async () => {
    const bad = fc.oneof(
      fc.constantFrom<unknown>(undefined, null, 5, '', '  ', {}, ['t']),
      fc
        // What fetch cannot send in a header: a line break, a control character, a character past U+00FF.
        .tuple(
          fc.string(),
          fc.constantFrom('\r', '\n', '\0', '\x01', '\x1b', '\x7f', '\u0100', '\u2603', '\u{1f600}'),
          fc.string({ minLength: 1 }),
        )
        .map(([a, b, c]) => `x${a}${b}${c.trim() === '' ? 'y' : c}`),
    )
    await fc.assert(
      fc.asyncProperty(bad, async (token) => {
        const auth: Auth = { token: async () => token as string }
        const error = await refused(() =>
          createClient({ baseUrl: server.url(), auth, retry: retries() }).run(exploreMovies()),
        )
        expect(error.path).toEqual(['auth', 'token'])
      }),
      { numRuns: 40 },
    )
    // A token read from a file keeps its newline: fetch trims it, so it goes.
    const trimmed: Auth = { token: async () => 'file-token\n' }
    await expect(
      createClient({ baseUrl: server.url(), auth: trimmed }).run(exploreMovies()),
    ).resolves.toBeDefined()
  })
})

describe('pieces of the wrong kind', () => {
  it('refuses a call whose retry policy is no function, before anything is sent', async () => {
    for (const retry of [5, 'retries', {}, null, true])
      expect((await refused(() => client().run(exploreMovies(), loose({ retry })))).path).toEqual(['retry'])
  })

  it('refuses a middleware with none of its hooks, naming its place, before anything is sent', async () => {
    const budget = { acquire: async () => {}, pause: async () => {} }
    const idle: unknown[] = [
      rateLimit, // the factory, not called: rateLimit(budget)
      { beforeRequest: () => {} }, // a hook's callbacks without hooks()
      {},
      null,
      'onRequest',
    ]
    for (const piece of idle) {
      const error = await refused(() =>
        createClient({
          baseUrl: server.url(),
          auth: staticTokenGrant('hostile-inputs-token'),
          middleware: loose([rateLimit(budget), piece]),
        }).run(exploreMovies()),
      )
      expect(error.path).toEqual(['middleware', 1])
      expect(error.message).toMatch(/onRequest, onResponse or onRetry/)
    }
  })

  it('takes a middleware written as a class, its hooks on the prototype', async () => {
    const seen: string[] = []
    class Logger {
      onRequest(request: { method: string }) {
        seen.push(request.method)
      }
    }
    await createClient({
      baseUrl: server.url(),
      auth: staticTokenGrant('hostile-inputs-token'),
      middleware: [new Logger()],
    }).run(exploreMovies())
    expect(seen).toEqual(['POST'])
  })
})
