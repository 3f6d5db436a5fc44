import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ClientConfigError,
  createClient,
  InvalidResponseError,
  PagingRefusedError,
  passwordGrant,
  staticTokenGrant,
} from '../../src/client'
import { canonicalJson } from '../../src/client/paging'
import { pagedEndpointPath } from '../../src/client/urls'
import { movie, startFakeService, type FakeService } from './fake-service'
import { clientFor, exploreMovies } from './helpers'

let service: FakeService
beforeAll(async () => {
  service = await startFakeService()
})
afterAll(() => service.close())

const badPage = (content: unknown) => JSON.stringify({ content, pagingInfo: { next: null }, extra: 'kept' })

describe('response validation', () => {
  it("names the path of an unexpected shape in 'strict' mode (the default)", async () => {
    const wrong = { ...movie(0), object: { ...movie(0).object, releaseDate: 'yesterday' } }
    service.inject(0, { kind: 'status', status: 200, body: badPage([movie(1), wrong]) })
    const error = await clientFor(service)
      .run(exploreMovies())
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect(error).toMatchObject({ code: 'invalid_response', path: ['content', 1, 'object', 'releaseDate'] })
    expect((error as Error).message).toMatch(/^\$\.content\[1\]\.object\.releaseDate: the explore response/)
  })

  it("passes the response through untouched with validation 'off'", async () => {
    const wrong = { object: { name: 42 }, context: {} }
    service.inject(0, { kind: 'status', status: 200, body: badPage([wrong]) })
    const page = await clientFor(service, { validation: 'off' }).run(exploreMovies())
    expect(page).toEqual({ content: [wrong], pagingInfo: { next: null }, extra: 'kept' })
  })

  it('keeps fields the model does not know in strict mode', async () => {
    service.inject(0, { kind: 'status', status: 200, body: badPage([movie(3)]) })
    expect(await clientFor(service).run(exploreMovies())).toMatchObject({ extra: 'kept' })
  })

  it('refuses a token response without an access token, naming the field', async () => {
    service.inject('token', {
      kind: 'status',
      status: 200,
      body: JSON.stringify({ token_type: 'bearer', expires_in: 60 }),
    })
    await expect(clientFor(service).run(exploreMovies())).rejects.toThrow(
      /^\$\.access_token: the token response/,
    )
  })
})

describe('options', () => {
  const auth = staticTokenGrant('t')
  it.each([
    [{ baseUrl: 'graph.example.com', auth }, '$.baseUrl'],
    [{ baseUrl: 'ftp://graph.example.com', auth }, '$.baseUrl'],
    [{ baseUrl: 'https://graph.example.com/?x=1', auth }, '$.baseUrl'],
    [{ baseUrl: 'https://graph.example.com', auth: {} }, '$.auth'],
    [{ baseUrl: 'https://graph.example.com', auth, timeoutMs: 0 }, '$.timeoutMs'],
    [{ baseUrl: 'https://graph.example.com', auth, totalTimeoutMs: -1 }, '$.totalTimeoutMs'],
    [{ baseUrl: 'https://graph.example.com', auth, refreshMarginMs: Number.NaN }, '$.refreshMarginMs'],
    [{ baseUrl: 'https://graph.example.com', auth, validation: 'lenient' }, '$.validation'],
    [{ baseUrl: 'https://graph.example.com', auth, retry: { limit: -2 } }, '$.retry.limit'],
  ])('refuses %j at %s', (options, path) => {
    expect(() => createClient(options as never)).toThrow(ClientConfigError)
    expect(() => createClient(options as never)).toThrow(path)
  })

  it.each([
    'https://auth.example.com/?x=1',
    'https://user:pw@auth.example.com',
    'https://auth.example.com/#f',
  ])('refuses an authUrl with a query, credentials or a fragment: %s', (authUrl) => {
    const grant = () =>
      passwordGrant({ authUrl, clientId: 'c', clientSecret: 's', username: 'u', password: 'p' })
    expect(grant).toThrow(ClientConfigError)
    expect(grant).toThrow('$.auth.authUrl')
  })

  it('refuses an unusable maxPages before sending anything', async () => {
    const client = clientFor(service)
    const pages = client.pages(exploreMovies(), { maxPages: 1.5 })
    await expect(pages.next()).rejects.toThrow('$.maxPages')
  })
})

describe('next endpoints (property)', () => {
  it('accepts a next endpoint only as the paged graph path, whatever the server sends', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.constantFrom(
            '/graph/explore',
            '/explore',
            '/graph/relate',
            '//evil/graph/explore',
            '/graph/explore/',
          ),
          fc.string().map((s) => `/graph/${s}`),
        ),
        (endpoint) => {
          try {
            expect(pagedEndpointPath(endpoint, 'explore')).toBe('/graph/explore')
            expect(['/graph/explore', '/explore']).toContain(endpoint)
          } catch (error) {
            if (!(error instanceof PagingRefusedError)) throw error
          }
        },
      ),
    )
  })

  it('compares request bodies regardless of key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (body) => {
        const reversed = Object.fromEntries(Object.entries(body).reverse())
        expect(canonicalJson(reversed)).toBe(canonicalJson(body))
      }),
    )
    expect(canonicalJson({ page: 1 })).not.toBe(canonicalJson({ page: 2 }))
  })
})

describe('the core stays free of Node', () => {
  it('imports nothing from node: or Node built-ins in src/client', () => {
    const files: string[] = []
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name)
        if (statSync(path).isDirectory()) walk(path)
        else if (name.endsWith('.ts')) files.push(path)
      }
    }
    walk(join(import.meta.dirname, '../../src/client'))
    expect(files.length).toBeGreaterThan(10)
    for (const file of files) {
      // Doc comments may show Node usage (process.env in an example); code may not.
      const source = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
        .join('\n')
      expect(source, file).not.toMatch(/from ['"](node:|fs|http|https|net|util|buffer|crypto|path)['"/]/)
      expect(source, file).not.toMatch(/\b(require\(|process\.|Buffer\.)/)
    }
  })
})
