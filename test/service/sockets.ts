// Requests over real HTTP, one new connection each, from a chosen loopback address (all of 127.0.0.0/8 reaches a
// service on 127.0.0.1): what the tests of the limits per address send, many at once.
import { request as httpRequest } from 'node:http'
import { connect, type Socket } from 'node:net'

export interface Answer {
  readonly status: number
  readonly body: any
  readonly headers: Record<string, string | string[] | undefined>
}

/** A POST on a connection of its own (no keep-alive pool to queue behind), answered or failed. */
export function postFrom(
  url: string,
  options: { localAddress?: string; headers?: Record<string, string>; body: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        agent: false,
        ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
        headers: { 'Content-Length': Buffer.byteLength(options.body), ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({
            status: response.statusCode ?? 0,
            body: text === '' ? undefined : JSON.parse(text),
            headers: response.headers,
          })
        })
      },
    )
    request.on('error', reject)
    request.end(options.body)
  })
}

/** Basic credentials and a form for the token endpoint, as `postFrom` sends them. */
export function tokenPost(
  authUrl: string,
  form: Record<string, string>,
  client: { clientId: string; clientSecret: string },
  localAddress?: string,
): Promise<Answer> {
  return postFrom(`${authUrl}/1.3/security/oauth/token`, {
    ...(localAddress === undefined ? {} : { localAddress }),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams(form).toString(),
  })
}

/** How many answers have each status: `{ 400: 10, 429: 290 }`. */
export function countStatuses(answers: readonly { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

/** A raw socket from `localAddress`, connected; it collects what it is sent until it closes. */
export function openSocket(
  port: number,
  localAddress: string,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    let text = ''
    const socket = connect({ port, host: '127.0.0.1', localAddress })
    const closed = new Promise<void>((done) => socket.once('close', () => done()))
    socket.on('data', (chunk) => (text += chunk))
    socket.once('connect', () => resolve({ socket, received: () => text, closed }))
    socket.once('error', reject)
  })
}
