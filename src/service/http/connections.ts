import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { HqlErrorCode } from '../../model/error-codes'

/** How long a client may take, and how many connections may be open at once. */
export interface ConnectionLimits {
  /** Milliseconds from a request's first byte until its headers must be complete (answered 408 beyond). */
  readonly headersMs: number
  /** Milliseconds from a request's first byte until its body must be complete (answered 408 beyond). */
  readonly requestMs: number
  /** Milliseconds an idle keep-alive connection stays open. */
  readonly keepAliveMs: number
  /** Open connections at most; a connection beyond it is closed at once, unanswered. */
  readonly maxConnections: number
  /**
   * Open connections from one address at most; one beyond it is answered 503 and closed (./address-cap.ts).
   * DEFAULT_MAX_CONNECTIONS_PER_ADDRESS when not given.
   */
  readonly maxPerAddress?: number
}

/**
 * The answer to a request Node refused before any handler saw it (not HTTP, headers too large, too slow):
 * the same JSON error body as every other answer, instead of Node's bare status line. The connection is
 * closed after it, as Node would.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Duplex & { bytesWritten?: number },
): void {
  if (error.code === 'ECONNRESET') {
    socket.destroy()
    return
  }
  const [status, code, message]: [number, HqlErrorCode, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request_timeout', 'the request did not arrive in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers_too_large', 'the request headers are too large']
        : [400, 'bad_request', 'the request is not valid HTTP/1.1']
  answerRaw(socket, status, code, message)
}

/**
 * Writes the service's JSON error straight to a socket no handler has (a request Node refused, a CONNECT) and
 * closes it. Only if nothing was written on it yet: a response already begun cannot be followed by another.
 */
export function answerRaw(
  socket: Duplex & { bytesWritten?: number },
  status: number,
  code: HqlErrorCode,
  message: string,
): void {
  if (socket.writable && (socket.bytesWritten ?? 0) === 0) {
    const text = JSON.stringify({ error: code, message, status })
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    )
  }
  socket.destroy()
}

/**
 * How often Node looks for requests over their header or request timeout. Node checks on an interval (30 s
 * by default), so a timeout took effect up to one interval late: 10 s headers were cut at ~30 s. A quarter
 * of the shorter timeout keeps every timeout within 1.25 times its value.
 */
export function checkingInterval(limits: ConnectionLimits): number {
  return Math.max(10, Math.floor(Math.min(limits.headersMs, limits.requestMs) / 4))
}
