// The service over raw sockets: timeouts that take effect within 1.5 times their configured value, a cap on
// open connections, JSON answers to what Node refuses before any handler runs, and a server that survives
// whatever a handler throws (fault injection on a server with stand-in dependencies).
import { connect, type Socket } from 'node:net'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { checkingInterval } from '../../src/service/http/connections'
import { createHttpServer, type ServerDeps } from '../../src/service/http/server'
import { ServiceError } from '../../src/service/http/errors'
import { startHarness, type Harness } from './helpers'

// Node's check runs every quarter of the shorter timeout (checkingInterval), so a timeout fires by 1.25 times its
// value; 1.5 times leaves 250 ms (headers) and 500 ms (body), where a drift to the old 2x or 3x fails. A machine
// too busy to run this process's timers on time adds what it held them up, measured in the same run.
const HEADERS_MS = 1000
const REQUEST_MS = 2000
/** The requirement (issue 9): within 1.5 times the configured timeout. */
const bound = (ms: number): number => 1.5 * ms

let h: Harness
let port: number
beforeAll(async () => {
  h = await startHarness({
    rateLimit: false,
    timeouts: { headersMs: HEADERS_MS, requestMs: REQUEST_MS, keepAliveMs: 2000 },
    maxConnections: 4,
  })
  port = Number(new URL(h.service.baseUrl).port)
})
afterAll(() => h.service.close())

interface Ended {
  readonly ms: number
  readonly text: string
  /** The longest this process's event loop was held up meanwhile: how late a busy machine ran its timers. */
  readonly stallMs: number
}

/**
 * Opens a connection, writes `first`, then `drip` every 40 ms (a client that keeps sending, too slowly),
 * and resolves when the server closes the connection: after how long, and what it answered. Gives up after
 * `giveUpMs` (the old checking interval would have let it run for ~30 s).
 */
function slowClient(first: string, drip: string, giveUpMs: number): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    // The service runs in this process: a machine too busy to run it on time shows here, as a stall.
    const stalls = monitorEventLoopDelay({ resolution: 10 })
    stalls.enable()
    let timer: ReturnType<typeof setInterval> | undefined
    // The drip starts once `first` is written: a socket is writable while it connects, and on a busy machine a
    // drip timer started with the socket wrote a header line before the request line (answered 400, not 408).
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(first)
      timer = setInterval(() => socket.writable && socket.write(drip), 40)
    })
    const giveUp = setTimeout(() => {
      socket.destroy()
      reject(new Error(`still open after ${giveUpMs} ms`))
    }, giveUpMs)
    let text = ''
    socket.on('data', (chunk) => (text += chunk))
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearInterval(timer)
      clearTimeout(giveUp)
      stalls.disable()
      resolve({ ms: performance.now() - started, text, stallMs: stalls.max / 1e6 })
    })
  })
}

const jsonOf = (text: string): unknown => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))

describe('timeouts', () => {
  it('checks for timeouts every quarter of the shorter one (at least every 10 ms), so each fires by 1.25x', () => {
    expect(
      checkingInterval({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5000, maxConnections: 1 }),
    ).toBe(2500)
    expect(checkingInterval({ headersMs: 8, requestMs: 8, keepAliveMs: 1, maxConnections: 1 })).toBe(10)
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e7 }), fc.integer({ min: 0, max: 1e7 }), (headersMs, more) => {
        const limits = { headersMs, requestMs: headersMs + more, keepAliveMs: 1, maxConnections: 1 }
        const interval = checkingInterval(limits)
        expect(Number.isSafeInteger(interval)).toBe(true)
        expect(interval).toBeGreaterThanOrEqual(10)
        // Above the 10 ms floor, a request is found over its time at most a quarter of a timeout late.
        if (headersMs >= 40) expect(headersMs + interval).toBeLessThanOrEqual(1.25 * headersMs)
      }),
    )
  })

  it('gives that interval to the server it makes (Node checks every 30 s otherwise)', () => {
    const connections = { headersMs: 1000, requestMs: 4000, keepAliveMs: 1000, maxConnections: 10 }
    const server = createHttpServer({ connections } as unknown as ServerDeps)
    // Node has the option on the server since 18.12; @types/node does not name it.
    expect((server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval).toBe(
      250,
    )
    expect([server.headersTimeout, server.requestTimeout]).toEqual([1000, 4000])
    server.close(() => undefined) // never listened: this stops its checking timer
  })

  it('answers 408 JSON to headers that do not finish, within 1.5 times headersMs', async () => {
    const r = await slowClient('POST /graph/lookup HTTP/1.1\r\nHost: x\r\n', 'X-Slow: 1\r\n', 3 * HEADERS_MS)
    expect(r.text).toMatch(/^HTTP\/1\.1 408 /)
    expect(jsonOf(r.text)).toEqual({
      error: 'request_timeout',
      message: 'the request did not arrive in time',
      status: 408,
    })
    expect(r.ms).toBeGreaterThanOrEqual(HEADERS_MS - 20)
    expect(r.ms).toBeLessThan(bound(HEADERS_MS) + r.stallMs)
  })

  it('answers 408 JSON to a body that does not finish, within 1.5 times requestMs', async () => {
    // The token endpoint reads its body before any credentials are checked: a slow body needs no token.
    const head =
      'POST /auth/1.3/security/oauth/token HTTP/1.1\r\nHost: x\r\n' +
      'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 4000\r\n\r\n'
    const r = await slowClient(head, 'a', 3 * REQUEST_MS)
    expect(r.text).toMatch(/^HTTP\/1\.1 408 /)
    expect(r.ms).toBeGreaterThanOrEqual(REQUEST_MS - 20)
    expect(r.ms).toBeLessThan(bound(REQUEST_MS) + r.stallMs)
  })

  it('refuses timeouts Node cannot apply, naming the option', async () => {
    await expect(startHarness({ timeouts: { headersMs: 0 } })).rejects.toThrow(/headersMs/)
    await expect(startHarness({ timeouts: { headersMs: 5000, requestMs: 1000 } })).rejects.toThrow(
      /must not exceed options\.timeouts\.requestMs/,
    )
    await expect(startHarness({ maxConnections: 1.5 })).rejects.toThrow(/maxConnections/)
  })
})

