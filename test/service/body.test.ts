// The body limits of the service as it streams a chunked body in (issue 24): the documented figures, 100 KiB
// for a graph request and 8 KiB for a token request, hold whatever the framing. A body one byte over is
// answered 413 as soon as that byte arrives, without waiting for (or keeping) the rest; a body at the limit is
// read and parsed. Raw sockets, chunked bodies without Content-Length.
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createService, type Service } from 'hql/service'
import { testPasswordCost } from '../support/password-cost'

/** The documented figures (docs/security.md), written out: a test that read the constants would follow them. */
const GRAPH_LIMIT = 100 * 1024
const TOKEN_LIMIT = 8 * 1024

let service: Service
let port: number
let token: string
beforeAll(async () => {
  service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
  port = Number(new URL(service.baseUrl).port)
  const answer = await fetch(`${service.authUrl}/1.3/security/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: service.demo.clientId,
      client_secret: service.demo.clientSecret,
    }),
  })
  token = ((await answer.json()) as { access_token: string }).access_token
})
afterAll(() => service.close())

/**
 * Sends `size` bytes of body in chunks of 16 KiB to `path`, and ends the body only if `end`; resolves with the
 * answer's status line and body once one has arrived (the server may answer before the body is whole).
 */
function chunked(path: string, size: number, end: boolean): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    let text = ''
    const socket: Socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Authorization: Bearer ${token}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      )
      for (let sent = 0; sent < size; sent += 16 * 1024) {
        const length = Math.min(16 * 1024, size - sent)
        socket.write(`${length.toString(16)}\r\n${' '.repeat(length)}\r\n`)
      }
      if (end) socket.write('0\r\n\r\n')
    })
    socket.on('error', () => undefined) // the server may close while a chunk is on its way
    // A body left unfinished is never answered if the limit did not apply: give up long before the test does.
    const giveUp = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no answer to ${size} bytes (body ${end ? 'ended' : 'left open'})`))
    }, 5000)
    socket.on('data', (chunk) => {
      text += chunk
      const head = text.indexOf('\r\n\r\n')
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? NaN)
      if (head >= 0 && text.length >= head + 4 + length) {
        clearTimeout(giveUp)
        socket.destroy()
        resolve({
          status: Number(text.slice(9, 12)),
          body: JSON.parse(text.slice(head + 4, head + 4 + length)),
        })
      }
    })
    socket.on('close', () => {
      clearTimeout(giveUp)
      reject(new Error(`closed without an answer: ${text.slice(0, 200)}`))
    })
  })
}

describe('streamed (chunked) bodies', () => {
  it('are read to exactly 100 KiB on a graph endpoint', async () => {
    // Read whole, then refused for what it is (spaces are no JSON value), not for its size.
    const atLimit = await chunked('/graph/lookup', GRAPH_LIMIT, true)
    expect([atLimit.status, atLimit.body.error]).toEqual([400, 'invalid_json'])
  })

  it('are answered 413 one byte over 100 KiB, before the body ends', async () => {
    const over = await chunked('/graph/lookup', GRAPH_LIMIT + 1, false)
    expect(over).toEqual({
      status: 413,
      body: {
        error: 'body_too_large',
        message: `the request body is larger than ${GRAPH_LIMIT} bytes`,
        status: 413,
      },
    })
  })

  it('are read to exactly 8 KiB on the token endpoint, and answered 413 one byte over', async () => {
    const path = '/auth/1.3/security/oauth/token'
    // Read whole, then refused for what it is: JSON where a form belongs.
    const atLimit = await chunked(path, TOKEN_LIMIT, true)
    expect([atLimit.status, atLimit.body.error]).toEqual([400, 'invalid_request'])
    expect((await chunked(path, TOKEN_LIMIT + 1, false)).body.error).toBe('body_too_large')
  })
})
