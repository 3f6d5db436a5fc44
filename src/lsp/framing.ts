import type { Readable } from 'node:stream'
import {
  AbstractMessageReader,
  ErrorCodes,
  type DataCallback,
  type Disposable,
  type Message,
} from 'vscode-languageserver/node'
import { paramsProblem } from './params'

/** A frame declaring more than this (16 MiB) is a framing error: its body is neither waited for nor kept. */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024
/** Headers longer than this without their blank line are no headers. */
const MAX_HEADER_BYTES = 8 * 1024

const HEADER_END = '\r\n\r\n'
// The start of a frame. A JSON body never holds it raw: outside a string `Content-Length` is no JSON, and
// inside one a raw line break is not allowed. Found in a body, it says the declared length was wrong.
const FRAME_STARTS = ['Content-Length:', 'content-length:', 'CONTENT-LENGTH:']

/** An answer the reader gives itself, to a message the server never sees. */
export interface ReaderAnswer {
  readonly jsonrpc: '2.0'
  readonly id: number | string | null
  readonly error: { readonly code: number; readonly message: string }
}

/**
 * The Language Server Protocol's framing (`Content-Length: n`, a blank line, n bytes of JSON), read so that a
 * malformed frame costs only itself. vscode-jsonrpc's own reader stops for good at a header it cannot read,
 * and every request after it is lost; this one answers what it cannot take and reads on:
 * - a header without a valid Content-Length (or longer than 8 KiB, or declaring more than 16 MiB), and the
 *   bytes up to the next `Content-Length:`, are skipped, answered -32700 (parse error);
 * - a body that is not JSON is answered -32700, and one that is no JSON-RPC message -32600 (invalid request);
 * - a body that holds the start of another frame (its declared length was too long) ends there, and the next
 *   frame is read from its header;
 * - a request whose params the server cannot use (a position that is no position) is answered -32602 (invalid
 *   params) here, before the library's handlers read them; a notification of that kind is dropped, reported
 *   through `report`.
 * Answers carry the request's id when it has one (`null` otherwise, as JSON-RPC 2.0 §5 asks) and name what
 * was wrong, never an internal error's text.
 *
 * @example
 * const writer = new StreamMessageWriter(process.stdout)
 * const reader = new ResilientMessageReader(process.stdin, (answer) => void writer.write(answer), console.warn)
 * const connection = createConnection(ProposedFeatures.all, reader, writer)
 */
export class ResilientMessageReader extends AbstractMessageReader {
  private readonly bytes = new ByteQueue()
  /** How far the body of the frame being waited for was searched for the start of another frame. */
  private searched = 0
  private callback: DataCallback | undefined

  constructor(
    private readonly input: Readable,
    private readonly answer: (answer: ReaderAnswer) => void,
    private readonly report: (problem: string) => void,
  ) {
    super()
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback
    const onData = (chunk: Buffer): void => {
      this.bytes.append(chunk)
      this.drain()
    }
    const onClose = (): void => this.fireClose()
    const onError = (error: Error): void => this.fireError(error)
    this.input.on('data', onData)
    this.input.on('close', onClose)
    this.input.on('error', onError)
    return {
      dispose: () => {
        this.input.off('data', onData)
        this.input.off('close', onClose)
        this.input.off('error', onError)
      },
    }
  }

  /** Takes every whole frame the bytes hold. */
  private drain(): void {
    for (;;) {
      const bytes = this.bytes.view()
      const headerEnd = bytes.indexOf(HEADER_END)
      if (headerEnd < 0) {
        if (bytes.length > MAX_HEADER_BYTES) this.skipFrame('a header without its end')
        return
      }
      const length = contentLength(bytes.subarray(0, headerEnd).toString('latin1'))
      if (length === undefined) {
        this.skipFrame('a header without a valid Content-Length')
        continue
      }
      const start = headerEnd + HEADER_END.length
      const available = bytes.subarray(start, start + length)
      // Only what arrived since the last look (and a few bytes before, where a frame start may straddle).
      const next = frameStartIn(available, Math.max(0, this.searched - 15))
      this.searched = available.length
      if (next >= 0) {
        // The declared length runs into the next frame: the body is what came before it.
        this.consume(start + next)
        const message = parsed(available.subarray(0, next))
        if (message === NOT_JSON)
          this.answer(error(null, ErrorCodes.ParseError, 'Parse error: the message is not JSON'))
        else this.take(message)
        continue
      }
      if (available.length < length) return
      const message = parsed(available)
      if (message === NOT_JSON) {
        // A length too long by a few bytes eats the start of the next frame's header: resume there if so.
        const straddle = frameStartIn(bytes.subarray(start, start + length + FRAME_START_LENGTH))
        this.consume(start + (straddle >= 0 && straddle < length ? straddle : length))
        this.answer(error(null, ErrorCodes.ParseError, 'Parse error: the message is not JSON'))
        continue
      }
      this.consume(start + length)
      this.take(message)
    }
  }

