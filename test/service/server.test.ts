// Every answer of the service is JSON with a code, or the page it serves (issue 24): the playground's missing
// files and a playground that is not built answer JSON like the graph endpoints, only the page itself is HTML;
// CONNECT, which Node would close unanswered, gets the service's JSON too. Raw requests on real sockets.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createService, type Service } from 'hql/service'

let service: Service
let port: number
beforeAll(async () => {
  service = await createService({ playground: '/nonexistent/playground' })
  port = Number(new URL(service.baseUrl).port)
})
afterAll(() => service.close())

/**
 * Sends `head` (a request line and headers) and reads until the server closes: status, type, body, and the
 * Content-Length header (NaN without one).
 */
function raw(head: string): Promise<{ status: number; type: string; body: string; length: number }> {
  return new Promise((resolve, reject) => {
    let text = ''
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\nConnection: close\r\n\r\n`))
    socket.on('data', (chunk) => (text += chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const end = text.indexOf('\r\n\r\n')
      resolve({
        status: Number(text.slice(9, 12)),
        type: /\r\ncontent-type:\s*([^\r]*)/i.exec(text.slice(0, end))?.[1] ?? '',
        body: text.slice(end + 4),
        length: Number(/\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, end))?.[1] ?? NaN),
      })
    })
  })
}

describe('every answer', () => {
  it.each([
    ['a missing playground file', 'GET /playground/nope.js HTTP/1.1\r\nHost: x', 404, 'no_such_endpoint'],
    [
      'a playground file before the build',
      'GET /playground/playground.js HTTP/1.1\r\nHost: x',
      503,
      'not_built',
    ],
    ['a missing poster', 'GET /images/mhimg-nope.svg HTTP/1.1\r\nHost: x', 404, 'no_such_endpoint'],
    ['CONNECT', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443', 405, 'method_not_allowed'],
  ])('is JSON with a code: %s', async (_, head, status, code) => {
    const answer = await raw(head)
    expect([answer.status, answer.type]).toEqual([status, 'application/json; charset=utf-8'])
    expect(JSON.parse(answer.body)).toMatchObject({ error: code, status })
  })

  it('is the page itself for the page: what to do when it is not built, as HTML', async () => {
    const answer = await raw('GET /playground/ HTTP/1.1\r\nHost: x')
    expect([answer.status, answer.type]).toEqual([503, 'text/html; charset=utf-8'])
    expect(answer.body).toContain('npm run build')
  })

  it('the default image says its length (not sent chunked), however its path is written', async () => {
    for (const path of ['/images/default.svg', '/./images/default.svg']) {
      const answer = await raw(`GET ${path} HTTP/1.1\r\nHost: x`)
      expect([path, answer.status, answer.type]).toEqual([path, 200, 'image/svg+xml'])
      expect(answer.length, path).toBe(Buffer.byteLength(answer.body))
    }
  })

  it('echoes a long path cut short', async () => {
    const answer = await raw(`GET /${'a'.repeat(5000)} HTTP/1.1\r\nHost: x`)
    const body = JSON.parse(answer.body) as { message: string }
    expect(body.message.length).toBeLessThan(300)
    expect(body.message).toContain('(5001 characters)')
  })
})
