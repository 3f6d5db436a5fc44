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
// The start of a frame. Outside a JSON string `Content-Length` is no JSON; inside one it is text (a document may
// hold it: "# check the Content-Length: header"), and counts only when the string is broken by a raw control
// character, as a real header's line break breaks it (see BodyEnd).
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
 *   bytes up to the next frame's start, are skipped, answered -32700 (parse error) once for the whole run of
 *   skipped bytes, however many false starts it holds;
 * - a body that is not JSON is answered -32700, and one that is no JSON-RPC message -32600 (invalid request);
 * - a body that holds the start of another frame outside its JSON strings (its declared length was too long)
 *   ends there, and the next frame is read from its header; inside a string `Content-Length:` is text;
 * - a request whose params the server cannot use (a position that is no position) is answered -32602 (invalid
 *   params) here, before the library's handlers read them; a notification of that kind is dropped, reported
 *   through `report`;
 * - after a shutdown request, a request other than exit is answered -32600 (invalid request), as the protocol
 *   asks, and a notification other than exit is dropped.
 * Answers carry the request's id when it has one (`null` otherwise, as JSON-RPC 2.0 §5 asks) and name what
 * was wrong, never an internal error's text. Each byte is looked at a bounded number of times, and the bytes
 * held are at most one frame (16 MiB and its header) or 8 KiB of what is no frame, and the chunk being read.
 *
 * @example
 * const writer = new StreamMessageWriter(process.stdout)
 * const reader = new ResilientMessageReader(process.stdin, (answer) => void writer.write(answer), console.warn)
 * const connection = createConnection(ProposedFeatures.all, reader, writer)
 */
export class ResilientMessageReader extends AbstractMessageReader {
  private readonly bytes = new ByteQueue()
  /** The frame whose header was read: where its body starts in the bytes, and its declared length. */
  private frame: { readonly start: number; readonly length: number } | undefined
  /** How far the body of that frame was searched for its end. */
  private bodyEnd = new BodyEnd()
  /** How far the bytes were searched for a header's end. */
  private headerSearched = 0
  /** Whether bytes were skipped since the last frame's header: the run is answered once, not per skip. */
  private skipping = false
  /** Whether a shutdown request was read: only exit is expected after it. */
  private shutDown = false
  private callback: DataCallback | undefined

  constructor(
    private readonly input: Readable,
    private readonly answer: (answer: ReaderAnswer) => void,
    private readonly report: (problem: string) => void,
  ) {
    super()
  }

  /** How many bytes are held, read but not yet taken as a frame or skipped. */
  get held(): number {
    return this.bytes.view().length
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
    while ((this.frame !== undefined || this.readHeader()) && this.readBody());
  }

  /** Reads the header at the front, skipping what is no frame before it; false while it has not all come. */
  private readHeader(): boolean {
    for (;;) {
      const bytes = this.bytes.view()
      const headerEnd = bytes.indexOf(HEADER_END, Math.max(0, this.headerSearched - HEADER_END.length + 1))
      if (headerEnd < 0) {
        this.headerSearched = bytes.length
        if (bytes.length <= MAX_HEADER_BYTES) return false
        // Only a frame start in the last 8 KiB may still begin a header short enough.
        const last = lastFrameStart(bytes, bytes.length)
        const keep = last >= bytes.length - MAX_HEADER_BYTES ? bytes.length - last : frameStartBegun(bytes)
        this.skip(bytes.length - keep, 'a header without its end')
        continue
      }
      const length = headerEnd <= MAX_HEADER_BYTES ? contentLength(bytes, headerEnd) : undefined
      if (length !== undefined) {
        this.frame = { start: headerEnd + HEADER_END.length, length }
        this.skipping = false
        return true
      }
      // The next frame starts at the last frame start inside this header (taken at once: one skip per start
      // cost a pass over the rest of the header each, quadratic in its length), else after it.
      const last = lastFrameStart(bytes, headerEnd)
      const next = last > 0 ? last : frameStartIn(bytes, headerEnd)
      this.skip(
        next >= 0 ? next : bytes.length - frameStartBegun(bytes),
        'a header without a valid Content-Length',
      )
    }
  }

  /** Takes the body of the frame whose header was read; false while it may still be coming. */
  private readBody(): boolean {
    const { start, length } = this.frame!
    const bytes = this.bytes.view()
    const available = Math.min(length, bytes.length - start)
    // A body that has all come and is JSON is taken whatever its strings hold.
    let message = available === length ? parsed(bytes.subarray(start, start + length)) : NOT_JSON
    let end = length
    if (message instanceof Unreadable) {
      // Not all here, or not JSON: does another frame start inside the declared length?
      const found = this.bodyEnd.find(bytes, start, available, available === length)
      if (found < 0 && available < length) return false
      if (found >= 0) {
        end = found
        message = parsed(bytes.subarray(start, start + end))
      }
    }
    this.consume(start + end)
    if (message instanceof Unreadable)
      this.answer(error(null, ErrorCodes.ParseError, `Parse error: ${message.reason}`))
    else this.take(message)
    return true
  }

  private consume(count: number): void {
    this.bytes.consume(count)
    this.frame = undefined
    this.bodyEnd = new BodyEnd()
    this.headerSearched = 0
  }

