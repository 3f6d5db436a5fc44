// A real redis-server (Debian's package) for the hql/redis tests: on a free port, persistence off, stopped
// after. Fault tests stop it, start it again on the same port (its data gone), and freeze it (SIGSTOP).
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer, connect } from 'node:net'

export interface RedisServer {
  readonly port: number
  readonly url: string
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>
  /** Starts it again on the same port: empty, as after a crash without persistence. */
  start(): Promise<void>
  /** Freezes it (SIGSTOP): connections stay open, nothing is answered. */
  freeze(): void
  /** Lets a frozen server go on (SIGCONT). */
  thaw(): void
}

/** A port nobody listens on (now). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** Whether something answers PING on the port. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(200, () => done(false))
    socket.on('error', () => done(false))
    socket.on('data', (data) => done(String(data).startsWith('+PONG')))
    socket.on('connect', () => socket.write('PING\r\n'))
  })
}

/** A redis-server on a free port; `running: false` only picks the port (Redis down at the app's start). */
export async function startRedis({ running = true } = {}): Promise<RedisServer> {
  const port = await freePort()
  let child: ChildProcess | undefined

  async function start(): Promise<void> {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    )
    for (let i = 0; i < 100; i++) {
      if (await pings(port)) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`redis-server did not start on port ${port}`)
  }

  async function stop(): Promise<void> {
    const running = child
    child = undefined
    if (running === undefined || running.exitCode !== null) return
    running.kill('SIGCONT')
    const exited = once(running, 'exit')
    running.kill('SIGTERM')
    await exited
  }

  if (running) await start()
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
  }
}
