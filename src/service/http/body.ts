import type { IncomingMessage } from 'node:http'
import { ServiceError } from './errors'

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

/** Parses a JSON body; a syntax error is a 400, never an exception that escapes. */
export function parseJson(body: Buffer): unknown {
  if (body.length === 0)
    throw new ServiceError(400, 'invalid_json', 'the request body is empty; send a JSON object')
  try {
    return JSON.parse(body.toString('utf8'))
  } catch (error) {
    const detail = error instanceof SyntaxError ? `: ${error.message}` : ''
    throw new ServiceError(400, 'invalid_json', `the request body is not valid JSON${detail}`)
  }
}
