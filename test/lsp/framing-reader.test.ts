// The language server's reader of frames (src/lsp/framing.ts) in this process, fed bytes in chunks as a pipe
// delivers them: text that holds `Content-Length:` (a comment about the protocol) comes through whole, however
// it is split; a run of false frame starts costs one answer and a pass over it, and bytes that never form a
// header are not kept past the 8 KiB a header may have. test/lsp/framing.test.ts speaks to the real process.
import { EventEmitter } from 'node:events'
import type { Readable } from 'node:stream'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ResilientMessageReader, type ReaderAnswer } from '../../src/lsp/framing'
import { anyString } from '../support/any-text'

const MAX_HEADER_BYTES = 8 * 1024

/** A reader over a stream this test writes to (each `write` one chunk, read at once), and what it gave. */
function reader() {
  const input = new EventEmitter()
  const messages: unknown[] = []
  const answers: ReaderAnswer[] = []
  const reader = new ResilientMessageReader(
    input as Readable,
    (answer) => answers.push(answer),
    () => {},
  )
  reader.listen((message) => messages.push(message))
  return {
    reader,
    messages,
    answers,
    write: (chunk: string | Buffer) => input.emit('data', Buffer.from(chunk)),
  }
}

const framed = (message: object, extra = 0): string => {
  const body = JSON.stringify(message)
  return `Content-Length: ${Buffer.byteLength(body) + extra}\r\n\r\n${body}`
}

const didOpen = (text: string) => ({
  jsonrpc: '2.0',
  method: 'textDocument/didOpen',
  params: { textDocument: { uri: 'file:///a.hql', languageId: 'hql', version: 1, text } },
})

/** Document text with frame starts, headers, quotes, brackets and line breaks among any other text. */
const trickyText = fc
  .array(
    fc.oneof(
      anyString({ maxLength: 12 }),
      fc.constantFrom(
        'Content-Length:',
        'content-length: 12\r\n\r\n',
        'CONTENT-LENGTH: 3',
        '# check the Content-Length: header\n',
        '}',
        ']',
        '"',
        '\\',
        '\r\n\r\n',
      ),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''))

/** `bytes` cut at the given points (each taken modulo its length). */
function chunks(bytes: Buffer, cuts: number[]): Buffer[] {
  const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b)
  return [0, ...at].map((start, i) => bytes.subarray(start, at[i] ?? bytes.length))
}

describe('frames whose text holds Content-Length:', () => {
  it('are read whole, with no answer, however the bytes are split', () => {
    fc.assert(
      fc.property(fc.array(trickyText, { minLength: 1, maxLength: 4 }), fc.array(fc.nat()), (texts, cuts) => {
        const { messages, answers, write } = reader()
        const sent = texts.map(didOpen)
        for (const chunk of chunks(Buffer.from(sent.map((m) => framed(m)).join('')), cuts)) write(chunk)
        expect(answers).toEqual([])
        expect(messages).toEqual(sent)
      }),
      { numRuns: 300 },
    )
  })

  it('end where the next frame starts when the declared length is too long', () => {
    fc.assert(
      fc.property(trickyText, trickyText, fc.integer({ min: 1, max: 40 }), (first, second, extra) => {
        const { messages, answers, write } = reader()
        write(framed(didOpen(first), extra) + framed(didOpen(second)))
        // The second frame is inside the first's declared length, and nothing follows: it is read at once.
        expect(answers).toEqual([])
        expect(messages).toEqual([didOpen(first), didOpen(second)])
      }),
      { numRuns: 300 },
    )
  })
})

describe('false frame starts', () => {
  const body = { jsonrpc: '2.0', method: 'initialized', params: {} }

  it.each([3_200, 320_000])(
    'cost one answer when %i of them come before a frame, in one chunk or many',
    (count) => {
      const bytes = Buffer.from('Content-Length:'.repeat(count) + framed(body))
      for (const size of [bytes.length, 65_536, 1_000]) {
        const { messages, answers, write } = reader()
        for (let at = 0; at < bytes.length; at += size) write(bytes.subarray(at, at + size))
        // One answer per skip was one per false start (and a pass over the rest of the header each).
        expect(answers.map((a) => a.error.code)).toEqual([-32700])
        expect(messages).toEqual([body])
      }
    },
  )

  it('are not kept past a header’s 8 KiB when no blank line ever comes (64 MiB of them)', () => {
    const { reader: framing, messages, answers, write } = reader()
    const chunk = Buffer.from('Content-Length:'.repeat(4369))
    let most = 0
    for (let i = 0; i < 1024; i++) {
      write(chunk)
      most = Math.max(most, framing.held)
    }
    // It kept all 64 MiB, taking 15 bytes from the front per chunk.
    expect(most).toBeLessThanOrEqual(MAX_HEADER_BYTES)
    expect(answers.map((a) => a.error.code)).toEqual([-32700])
    write(`\r\n\r\n${framed(body)}`)
    expect(messages).toEqual([body])
  })
})
