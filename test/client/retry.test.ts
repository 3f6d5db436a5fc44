import { describe, expect, it } from 'vitest'
import {
  ClientConfigError,
  hooks,
  HttpError,
  retries,
  TimeoutError,
  type RetryFailure,
  type RetryInfo,
} from '../../src/client'
import { backoffDelay } from '../../src/client/retries'
import { parseRetryAfter } from '../../src/client/retry-after'
import { FAST_RETRY, STALL, clientFor, exploreMovies, fakeServiceForFile } from './helpers'

const service = fakeServiceForFile()

describe('retried failures', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries HTTP %i and succeeds', async (status) => {
    const retried: RetryInfo[] = []
    const client = clientFor(service, { middleware: [hooks({ onRetry: (info) => void retried.push(info) })] })
    service.inject(0, { kind: 'status', status })
    const page = await client.run(exploreMovies())
    expect(page.content).toHaveLength(3)
    expect(service.graphRequests).toHaveLength(2)
    expect(retried.map((r) => [r.attempt, r.error.code])).toEqual([[1, 'http_error']])
  })

  it('retries a reset connection', async () => {
    service.inject(0, { kind: 'reset' })
    await clientFor(service).run(exploreMovies())
    expect(service.graphRequests).toHaveLength(2)
  })

  it('retries an attempt that outlives timeoutMs, then throws the timeout when attempts run out', async () => {
    service.inject(0, { kind: 'slow', ms: STALL.ms })
    await clientFor(service).run(exploreMovies(), { timeoutMs: STALL.timeoutMs })
    expect(service.graphRequests).toHaveLength(2)

    service.inject(0, { kind: 'slow', ms: STALL.ms })
    service.inject(0, { kind: 'stallBody', ms: STALL.ms })
    const error = await clientFor(service, { retry: retries({ limit: 1, baseDelayMs: 1 }) })
      .run(exploreMovies(), { timeoutMs: STALL.timeoutMs })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error).toMatchObject({ code: 'timeout', scope: 'attempt', timeoutMs: STALL.timeoutMs })
    expect(service.graphRequests).toHaveLength(4)
  })

  it('does not retry a 400 or a 404', async () => {
    service.inject(0, { kind: 'status', status: 400 })
    await expect(clientFor(service).run(exploreMovies())).rejects.toMatchObject({ status: 400 })
    expect(service.graphRequests).toHaveLength(1)
  })

  it('gives up after limit retries with the last error', async () => {
    for (let i = 0; i < 3; i++) service.inject(0, { kind: 'status', status: 503 })
    const client = clientFor(service, { retry: retries({ limit: 2, baseDelayMs: 1 }) })
    await expect(client.run(exploreMovies())).rejects.toMatchObject({ code: 'http_error', status: 503 })
    expect(service.graphRequests).toHaveLength(3)
  })

  it('does not retry at all with retry: false, per client or per call', async () => {
    service.inject(0, { kind: 'status', status: 503 })
    await expect(clientFor(service, { retry: false }).run(exploreMovies())).rejects.toBeInstanceOf(HttpError)
    service.inject(0, { kind: 'status', status: 503 })
    await expect(clientFor(service).run(exploreMovies(), { retry: false })).rejects.toBeInstanceOf(HttpError)
    expect(service.graphRequests).toHaveLength(2)
  })
})

/**
 * Counts the waits a call starts (a middleware hears of each retry just before its wait), and ends the call
 * at the first: "no wait" is a count, not a time, and a client that does wait fails the test at once.
 */
function waitsStarted(): { waits: number[]; middleware: ReturnType<typeof hooks>[]; signal: AbortSignal } {
  const waits: number[] = []
  const stop = new AbortController()
  const onRetry = (info: RetryInfo) => {
    waits.push(info.delayMs)
    stop.abort(new Error(`a wait of ${info.delayMs} ms was started`))
  }
  return { waits, middleware: [hooks({ onRetry })], signal: stop.signal }
}

