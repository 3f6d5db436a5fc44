import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/** The connections from one address the service keeps open at once (IPv6 by /64, as the auth counters). */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 64

/** How long a refused connection may take to flush its answer before it is closed regardless. */
const REFUSED_LINGER_MS = 1000

const refused = new WeakSet<Socket>()

/** Whether the connection was refused by the cap (a request on it is dropped unanswered: it had its answer). */
export const isRefused = (socket: Socket): boolean => refused.has(socket)

/**
 * A cap on the connections one address holds open: one address cannot take every connection of the server
 * (`maxConnections`) with slow or idle sockets and lock everyone else out. A connection over the cap is
 * answered at once, before it sends anything, with a 503 JSON error `too_many_connections` and closed; the
 * others from that address, and every other address, are served as before. Counted when Node hands the server
 * the socket, before any byte is read, so that sockets that never finish their headers count too.
 *
 * @example
 * capConnectionsPerAddress(server, 64, (socket) => addressKey(socket.remoteAddress))
 */
export function capConnectionsPerAddress(
  server: Server,
  perAddress: number,
  addressOf: (socket: Socket) => string,
): void {
  const open = new Map<string, number>()
  // Before node:http's own listener sets up the parser, so that the refusal is the first byte written.
  server.prependListener('connection', (socket: Socket) => {
    const address = addressOf(socket)
    const count = open.get(address) ?? 0
    if (count >= perAddress) {
      refuse(socket, perAddress)
      return
    }
    open.set(address, count + 1)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}

function refuse(socket: Socket, perAddress: number): void {
  refused.add(socket)
  const text = JSON.stringify({
    error: 'too_many_connections',
    message: `this address has ${perAddress} connections open, the most the service keeps; close one, or retry later`,
    status: 503,
  })
  socket.on('error', () => undefined)
  // Closed as soon as the answer is handed to the system, not when the client closes its side: refused
  // sockets that lingered would fill `maxConnections` for everyone.
  socket.end(
    `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${text}`,
    () => socket.destroy(),
  )
  setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref()
}
