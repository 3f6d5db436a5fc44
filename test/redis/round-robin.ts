// One address in front of several service instances, as a load balancer puts them: each new connection goes to
// the next instance in turn, so that a client's requests (and retries) land on every instance.
import { once } from 'node:events'
import { createServer, connect, type AddressInfo, type Server } from 'node:net'
import type { Service } from '../../src/service'

export interface RoundRobin {
  /** `http://127.0.0.1:<port>`: the one address of every instance. */
  readonly url: string
  close(): Promise<void>
}

export async function roundRobin(targets: readonly Service[]): Promise<RoundRobin> {
  let next = 0
  const sockets = new Set<{ destroy(): void }>()
  const server: Server = createServer((socket) => {
    const target = new URL(targets[next++ % targets.length]!.baseUrl)
    const upstream = connect(Number(target.port), target.hostname)
    for (const end of [socket, upstream]) {
      sockets.add(end)
      end.on('close', () => sockets.delete(end))
    }
    socket.pipe(upstream).pipe(socket)
    socket.on('error', () => upstream.destroy())
    upstream.on('error', () => socket.destroy())
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // Kept-alive connections would hold the server open past the test.
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
