import { describe, expect, it } from 'vitest'
import { createQueryEngine, createService, serve, type ServiceOptions } from 'hql/service'
import { defaultCatalogDir } from '../../src/service/catalog/load'
import { defaultPlaygroundDir } from '../../src/service/http/playground'
import { testPasswordCost } from '../support/password-cost'
import { objects, startHarness } from './helpers'

// createService's and createQueryEngine's options: a key nobody reads, at any level, is refused naming its path
// (it used to be left out without a word: a suite that misspelt maxPageSize believed it had lowered it), and so
// is a number the service would misuse. Every case below fails against the service before its options were
// checked: most were accepted without a word; the few its comments mark failed, but by a crash inside or Node's
// own message, after the graph was built, naming no path of ours.

/** The error createService gave for `options`, or undefined when it started (the service is closed then). */
async function refusal(options: unknown): Promise<Error | undefined> {
  try {
    const service = await createService(
      options === null ? (null as never) : { passwordCost: testPasswordCost, ...(options as ServiceOptions) },
    )
    await service.close()
    return undefined
  } catch (error) {
    return error as Error
  }
}

/** An object that passes for an ioredis client, never asked anything by a service that is only started. */
const fakeRedis = { call: () => Promise.reject(new Error('no Redis in this test')) }

const fullRateLimit = { requests: 10, windowSeconds: 60 }
const fullFailureLimit = { perAddress: 30, perUsername: 10, windowSeconds: 300 }

describe('unknown option keys', () => {
  it.each<[string, unknown, string | undefined]>([
    ['options', { prot: 8080 }, 'port'],
    ['options.limits', { limits: { maxPageSze: 5 } }, 'maxPageSize'],
    ['options.timeouts', { timeouts: { headerMs: 1 } }, 'headersMs'],
    ['options.admission', { admission: { perAdress: 1 } }, 'perAddress'],
    ['options.rateLimit', { rateLimit: { ...fullRateLimit, request: 10 } }, 'requests'],
    ['options.authFailureLimit', { authFailureLimit: { ...fullFailureLimit, perUser: 3 } }, undefined],
    ['options.clients[0]', { clients: [{ clientID: 'app', clientSecret: 'shh' }] }, 'clientId'],
    [
      'options.users[1]',
      {
        users: [
          { username: 'a', password: 'b' },
          { usrname: 'c', password: 'd' },
        ],
      },
      'username',
    ],
    ['options.redis', { redis: { client: fakeRedis, keyy: 'app' } }, 'key'],
  ])(
    '%s: a misspelt key is a TypeError naming its path and the keys allowed',
    async (path, options, meant) => {
      const error = await refusal(options)
      expect(error).toBeInstanceOf(TypeError)
      // The misspelt key by its full path, the keys the object takes, and the one meant.
      expect(error?.message).toMatch(
        new RegExp(`^${path.replace(/[.[\]]/g, '\\$&')}\\.\\w+ is not an option`),
      )
      expect(error?.message).toContain(`(${path} takes only `)
      // The one meant, when one is near enough to guess ('perUser' is not, for 'perUsername').
      expect(error?.message).toMatch(
        meant === undefined ? /perUsername, windowSeconds\)$/ : new RegExp(`did you mean '${meant}'\\?$`),
      )
    },
  )

  it('createQueryEngine refuses a misspelt key of its own, of its limits and of a user', () => {
    expect(() => createQueryEngine({ catalogg: 'x' } as never)).toThrow(
      /^options\.catalogg is not an option \(options takes only catalog, users, limits, baseUrl\); did you mean 'catalog'\?$/,
    )
    expect(() => createQueryEngine({ limits: { maxPageSze: 5 } } as never)).toThrow(
      /^options\.limits\.maxPageSze is not an option/,
    )
    expect(() => createQueryEngine({ users: [{ username: 'a', password: 'b', nam: 'A' }] } as never)).toThrow(
      /^options\.users\[0\]\.nam is not an option .*; did you mean 'name'\?$/,
    )
  })

  it('serve() refuses what createService refuses, before it prints anything', async () => {
    const lines: string[] = []
    await expect(serve({ prot: 8080 } as never, (line) => lines.push(line))).rejects.toThrow(
      /^options\.prot is not an option/,
    )
    expect(lines).toEqual([])
  })

  it('a hostile key is shown short and escaped, never whole', async () => {
    const key = `\u202e${'k'.repeat(10_000)}`
    const error = await refusal({ limits: { [key]: 1 } })
    expect(error).toBeInstanceOf(TypeError)
    expect(error?.message.length).toBeLessThan(400)
    expect(error?.message).toContain('options.limits.\\u{202e}kkk')
    expect(error?.message).not.toContain('\u202e')
  })
})