describe('Retry-After', () => {
  it('waits the seconds a 429 asks for', async () => {
    const retried: RetryInfo[] = []
    service.inject(0, { kind: 'status', status: 429, retryAfter: '1' })
    const started = Date.now()
    await clientFor(service, { middleware: [hooks({ onRetry: (info) => void retried.push(info) })] }).run(
      exploreMovies(),
    )
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(retried[0]?.delayMs).toBe(1000)
  })

  it('waits until an HTTP date', async () => {
    const retried: { info: RetryInfo; at: number }[] = []
    const started = Date.now()
    const date = new Date(started + 2_000)
    // HTTP dates have whole seconds: the date the client reads is this one.
    const until = Math.floor(date.getTime() / 1000) * 1000
    service.inject(0, { kind: 'status', status: 503, retryAfter: date.toUTCString() })
    await clientFor(service, {
      middleware: [hooks({ onRetry: (info) => void retried.push({ info, at: Date.now() }) })],
    }).run(exploreMovies())
    // The wait is the time from the answer to the date: the answer came after the start and before onRetry
    // (bounds that hold however long a loaded machine took in between).
    const { info, at } = retried[0]!
    expect(info.delayMs).toBeGreaterThanOrEqual(Math.max(0, until - at))
    expect(info.delayMs).toBeLessThanOrEqual(until - started)
  })

  it('throws at once when Retry-After is over the cap, carrying the wait', async () => {
    service.inject(0, { kind: 'status', status: 429, retryAfter: '3600' })
    const { waits, middleware, signal } = waitsStarted()
    const error = await clientFor(service, { middleware })
      .run(exploreMovies(), { signal })
      .catch((e: unknown) => e)
    // No wait was started at all (not the hour it was asked to wait), and no second request sent.
    expect(waits).toEqual([])
    expect(service.graphRequests).toHaveLength(1)
    expect(error).toMatchObject({ code: 'http_error', status: 429, retryAfterMs: 3_600_000 })
  })

  it('does not start a wait that would end after the total timeout', async () => {
    service.inject(0, { kind: 'status', status: 503, retryAfter: '2' })
    const { waits, middleware, signal } = waitsStarted()
    await expect(
      clientFor(service, { totalTimeoutMs: 500, middleware }).run(exploreMovies(), { signal }),
    ).rejects.toMatchObject({ status: 503 })
    // Had it waited the 2 s, the total timeout (500 ms) would have ended the call during the wait.
    expect(waits).toEqual([])
    expect(service.graphRequests).toHaveLength(1)
  })
})

describe('backoff and parsing', () => {
  it('draws each delay below a ceiling that doubles and is capped', () => {
    expect([0, 1, 2, 3, 4, 10].map((i) => backoffDelay(100, 1_000, i, () => 1))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ])
    expect(backoffDelay(100, 1_000, 3, () => 0)).toBe(0)
    expect(backoffDelay(100, 1_000, 3, () => 0.5)).toBe(400)
  })

  it('reads Retry-After as seconds or a date, and nothing else', () => {
    const now = Date.parse('2030-01-01T00:00:00Z')
    expect(parseRetryAfter('120', now)).toBe(120_000)
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Mon, 31 Dec 2029 00:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter('-5', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })

  it('rejects unusable retry options with the path', () => {
    expect(() => retries({ limit: -1 })).toThrow('$.retry.limit')
    expect(() => retries({ limit: 1.5 })).toThrow('$.retry.limit')
    expect(() => retries({ baseDelayMs: Number.NaN })).toThrow('$.retry.baseDelayMs')
    expect(() => retries({ statuses: ['500'] as never })).toThrow('$.retry.statuses')
    expect(() => clientFor(service, { retry: { limit: 2 } as never })).toThrow(
      '$.retry: expected a retry policy',
    )
  })

  it('refuses retry.limit Infinity (retrying forever); limits still take it', async () => {
    expect(() => retries({ limit: Infinity })).toThrow(ClientConfigError)
    expect(() => retries({ limit: Infinity })).toThrow('$.retry.limit: expected a whole number of at least 0')
    // The limits a caller may turn off still accept Infinity.
    expect(() => clientFor(service, { maxResponseBytes: Infinity })).not.toThrow()
    const page = await clientFor(service).pages(exploreMovies(), { maxPages: Infinity }).next()
    expect(page.done).toBe(false)
  })
})

