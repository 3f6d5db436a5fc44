// A real `hql lsp --stdio` process spoken to in raw bytes: frames written as given (malformed ones too), and
// every message it sends collected, answers with a null id among them. The built bin, as users start it (the
// sources through tsx cost a TypeScript transform in each child).
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { hqlBin } from '../support/hql-bin'

const root = fileURLToPath(new URL('../../', import.meta.url))

export type Received = {
  id?: number | string | null
  method?: string
  params?: any
  result?: any
  error?: { code: number; message: string }
}

/** A frame as a well-behaved client writes it. */
export const frame = (message: object): string => {
  const body = JSON.stringify({ jsonrpc: '2.0', ...message })
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
}

export class RawLsp {
  readonly child: ChildProcess
  readonly received: Received[] = []
  private buffer = Buffer.alloc(0)
  private readonly waiters: {
    test: (m: Received) => boolean
    resolve: (m: Received) => void
    reject: (error: Error) => void
  }[] = []
  /** Why no message will come any more (the process exited), once it has. */
  private gone: Error | undefined

  constructor() {
    this.child = spawn(process.execPath, [hqlBin, 'lsp', '--stdio'], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    this.child.stdout!.on('data', (chunk: Buffer) => this.read(chunk))
    this.child.stderr!.resume()
    // A server that dies fails the waits at once, naming its exit, where they would hang to the suite's timeout.
    this.child.once('exit', (code, signal) => {
      this.gone = new Error(`the language server exited (code ${code}, signal ${signal})`)
      for (const waiter of this.waiters.splice(0)) waiter.reject(this.gone)
    })
  }

  private read(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk])
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n')
      if (end < 0) return
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, end).toString())?.[1])
      if (this.buffer.length < end + 4 + length) return
      const message = JSON.parse(this.buffer.subarray(end + 4, end + 4 + length).toString()) as Received
      this.buffer = this.buffer.subarray(end + 4 + length)
      this.received.push(message)
      const waiter = this.waiters.findIndex((w) => w.test(message))
      if (waiter >= 0) this.waiters.splice(waiter, 1)[0]!.resolve(message)
    }
  }

  write(bytes: string | Buffer): void {
    this.child.stdin!.write(bytes)
  }

  /** The first message, already received or to come, that passes `test`. */
  next(test: (message: Received) => boolean): Promise<Received> {
    const found = this.received.find(test)
    if (found) return Promise.resolve(found)
    if (this.gone) return Promise.reject(this.gone)
    return new Promise((resolve, reject) => this.waiters.push({ test, resolve, reject }))
  }

  /** The answer to request `id`. */
  answer(id: number | string): Promise<Received> {
    return this.next((m) => m.id === id && m.method === undefined)
  }

  async initialize(): Promise<void> {
    this.write(
      frame({
        id: 'init',
        method: 'initialize',
        params: { processId: null, rootUri: null, capabilities: {} },
      }),
    )
    await this.answer('init')
    this.write(frame({ method: 'initialized', params: {} }))
  }

  async close(): Promise<number | null> {
    this.write(frame({ id: 'bye', method: 'shutdown', params: null }))
    await this.answer('bye')
    const exited = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)))
    this.write(frame({ method: 'exit' }))
    return exited
  }
}
