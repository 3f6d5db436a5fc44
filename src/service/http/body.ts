import type { IncomingMessage } from 'node:http'
import { clipped } from '../../model/shown'
import { ServiceError } from './errors'
import { repeatedKey } from './json-keys'

/**
 * Reads a request body up to `limit` bytes. Beyond it the request fails with 413 at once (the rest is not
 * buffered), and a body that stops arriving is cut off by the server's request timeout, not waited for.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit))
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const finish = (error: ServiceError | undefined): void => {
      if (done) return
      done = true
      request.off('data', onData)
      if (error) reject(error)
      else resolve(Buffer.concat(chunks, size))
    }
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size > limit) finish(tooLarge(limit))
      else chunks.push(chunk)
    }
    request.on('data', onData)
    request.on('end', () => finish(undefined))
    const broken = (): void => finish(new ServiceError(400, 'bad_body', 'the request body could not be read'))
    request.on('error', broken)
    // A connection closed mid-body (the request timeout, or the client gone) settles the read too, so that
    // no handler waits for a body that will never end.
    request.on('close', () => {
      if (!request.complete) broken()
    })
  })
}

function tooLarge(limit: number): ServiceError {
  return new ServiceError(413, 'body_too_large', `the request body is larger than ${limit} bytes`)
}

/**
 * Parses a JSON body; a syntax error, or a key given twice in one object, is a 400, never an exception that
 * escapes.
 */
export function parseJson(body: Buffer): unknown {
  if (body.length === 0)
    throw new ServiceError(400, 'invalid_json', 'the request body is empty; send a JSON object')
  const text = body.toString('utf8')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const detail = error instanceof SyntaxError ? `: ${syntaxReason(error.message, text)}` : ''
    throw new ServiceError(400, 'invalid_json', `the request body is not valid JSON${detail}`)
  }
  // Here, where both the event loop and the graph worker parse a body: one rule for either path.
  const repeated = repeatedKey(text)
  if (repeated !== undefined)
    throw new ServiceError(400, 'invalid_json', 'a key given twice in one object; send each key once', {
      path: repeated,
    })
  return value
}

/**
 * V8's reason without the body it quotes: its message may hold a snippet of the text (`Unexpected token '…',
 * "<the body>" is not valid JSON`), which is the sender's bytes, raw and whole (a bidirectional control, a gzip
 * body's binary). What is kept: the kind of mistake, where it is (line, column and offset), and the one
 * character V8 stopped at, escaped.
 */
function syntaxReason(message: string, text: string): string {
  const at = / (in|after) JSON at position (\d+)/.exec(message)
  if (at) {
    const after = at[1] === 'after' ? ' after the JSON value' : ''
    return `${message.slice(0, at.index)}${after} ${place(text, Number(at[2]))}`
  }
  const token = /^Unexpected token '(.*?)', /su.exec(message)
  if (token) return `unexpected character ${clipped(token[1] ?? '')}`
  if (message.startsWith('Unexpected end of JSON input'))
    return `the text ends early ${place(text, text.length)}`
  // Any other message of another engine's: its kind, never a quote of the body.
  return 'a syntax error'
}

/** `at line 2, column 5 (offset 12)`: the 1-based line and column of a character offset. */
function place(text: string, offset: number): string {
  let line = 1
  let lineStart = 0
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++
    lineStart = i + 1
  }
  return `at line ${line}, column ${offset - lineStart + 1} (offset ${offset})`
}
