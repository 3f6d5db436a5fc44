import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ClientConfigError,
  createClient,
  InvalidResponseError,
  looseCheck,
  PagingRefusedError,
  passwordGrant,
  refreshTokenGrant,
  staticTokenGrant,
  strictCheck,
  type CheckInfo,
} from '../../src/client'
import { pagedEndpointPath, requestHash } from '../../src/client/paging/steps'
import { hql, primaryImage, returnType } from 'hql'
import { movie, startFakeService, type FakeService } from './fake-service'
import { clientFor, drain, exploreMovies, failure } from './helpers'
import { reversedKeys } from '../support/key-order'

let service: FakeService
beforeAll(async () => {
  service = await startFakeService()
})
afterAll(() => service.close())

const identity = { authUrl: 'https://auth.example.com', clientId: 'c', clientSecret: 's' }
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
    const page = await clientFor(service, { check: undefined }).run(exploreMovies())
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

describe('per-query checks', () => {
  // The issue's example: what this query promises is a Movie with its primaryImage, in every item.
  const movies = hql.explore().filter(returnType.eq('Movie')).with(primaryImage).pageSize(2)
  const rendition = { url: 'https://images.example.com/1.jpg', height: 1, width: 1 }
  const image = {
    object: {
      mhid: `mhimg${'1'.repeat(39)}`,
      name: null,
      isDefault: true,
      averageColor: null,
      ...Object.fromEntries(['original', 'thumbnail', 'small', 'medium', 'large'].map((k) => [k, rendition])),
    },
    context: {},
  }
  const withImage = (index: number) => ({
    ...movie(index),
    object: { ...movie(index).object, primaryImage: image },
  })
  const series = { object: { ...movie(7).object, mhid: `mhsss${'7'.repeat(39)}` }, context: {} }
  const answer = (page: number, content: unknown[], next: unknown = null) =>
    service.inject(page, {
      kind: 'status',
      status: 200,
      body: JSON.stringify({ content, pagingInfo: { next } }),
    })

  it('refuses a page that breaks the promise, at the path of the first broken promise', async () => {
    answer(0, [series, movie(1)])
    const error = await failure(clientFor(service).run(movies))
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect(error.path).toEqual(['content', 0, 'object', 'mhid'])
    expect(error.message).toMatch(
      /^\$\.content\[0\]\.object\.mhid: .*expected a Movie, got a ShowSeries \(and 1 more issue\)/,
    )
  })

  it('names a requested component that is missing', async () => {
    answer(0, [withImage(0), movie(1)])
    const error = await failure(clientFor(service).run(movies))
    expect(error.path).toEqual(['content', 1, 'object', 'primaryImage'])
    expect(error.message).toContain('primaryImage was requested and is missing')
  })

  it('checks every page against the promise of the query, not of the next body the service wrote', async () => {
    // The service's next drops the components; the query still promises them on page 2.
    const next = {
      endpoint: '/graph/explore',
      method: 'POST',
      body: { filters: { returnType: { $eq: 'Movie' } }, page: 1 },
    }
    answer(0, [withImage(0), withImage(1)], next)
    answer(1, [movie(2)])
    const client = clientFor(service)
    const { items, error } = await drain(client.pages(movies))
    expect(items).toHaveLength(1)
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect(error).toMatchObject({
      path: ['content', 0, 'object', 'primaryImage'],
      resumeFrom: { body: next.body },
    })
    // Resumed from there, the page is still checked against the query's promise.
    answer(1, [movie(2)])
    const resumed = await drain(
      client.pages(movies, { resumeFrom: (error as InvalidResponseError).resumeFrom! }),
    )
    expect(resumed.error).toMatchObject({ path: ['content', 0, 'object', 'primaryImage'] })
  })

  it('checks a request without its query (a continuation) against what its own body promises', () => {
    const body = { ids: ['mhmov-gladiator'], components: [{ name: 'primaryImage' }] }
    const info = (endpoint: string, query?: typeof movies): CheckInfo => ({
      endpoint,
      body,
      query,
      request: { kind: 'graph', method: 'POST', url: endpoint, headers: {}, body },
      scrub: (text) => text,
    })
    const plain = { content: [movie(0)], pagingInfo: { next: null } }
    // The body asks for primaryImage: a page without it breaks the body's promise.
    expect(() => strictCheck(plain, info('/graph/lookup'))).toThrow(InvalidResponseError)
    expect(() => strictCheck(plain, info('/graph/lookup'))).toThrow('primaryImage')
    // With its query, the query's promise is the one checked; the loose check looks at the envelope only.
    expect(() => strictCheck(plain, info('/graph/explore', movies))).toThrow('primaryImage')
    expect(
      strictCheck({ content: [withImage(0)], pagingInfo: { next: null } }, info('/graph/explore', movies)),
    ).toEqual({
      content: [withImage(0)],
      pagingInfo: { next: null },
    })
    expect(looseCheck(plain, info('/graph/lookup'))).toBe(plain)
    expect(() => looseCheck({ content: 'no list' }, info('/graph/lookup'))).toThrow(InvalidResponseError)
    // A path that is no graph query endpoint is not the strict check's business.
    expect(strictCheck('anything', info('/graph/search'))).toBe('anything')
  })

  it("checks only the envelope with validation 'loose'", async () => {
    answer(0, [series, movie(1)])
    const page = await clientFor(service, { check: looseCheck }).run(movies)
    expect(page).toEqual({ content: [series, movie(1)], pagingInfo: { next: null } })
    service.inject(0, {
      kind: 'status',
      status: 200,
      body: JSON.stringify({ content: {}, pagingInfo: { next: null } }),
    })
    const error = await failure(clientFor(service, { check: looseCheck }).run(movies))
    expect(error).toMatchObject({ code: 'invalid_response', path: ['content'] })
  })

  it("checks nothing with validation 'off'", async () => {
    service.inject(0, {
      kind: 'status',
      status: 200,
      body: JSON.stringify({ content: {}, pagingInfo: { next: null } }),
    })
    expect(await clientFor(service, { check: undefined }).run(movies)).toEqual({
      content: {},
      pagingInfo: { next: null },
    })
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
    [{ baseUrl: 'https://graph.example.com', auth, maxResponseBytes: -1 }, '$.maxResponseBytes'],
    [
      { baseUrl: 'https://graph.example.com', auth, headers: { authorization: 'x' } },
      '$.headers.authorization',
    ],
    [{ baseUrl: 'https://graph.example.com', auth, check: 'strict' }, '$.check'],
    [{ baseUrl: 'https://graph.example.com', auth, retry: { limit: -2 } }, '$.retry'],
    // The options pieces replaced are refused, not ignored.
    [{ baseUrl: 'https://graph.example.com', auth, validation: 'off' }, '$.validation: not an option'],
    [{ baseUrl: 'https://graph.example.com', auth, hooks: {} }, '$.hooks: not an option'],
    [{ baseUrl: 'https://graph.example.com', auth, tokenStore: {} }, '$.tokenStore: not an option'],
  ])('refuses %j at %s', (options, path) => {
    expect(() => createClient(options as never)).toThrow(ClientConfigError)
    expect(() => createClient(options as never)).toThrow(path)
  })

  it('refuses a grant option that is no number of ms', () => {
    const grant = () =>
      passwordGrant({
        authUrl: 'https://auth.example.com',
        clientId: 'c',
        clientSecret: 's',
        username: 'u',
        password: 'p',
        refreshMarginMs: Number.NaN,
      })
    expect(grant).toThrow('$.auth.refreshMarginMs')
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

  it.each([
    ['clientId', () => passwordGrant({ ...identity, clientId: '', username: 'u', password: 'p' })],
    [
      'clientSecret',
      () => passwordGrant({ ...identity, clientSecret: 7 as never, username: 'u', password: 'p' }),
    ],
    ['username', () => passwordGrant({ ...identity, username: '', password: 'p' })],
    ['password', () => passwordGrant({ ...identity, username: 'u', password: undefined as never })],
    ['refreshToken', () => refreshTokenGrant({ ...identity, refreshToken: '' })],
    ['accessToken', () => staticTokenGrant('')],
  ])('refuses an empty or missing %s at $.auth.<its name>, never quoting it', (key, grant) => {
    expect(grant).toThrow(ClientConfigError)
    expect(grant).toThrow(`$.auth.${key}: expected a non-empty string`)
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
            expect(pagedEndpointPath(endpoint, 'explore', (text) => text)).toBe('/graph/explore')
            expect(['/graph/explore', '/explore']).toContain(endpoint)
          } catch (error) {
            if (!(error instanceof PagingRefusedError)) throw error
          }
        },
      ),
    )
  })

  it('compares request bodies regardless of key order, and tells kinds and boundaries apart', () => {
    const hash = (body: unknown) => requestHash('/graph/explore', body)
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (body) => {
        const reversed = Object.fromEntries(Object.entries(body).reverse())
        expect(hash(reversed)).toBe(hash(body))
      }),
    )
    expect(hash({ page: 1 })).not.toBe(hash({ page: 2 }))
    expect(hash({ page: 1 })).not.toBe(hash({ page: '1' }))
    expect(hash({ a: [] })).not.toBe(hash({ a: {} }))
    expect(hash({ ab: 'c' })).not.toBe(hash({ a: 'bc' }))
    expect(hash(['ab', 'c'])).not.toBe(hash(['a', 'bc']))
    expect(hash([[1], 2])).not.toBe(hash([[1, 2]]))
    expect(requestHash('/graph/lookup', { page: 1 })).not.toBe(hash({ page: 1 }))
  })

  it('hashes nested objects alike in any key order, and tells values moved between keys apart', () => {
    const hash = (body: unknown) => requestHash('/graph/explore', body)
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        expect(hash(reversedKeys(body))).toBe(hash(body))
      }),
    )
    expect(hash({ page: 1, pageSize: 2 })).not.toBe(hash({ page: 2, pageSize: 1 }))
    expect(hash({ a: { x: 1 }, b: { y: 2 } })).not.toBe(hash({ a: { y: 2 }, b: { x: 1 } }))
    expect(hash({ a: { b: 1 } })).not.toBe(hash({ a: 1, b: {} }))
    expect(hash({ filters: { a: 1 }, page: 1 })).not.toBe(hash({ filters: { a: 1, page: 1 } }))
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