describe('a retry policy is a function', () => {
  it('decides whether and when, told the error, the attempt and whether the request is idempotent', async () => {
    const seen: Omit<RetryFailure, 'request'>[] = []
    // Retries a 503 twice, 10 ms apart; anything else is thrown.
    const policy = ({ error, attempt, idempotent, request }: RetryFailure) => {
      expect(request.headers['authorization']).toBe('Bearer [redacted]')
      seen.push({ error, attempt, idempotent })
      return error instanceof HttpError && error.status === 503 && attempt <= 2 ? 10 : undefined
    }
    for (let i = 0; i < 3; i++) service.inject(0, { kind: 'status', status: 503 })
    await expect(clientFor(service, { retry: policy }).run(exploreMovies())).rejects.toMatchObject({
      status: 503,
    })
    expect(seen.map(({ attempt, idempotent }) => [attempt, idempotent])).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ])
    expect(service.graphRequests).toHaveLength(3)
    // Per call, a policy of its own.
    service.inject(0, { kind: 'status', status: 500 })
    await clientFor(service, { retry: false }).run(exploreMovies(), { retry: () => 0 })
  })

  it('takes only a number of ms of at least 0 as a wait: null, true, a string, NaN or -1 is no retry', async () => {
    // `null >= 0` is true in JavaScript: a policy of the app's own that answers null retried at once, again and again.
    for (const answer of [null, true, '5', Number.NaN, -1, {}]) {
      service.graphRequests.length = 0
      service.inject(0, { kind: 'status', status: 503 })
      const policy = () => answer as never
      await expect(clientFor(service, { retry: policy }).run(exploreMovies())).rejects.toMatchObject({
        status: 503,
      })
      expect(service.graphRequests).toHaveLength(1)
    }
  })

  it('retries() retries a request that is not idempotent only when the service did not process it', () => {
    const policy = retries(FAST_RETRY, () => 0)
    const request = {
      kind: 'graph',
      method: 'POST',
      url: 'https://x/graph/act',
      headers: {},
      body: {},
    } as const
    const failure = (status: number, idempotent: boolean) =>
      policy({
        error: new HttpError(status, { body: undefined, text: '', request }),
        attempt: 1,
        idempotent,
        request,
      })
    expect([500, 502, 504, 408].map((status) => failure(status, false))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    expect([429, 503].map((status) => failure(status, false))).toEqual([0, 0])
    expect([500, 429].map((status) => failure(status, true))).toEqual([0, 0])
  })
})

describe('hooks', () => {
  it('see every attempt and its response, in order, with redacted requests', async () => {
    const events: string[] = []
    const client = clientFor(service, {
      onTokenRefresh: ({ grant, reason }) => void events.push(`token ${grant} ${reason}`),
      middleware: [
        hooks({
          beforeRequest: ({ request, attempt }) => void events.push(`before ${request.kind} #${attempt}`),
          afterResponse: ({ request, attempt, status, durationMs }) => {
            expect(durationMs).toBeGreaterThanOrEqual(0)
            expect(request.headers['authorization']).toBe('Bearer [redacted]')
            events.push(`after ${request.kind} #${attempt} ${status}`)
          },
          onRetry: ({ attempt }) => void events.push(`retry after #${attempt}`),
        }),
      ],
    })
    service.inject(0, { kind: 'status', status: 503, retryAfter: '0' })
    await client.run(exploreMovies())
    expect(events).toEqual([
      'token password missing',
      'before graph #1',
      'after graph #1 503',
      'retry after #1',
      'before graph #2',
      'after graph #2 200',
    ])
  })

  it('fail the call when a hook throws, so that a broken logger is noticed', async () => {
    const client = clientFor(service, {
      middleware: [
        hooks({
          afterResponse: () => {
            throw new Error('logger down')
          },
        }),
      ],
    })
    await expect(client.run(exploreMovies())).rejects.toThrow('logger down')
  })
})
