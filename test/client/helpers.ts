import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { hql, returnType } from 'hql'
import {
  ClientError,
  createClient,
  paging,
  passwordGrant,
  retries,
  strictCheck,
  type ClientOptions,
  type PagingClient,
  type PasswordGrantOptions,
  type RetryOptions,
  type TokenOptions,
} from '../../src/client'
import { CREDENTIALS, startFakeService, type FakeService } from './fake-service'

/** The test suite's retry settings: small waits, so that retries keep the suite fast. */
export const FAST_RETRY: RetryOptions = { limit: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 2_000 }

/** The starting configuration (strict check, retries, paging) with small waits everywhere. */
export const FAST = {
  // Generous for a busy machine: an attempt that times out is retried, and a test that counts requests then
  // sees one more (at load 14, 1 s was not enough). Tests of slow pages pass a tight timeoutMs per call.
  timeoutMs: 15_000,
  totalTimeoutMs: 45_000,
  retry: retries(FAST_RETRY),
  check: strictCheck,
  paging: paging(),
} as const

/**
 * For the tests of a server that stalls: an attempt's time limit (`timeoutMs`) far past any honest answer on a
 * loaded machine, and a stall (a `slow` fault's `ms`) that outlasts it for good. At 250 ms against a 2 s stall,
 * an attempt at load 30 could time out before its request reached the service: the stall then met the next
 * attempt, or the next call, and an honest attempt could time out too.
 */
export const STALL = { timeoutMs: 5_000, ms: 600_000 } as const

export function grant(service: FakeService, overrides: Partial<PasswordGrantOptions> = {}) {
  return passwordGrant({
    authUrl: service.url,
    clientId: CREDENTIALS.clientId,
    clientSecret: CREDENTIALS.clientSecret,
    username: CREDENTIALS.username,
    password: CREDENTIALS.password,
    scope: ['public_profile', 'user_likes'],
    ...overrides,
  })
}

/** What a test may change of FAST's client: anything but the paging piece, which every test client has. */
export type Overrides = Partial<Omit<ClientOptions, 'paging'>>

/**
 * A client of the fake service with FAST's pieces, signed in with the password grant (`tokenStore`,
 * `refreshMarginMs` and `onTokenRefresh` go to that grant), any option overridden.
 */
export function clientFor(
  service: FakeService,
  overrides: Overrides & Pick<TokenOptions, 'tokenStore' | 'refreshMarginMs' | 'onTokenRefresh'> = {},
): PagingClient {
  const { tokenStore, refreshMarginMs, onTokenRefresh, ...options } = overrides
  const tokens = {
    ...(tokenStore === undefined ? {} : { tokenStore }),
    ...(refreshMarginMs === undefined ? {} : { refreshMarginMs }),
    ...(onTokenRefresh === undefined ? {} : { onTokenRefresh }),
  }
  return createClient({ baseUrl: service.url, auth: grant(service, tokens), ...FAST, ...options })
}

/** Every movie, `pageSize` per page: the query most tests page through. */
export function exploreMovies(pageSize = 3) {
  return hql.explore().filter(returnType.eq('Movie')).pageSize(pageSize)
}

/** The names of movies 0..count-1, the order in which the fake service pages them. */
export function expectedNames(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `Movie ${index}`)
}

export function nameOf(item: unknown): string {
  return String((item as { object: { name: string } }).object.name)
}

/** Every value a test must never see in an error or a hook: credentials and every issued token. */
export function secretValues(service: FakeService): string[] {
  const values = new Set<string>([CREDENTIALS.clientSecret, CREDENTIALS.password])
  for (const record of service.tokenRequests) {
    if (record.authorization !== undefined) values.add(record.authorization.replace(/^Basic /, ''))
    for (const key of ['refresh_token', 'password', 'client_secret'])
      if (record.form[key] !== undefined) values.add(record.form[key])
  }
  for (const record of service.graphRequests)
    if (record.authorization !== undefined) values.add(record.authorization.replace(/^Bearer /, ''))
  return [...values]
}

/** Everything an async iterable yields until it ends or throws, and what it threw. */
export async function drain<T>(iterable: AsyncIterable<T>): Promise<{ items: T[]; error: unknown }> {
  const items: T[] = []
  try {
    for await (const item of iterable) items.push(item)
    return { items, error: undefined }
  } catch (error) {
    return { items, error }
  }
}

/** The error a call rejects with, checked to be a ClientError. */
export async function failure(promise: Promise<unknown>): Promise<ClientError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ClientError)
  return error as ClientError
}

/**
 * The fake service for one test file: started before its first test, closed after its last, and with no fault
 * queued nor request counted from the test before at the start of each. Its members are the running service's.
 */
export function fakeServiceForFile(): FakeService {
  let started: FakeService | undefined
  beforeAll(async () => {
    started = await startFakeService()
  })
  afterAll(() => started?.close())
  beforeEach(() => {
    started?.clearFaults()
    if (started) started.graphRequests.length = started.tokenRequests.length = 0
  })
  return new Proxy({} as FakeService, {
    get(_, member) {
      if (started === undefined) throw new Error('the fake service starts before the first test')
      return Reflect.get(started, member)
    },
  })
}