describe('option values', () => {
  it.each<[string, unknown]>([
    ['options.rateLimit.windowSeconds', { rateLimit: { requests: 10, windowSeconds: 0 } }],
    ['options.rateLimit.windowSeconds', { rateLimit: { requests: 10, windowSeconds: Infinity } }],
    ['options.rateLimit.windowSeconds', { rateLimit: { requests: 10, windowSeconds: Number.NaN } }],
    ['options.rateLimit.windowSeconds', { rateLimit: { requests: 10 } }],
    ['options.rateLimit.requests', { rateLimit: { requests: 0, windowSeconds: 60 } }],
    ['options.rateLimit.requests', { rateLimit: { requests: 2.5, windowSeconds: 60 } }],
    ['options.authFailureLimit.perAddress', { authFailureLimit: { ...fullFailureLimit, perAddress: -1 } }],
    [
      'options.authFailureLimit.perUsername',
      { authFailureLimit: { ...fullFailureLimit, perUsername: '10' } },
    ],
    [
      'options.authFailureLimit.windowSeconds',
      { authFailureLimit: { ...fullFailureLimit, windowSeconds: 0 } },
    ],
    ['options.limits.maxPageSize', { limits: { maxPageSize: 0 } }],
    ['options.limits.maxWork', { limits: { maxWork: Number.NaN } }],
    ['options.limits.maxIds', { limits: { maxIds: -1 } }],
    ['options.limits.maxObjects', { limits: { maxObjects: Infinity } }],
    ['options.limits.defaultPageSize', { limits: { defaultPageSize: 1.5 } }],
    ['options.limits.defaultPageSize', { limits: { maxPageSize: 5 } }],
    ['options.maxBodyBytes', { maxBodyBytes: 0 }],
    ['options.maxBodyBytes', { maxBodyBytes: Infinity }],
    ['options.tokenLifetimeSeconds', { tokenLifetimeSeconds: 0 }],
    ['options.tokenLifetimeSeconds', { tokenLifetimeSeconds: 1.5 }],
    ['options.refreshLifetimeSeconds', { refreshLifetimeSeconds: -60 }],
    // Refused before by Node's listen ('options.port should be >= 0 and < 65536'), after the graph was built.
    ['options.port', { port: 70_000 }],
  ])('%s: %j is a RangeError naming it', async (path, options) => {
    const error = await refusal(options)
    expect(error).toBeInstanceOf(RangeError)
    expect(error?.message.startsWith(`${path} `)).toBe(true)
    expect(error?.message).toMatch(/ must (be|not exceed) /)
  })

  it.each<[string, unknown]>([
    ['options', null], // before: "Cannot read properties of null (reading 'now')"
    ['options.limits', { limits: 5 }],
    ['options.rateLimit', { rateLimit: true }],
    // before: "(options.clients ?? []) is not iterable"
    ['options.clients', { clients: { clientId: 'a', clientSecret: 'b' } }],
    [
      'options.clients[0].passwordGrant',
      { clients: [{ clientId: 'a', clientSecret: 'b', passwordGrant: 'yes' }] },
    ],
    // before: scrypt's 'The "password" argument must be of type string …'
    ['options.users[0].password', { users: [{ username: 'a', password: 12_345_678 }] }],
    ['options.now', { now: 5 }],
    ['options.remoteAddress', { remoteAddress: '203.0.113.9' }],
    ['options.redis.onRedisStateChange', { redis: { client: fakeRedis, onRedisStateChange: 'log' } }],
  ])('%s of the wrong kind is a TypeError naming it', async (path, options) => {
    const error = await refusal(options)
    expect(error).toBeInstanceOf(TypeError)
    expect(error?.message.startsWith(`${path} must be `)).toBe(true)
  })

  // Before: Node's hash refused it with 'The "data" argument must be … Received type number (12345678)'.
  it('a password or secret of the wrong kind is named, never shown', async () => {
    const error = await refusal({ clients: [{ clientId: 'a', clientSecret: 12_345_678 }] })
    expect(error?.message).toBe('options.clients[0].clientSecret must be a string, got a number')
  })
})