  private consume(count: number): void {
    this.bytes.consume(count)
    this.searched = 0
  }

  /** Drops the frame at the start of the bytes up to the next frame's start, answering -32700. */
  private skipFrame(what: string): void {
    const bytes = this.bytes.view()
    const next = frameStartIn(bytes, 1)
    // Without a next frame, everything but an end that could begin one (its start split across two chunks).
    // Either way at least one byte goes: the header being skipped is no such end.
    this.consume(next >= 0 ? next : bytes.length - frameStartBegun(bytes))
    this.answer(error(null, ErrorCodes.ParseError, `Parse error: ${what}; skipped to the next message`))
  }

  /** One body's JSON: a message for the server, or an answer of the reader's own. */
  private take(message: unknown): void {
    if (!isMessage(message)) {
      const id = idOf(message)
      this.answer(error(id, ErrorCodes.InvalidRequest, 'Invalid request: not a JSON-RPC 2.0 message'))
      return
    }
    const method = (message as { method?: unknown }).method
    if (typeof method === 'string') {
      const problem = paramsProblem(method, (message as { params?: unknown }).params)
      if (problem !== undefined) {
        const id = idOf(message)
        if (id !== null) this.answer(error(id, ErrorCodes.InvalidParams, `Invalid params: ${problem}`))
        else this.report(`dropped ${method}: ${problem}`)
        return
      }
    }
    this.callback?.(message)
  }
}

/**
 * Bytes in arrival order, appended in amortised constant time per byte (the storage doubles when full) and
 * consumed from the front without copying: a large frame arriving in many chunks costs its size, not its size
 * times the number of chunks.
 */
class ByteQueue {
  private storage = Buffer.alloc(0)
  private start = 0
  private end = 0

  append(chunk: Buffer): void {
    if (this.end + chunk.length > this.storage.length) {
      const used = this.end - this.start
      const grown = Buffer.allocUnsafe(Math.max(2 * this.storage.length, used + chunk.length, 4096))
      this.storage.copy(grown, 0, this.start, this.end)
      this.storage = grown
      this.start = 0
      this.end = used
    }
    chunk.copy(this.storage, this.end)
    this.end += chunk.length
  }

  /** The bytes not consumed yet (a view: valid until the next append). */
  view(): Buffer {
    return this.storage.subarray(this.start, this.end)
  }

  consume(count: number): void {
    this.start = Math.min(this.end, this.start + count)
    if (this.start === this.end) this.start = this.end = 0
  }
}

const NOT_JSON = Symbol('not JSON')
const FRAME_START_LENGTH = FRAME_STARTS[0]!.length

/** A body's JSON, or NOT_JSON. */
function parsed(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    return NOT_JSON
  }
}

const error = (id: ReaderAnswer['id'], code: number, message: string): ReaderAnswer => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
})

/** The Content-Length of a header block, if it has exactly one valid one. */
function contentLength(header: string): number | undefined {
  let length: number | undefined
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon <= 0) return undefined
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue
    const value = line.slice(colon + 1).trim()
    if (length !== undefined || !/^\d{1,9}$/.test(value)) return undefined
    length = Number(value)
  }
  return length !== undefined && length <= MAX_FRAME_BYTES ? length : undefined
}

/** Where the first frame start at or after `from` is in `bytes`, or -1. */
function frameStartIn(bytes: Buffer, from = 0): number {
  let first = -1
  for (const start of FRAME_STARTS) {
    const at = bytes.indexOf(start, from, 'latin1')
    if (at >= 0 && (first < 0 || at < first)) first = at
  }
  return first
}

/** How many bytes at the end of `bytes` could begin a frame start (`Content-Le…`), at most one short of it. */
function frameStartBegun(bytes: Buffer): number {
  for (let length = Math.min(bytes.length, FRAME_START_LENGTH - 1); length > 0; length--) {
    const end = bytes.subarray(bytes.length - length).toString('latin1')
    if (FRAME_STARTS.some((start) => start.startsWith(end))) return length
  }
  return 0
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isId = (value: unknown): value is number | string =>
  typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))

/** The id of a request or a response, if it is a valid one. */
function idOf(message: unknown): number | string | null {
  return isObject(message) && isId(message.id) ? message.id : null
}

/** A JSON-RPC 2.0 request, notification or response (JSON-RPC 2.0 §4, §5). */
function isMessage(message: unknown): message is Message {
  if (!isObject(message) || message.jsonrpc !== '2.0') return false
  if ('method' in message)
    return (
      typeof message.method === 'string' &&
      (!('id' in message) || isId(message.id)) &&
      (!('params' in message) || typeof message.params === 'object')
    )
  return (isId(message.id) || message.id === null) && ('result' in message || isObject(message.error))
}