describe('connection cap', () => {
  const open = (): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket))
      socket.on('error', reject)
    })
  /** Sends one request on the socket; resolves with what came back before the server closed it. */
  const ask = (socket: Socket): Promise<string> =>
    new Promise((resolve) => {
      let text = ''
      socket.on('data', (chunk) => (text += chunk))
      socket.on('error', () => undefined)
      socket.on('close', () => resolve(text))
      socket.write(
        'POST /graph/nothing HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
      )
    })

  it('closes connections over maxConnections at once, and serves again once one is gone', async () => {
    // Wait for fetch's keep-alive connections of the harness to be gone, so the count starts at zero.
    const held = await Promise.all([open(), open(), open(), open()])
    try {
      const over = await open()
      // Node accepts, then closes it unanswered: no request on it is served.
      expect(await ask(over)).toBe('')
      const first = held.shift() as Socket
      expect(await ask(first)).toMatch(/^HTTP\/1\.1 404 /)
      const again = await open()
      expect(await ask(again)).toMatch(/^HTTP\/1\.1 404 /)
    } finally {
      for (const socket of held) socket.destroy()
    }
  })
})

describe('what Node refuses before a handler runs', () => {
  const raw = (bytes: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(bytes))
      let text = ''
      socket.on('data', (chunk) => (text += chunk))
      socket.on('close', () => resolve(text))
      socket.on('error', reject)
    })

  it('answers JSON to bytes that are not HTTP, and to headers too large', async () => {
    const garbage = await raw('HELLO \u0000 WORLD\r\n\r\n')
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /)
    expect(jsonOf(garbage)).toMatchObject({ error: 'bad_request', status: 400 })
    const huge = await raw(`POST /graph/lookup HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(huge).toMatch(/^HTTP\/1\.1 431 /)
    expect(jsonOf(huge)).toMatchObject({ error: 'headers_too_large', status: 431 })
  })

  it('answers a request without Host as any other', async () => {
    const text = await raw('POST /graph/lookup HTTP/1.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')
    expect(text).toMatch(/^HTTP\/1\.1 401 /)
    expect(jsonOf(text)).toMatchObject({ error: 'unauthorized' })
  })
})

describe('a handler that throws', () => {
  it('answers 500 JSON that tells nothing, or closes the connection, and keeps serving', async () => {
    let fault: () => never = () => {
      throw new TypeError('secret detail of a bug')
    }
    const deps = {
      tokens: { verify: () => fault() },
      connections: { headersMs: 1000, requestMs: 2000, keepAliveMs: 1000, maxConnections: 10 },
    } as unknown as ServerDeps
    const server = createHttpServer(deps)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port: faultyPort } = server.address() as { port: number }
    const lookup = () =>
      fetch(`http://127.0.0.1:${faultyPort}/graph/lookup`, {
        method: 'POST',
        headers: { Authorization: 'Bearer x' },
        body: '{}',
      })
    try {
      const r = await lookup()
      expect(r.status).toBe(500)
      expect(await r.json()).toEqual({
        error: 'internal_error',
        message: 'the service failed to answer this request',
        status: 500,
      })
      // Even the error answer fails to be written (a header value Node refuses): the connection is closed,
      // nothing escapes as an unhandled rejection, and the next request is served.
      fault = () => {
        throw new ServiceError(401, 'invalid_token', 'x', { headers: { 'WWW-Authenticate': 'a\nb' } })
      }
      await expect(lookup()).rejects.toThrow()
      fault = () => {
        throw new RangeError('again')
      }
      expect((await lookup()).status).toBe(500)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