describe('every documented option', () => {
  it('is accepted at once, valid values all set: the service starts and answers', async () => {
    const { service, post, token } = await startHarness({
      port: 0,
      host: '127.0.0.1',
      catalog: defaultCatalogDir(),
      clients: [{ clientId: 'app', clientSecret: 'app-secret', passwordGrant: false }],
      users: [{ username: 'ann', password: 'ann-password', name: 'Ann', email: 'ann@example.com' }],
      passwordCost: testPasswordCost,
      tokenLifetimeSeconds: 600,
      refreshLifetimeSeconds: 3600,
      rateLimit: { requests: 100, windowSeconds: 60 },
      authFailureLimit: { perAddress: 30, perUsername: 10, windowSeconds: 300 },
      timeouts: { headersMs: 5000, requestMs: 10_000, keepAliveMs: 2000 },
      maxConnections: 50,
      maxConnectionsPerAddress: 20,
      remoteAddress: () => undefined,
      admission: { perAddress: 2, waiting: 8 },
      maxBodyBytes: 50_000,
      limits: {
        defaultPageSize: 5,
        maxPageSize: 10,
        maxIds: 50,
        maxObjects: 1000,
        maxBlueprints: 5,
        maxFactors: 5,
        maxWork: 500_000,
      },
      playground: defaultPlaygroundDir(),
      now: () => Date.now(),
    })
    try {
      const app = await token({ grant_type: 'client_credentials' }, { id: 'app', secret: 'app-secret' })
      expect(app.status).toBe(200)
      expect(app.body.expires_in).toBe(600)
      const page = await post('/graph/explore', { filters: {} }, app.body.access_token)
      expect(page.status).toBe(200)
      expect(objects(page.body)).toHaveLength(5) // the defaultPageSize given
      const tooLarge = await post('/graph/explore', { filters: {}, pageSize: 11 }, app.body.access_token)
      expect(tooLarge.body).toMatchObject({ status: 400, error: 'page_size_too_large', path: '$.pageSize' })
    } finally {
      await service.close()
    }
  })

  it('takes false for either budget, and the redis option in its full form', async () => {
    await using service = await createService({
      passwordCost: testPasswordCost,
      rateLimit: false,
      authFailureLimit: false,
      redis: {
        client: fakeRedis,
        key: 'hql:options-test',
        commandTimeoutMs: 100,
        retryMs: 100,
        onRedisStateChange: () => undefined,
      },
    })
    expect(service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('createQueryEngine takes each of its options', () => {
    const engine = createQueryEngine({
      catalog: defaultCatalogDir(),
      users: [{ username: 'ann', password: 'x', name: 'Ann', email: 'ann@example.com' }],
      limits: { defaultPageSize: 3 },
      baseUrl: 'http://localhost:8080',
    })
    const answer = engine.answer('explore', { filters: {} }, { username: 'ann' })
    expect(answer.status).toBe(200)
    expect((answer.body as { content: unknown[] }).content).toHaveLength(3)
  })
})
