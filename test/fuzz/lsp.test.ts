// The language server fuzzed with malformed input between well-formed requests (issue 24), over the protocol to
// a real `hql lsp --stdio` process: random bytes, headers with random lengths, bodies of random JSON, and
// requests of its own methods with random params. Invariants, for every case: the well-formed request sent
// after the garbage is answered (nothing after malformed framing is lost), every error answer carries one of
// the protocol's codes and no internal error's text, and the process stays up. `HQL_FUZZ_RUNS` sets the cases
// (npm run fuzz).
import fc from 'fast-check'
import { anyString } from '../support/any-text'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frame, RawLsp } from '../lsp/raw-client'
import { fuzzRuns } from './support'

const RUNS = fuzzRuns(100)
const uri = 'file:///fuzz.hql'
const codes = [-32700, -32600, -32601, -32602, -32603, -32800, -32002]
const internals = /Cannot read|TypeError|ReferenceError|\bat .*\(|failed with message/

let server: RawLsp
beforeAll(async () => {
  server = new RawLsp()
  await server.initialize()
  server.write(
    frame({
      method: 'textDocument/didOpen',
      params: { textDocument: { uri, languageId: 'hql', version: 1, text: 'query a explore Movie\n' } },
    }),
  )
})
afterAll(async () => {
  expect(await server.close()).toBe(0)
})

const methods = [
  'textDocument/hover',
  'textDocument/completion',
  'textDocument/definition',
  'textDocument/formatting',
  'textDocument/documentSymbol',
  'textDocument/didOpen',
  'textDocument/didChange',
  'textDocument/didClose',
  'workspace/didChangeConfiguration',
  '$/cancelRequest',
  'textDocument/unknown',
]
const position = fc.oneof(fc.record({ line: fc.nat(3), character: fc.nat(40) }), fc.anything({ maxDepth: 1 }))
/** Params near the right shape, and anything else. */
const params = fc.oneof(
  fc.record(
    { textDocument: fc.oneof(fc.constant({ uri }), fc.anything({ maxDepth: 1 })), position },
    { requiredKeys: [] },
  ),
  fc.anything({ maxDepth: 2 }),
)
const request = fc
  .tuple(fc.constantFrom(...methods), params, fc.oneof(fc.integer(), fc.string(), fc.constant(undefined)))
  .map(([method, p, id]) =>
    frame({ ...(id === undefined ? {} : { id: `fuzz-${String(id)}` }), method, params: p }),
  )
/** A header declaring some length, with a body of any length. */
const misframed = fc
  .tuple(fc.oneof(fc.nat(200), fc.integer(), fc.string({ maxLength: 6 })), fc.string({ maxLength: 120 }))
  .map(([length, body]) => `Content-Length: ${String(length)}\r\n\r\n${body}`)
const garbage = fc.oneof(
  anyString({ maxLength: 60 }),
  misframed,
  fc.jsonValue({ maxDepth: 2 }).map((value) => {
    const body = JSON.stringify(value) ?? 'null'
    return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  }),
  request,
)

/** `promise`, or a failure naming `what` after `ms` (an unanswered request fails its case, not the suite). */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms after ${what}`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

let marker = 0
describe('hql lsp --stdio', () => {
  it('answers the request after any malformed input, with protocol codes only', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(garbage, { minLength: 1, maxLength: 4 }), async (parts) => {
        const before = server.received.length
        const id = `marker-${marker++}`
        server.write(parts.join(''))
        server.write(
          frame({
            id,
            method: 'textDocument/hover',
            params: { textDocument: { uri }, position: { line: 0, character: 9 } },
          }),
        )
        // A guard against a lost request, not a measure of speed: a loaded machine may hold the server up for
        // seconds (the suite's own timeouts are 120 s for that reason), and a lost answer still fails here.
        const answer = await within(30_000, server.answer(id), JSON.stringify(parts))
        expect(answer.error, JSON.stringify(parts)).toBeUndefined()
        for (const message of server.received.slice(before))
          if (message.error !== undefined) {
            expect(codes, JSON.stringify(parts)).toContain(message.error.code)
            expect(message.error.message, JSON.stringify(parts)).not.toMatch(internals)
          }
        expect(server.child.exitCode).toBeNull()
      }),
      { numRuns: RUNS, endOnFailure: true },
    )
  })
})