  /** Drops `count` bytes that are no frame (at least one: a header being skipped is no frame's start). */
  private skip(count: number, what: string): void {
    this.consume(Math.max(1, count))
    if (this.skipping) return
    this.skipping = true
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
    if (typeof method === 'string' && this.shutDown && method !== 'exit') {
      // The protocol asks InvalidRequest for a request after shutdown; the library answered it as any other.
      const id = idOf(message)
      if (id !== null)
        this.answer(error(id, ErrorCodes.InvalidRequest, `Invalid request: ${method} after shutdown`))
      else this.report(`dropped ${method}: after shutdown`)
      return
    }
    if (method === 'shutdown') this.shutDown = true
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

const QUOTE = 0x22
const BACKSLASH = 0x5c

/**
 * Where a body that is not (yet) JSON ends because another frame starts inside its declared length, found in
 * one pass over its bytes however many chunks they come in. A JSON text holds a frame start only inside a
 * string, and a string never holds a raw control character; so the body ends at the first frame start outside
 * a string, or at the last one inside a string that a raw control character then breaks (a header's line
 * break: `"…Content-Length: 5\r\n`), or at any after such a break (the body is no JSON; the old rule).
 */
class BodyEnd {
  /** How far the bytes were searched natively for any frame start, while none was found. */
  private searched = 0
  /** Whether the bytes are read byte by byte: once some frame start came, or the body has all come. */
  private reading = false
  /** How far they were read so. */
  private at = 0
  private inString = false
  private escaped = false
  private broken = false
  /** The last frame start inside the current string. */
  private startInString = -1

  /**
   * The offset of the body's end in `bytes` from `start`, looking at offsets below `available`, or -1.
   * `complete`: the declared bytes are all here, so a frame start cut off by the end of `bytes` is none.
   */
  find(bytes: Buffer, start: number, available: number, complete: boolean): number {
    if (!complete && !this.reading) {
      // A body on its way is read byte by byte only once some frame start came: most never hold one, and
      // Buffer's own search costs far less (16 MB: 2 ms for the three, against ~100 ms for the loop).
      const next = frameStartIn(bytes, Math.max(start, this.searched - FRAME_START_LENGTH + 1))
      this.searched = bytes.length
      if (next < 0) return -1
    }
    this.reading = true
    // The state in locals while the loop runs, written back when it stops.
    let { inString, escaped, broken, startInString } = this
    let at = start + this.at
    const end = start + available
    let found = -1
    for (; at < end; at++) {
      const byte = bytes[at]!
      if (inString) {
        if (byte < 0x20) {
          if (startInString >= 0) {
            found = startInString
            break
          }
          inString = false
          broken = true
        } else if (escaped) escaped = false
        else if (byte === BACKSLASH) escaped = true
        else if (byte === QUOTE) inString = false
        else if (mayStartFrame(byte)) {
          const starts = frameStartAt(bytes, at)
          if (starts === undefined && !complete) break
          if (starts) startInString = at - start
        }
      } else if (mayStartFrame(byte)) {
        const starts = frameStartAt(bytes, at)
        if (starts === undefined && !complete) break
        if (starts) {
          found = at - start
          break
        }
      } else if (byte === QUOTE && !broken) {
        inString = true
        startInString = -1
      }
    }
    this.at = at - start
    this.inString = inString
    this.escaped = escaped
    this.broken = broken
    this.startInString = startInString
    return found
  }
}

/** Whether `byte` is the first of a frame start (C or c). */
const mayStartFrame = (byte: number): boolean => byte === 0x43 || byte === 0x63

/** Whether a frame start begins at `at`; undefined if the bytes end before that can be told. */
function frameStartAt(bytes: Buffer, at: number): boolean | undefined {
  for (const start of FRAME_STARTS) {
    let i = 0
    while (i < start.length && at + i < bytes.length && bytes[at + i] === start.charCodeAt(i)) i++
    if (i === start.length) return true
    if (at + i === bytes.length) return undefined
  }
  return false
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

/** A body the reader could not read, and why (the -32700 answer's words). */
class Unreadable {
  constructor(readonly reason: string) {}
}
const NOT_JSON = new Unreadable('the message is not JSON')
const NOT_UTF8 = new Unreadable('the message is not UTF-8')
const FRAME_START_LENGTH = FRAME_STARTS[0]!.length
// Strict: Buffer's toString('utf8') read a byte that is no UTF-8 (a Latin-1 é in a didOpen) as U+FFFD, and
// formatting wrote U+FFFD back into the editor. A byte order mark stays, and is no JSON, as before.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** A body's JSON, or why it is none. */
function parsed(body: Buffer): unknown {
  let text: string
  try {
    text = utf8.decode(body)
  } catch {
    return NOT_UTF8
  }
  try {
    return JSON.parse(text)
  } catch {
    return NOT_JSON
  }
}

const error = (id: ReaderAnswer['id'], code: number, message: string): ReaderAnswer => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
})

/** The Content-Length of the header block ending at `headerEnd`, if it has exactly one valid one. */
function contentLength(bytes: Buffer, headerEnd: number): number | undefined {
  let length: number | undefined
  for (const line of bytes.toString('latin1', 0, headerEnd).split('\r\n')) {
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

/** Where the last frame start before `end` is in `bytes`, or -1. */
function lastFrameStart(bytes: Buffer, end: number): number {
  let last = -1
  for (const start of FRAME_STARTS) {
    const at = end >= start.length ? bytes.lastIndexOf(start, end - start.length, 'latin1') : -1
    if (at > last) last = at
  }
  return last
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
