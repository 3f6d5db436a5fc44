// A minimal LSP client over a real `hql lsp --stdio` process: Content-Length framed JSON-RPC on its pipes.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { hqlBin } from '../support/hql-bin'

const root = fileURLToPath(new URL('../../', import.meta.url))

type Message = { id?: number; method?: string; params?: unknown; result?: unknown; error?: unknown }

export class LspProcess {
  readonly child: ChildProcess
  private buffer = Buffer.alloc(0)
  private nextId = 1
  private readonly pending = new Map<number, (message: Message) => void>()
  private readonly notifications: Message[] = []
  /** Every notification received, in order (next() takes from `notifications`, not from here). */
  readonly received: Message[] = []
  private readonly waiters: {
    method: string
    test: (params: any) => boolean
    resolve: (params: any) => void
  }[] = []

  constructor() {
    this.child = spawn(process.execPath, [hqlBin, 'lsp', '--stdio'], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    this.child.stdout!.on('data', (chunk: Buffer) => this.read(chunk))
  }

  private read(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk])
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n')
      if (headerEnd < 0) return
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString())?.[1])
      if (this.buffer.length < headerEnd + 4 + length) return
      const message = JSON.parse(
        this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString(),
      ) as Message
      this.buffer = this.buffer.subarray(headerEnd + 4 + length)
      if (message.id !== undefined && message.method === undefined) this.pending.get(message.id)?.(message)
      else if (message.method !== undefined) this.notify(message)
    }
  }

  private notify(message: Message): void {
    this.received.push(message)
    const waiter = this.waiters.findIndex((w) => w.method === message.method && w.test(message.params))
    if (waiter >= 0) this.waiters.splice(waiter, 1)[0]!.resolve(message.params)
    else this.notifications.push(message)
  }

  private write(message: object): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }))
    this.child.stdin!.write(`Content-Length: ${body.length}\r\n\r\n`)
    this.child.stdin!.write(body)
  }

  request(method: string, params: unknown): Promise<any> {
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, (message) =>
        message.error ? reject(new Error(JSON.stringify(message.error))) : resolve(message.result),
      )
      this.write({ id, method, params })
    })
  }

  send(method: string, params: unknown): void {
    this.write({ method, params })
  }

  /** The next notification `method` whose params pass `test` (one already received counts). */
  next(method: string, test: (params: any) => boolean = () => true): Promise<any> {
    const index = this.notifications.findIndex((m) => m.method === method && test(m.params))
    if (index >= 0) return Promise.resolve(this.notifications.splice(index, 1)[0]!.params)
    return new Promise((resolve) => this.waiters.push({ method, test, resolve }))
  }

  async close(): Promise<number | null> {
    await this.request('shutdown', null)
    const exited = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)))
    this.send('exit', null)
    return exited
  }
}
