import { expect } from 'vitest'
import { responseSchemas } from '../../src/model'
import { createService, DEMO, type Service, type ServiceOptions } from 'hql/service'
import { testPasswordCost } from '../support/password-cost'

/** A running service and a few ways to talk to it over real HTTP. */
export interface Harness {
  readonly service: Service
  /** A token of the demo user (password grant). */
  readonly userToken: string
  /** A client_credentials token of the demo client (no user). */
  readonly clientToken: string
  post(path: string, body: unknown, token?: string): Promise<{ status: number; body: any; headers: Headers }>
  token(
    form: Record<string, string>,
    basic?: { id: string; secret: string },
  ): Promise<{ status: number; body: any; headers: Headers }>
}

/** `Basic BASE64(id:secret)`: the parts raw, as the service expects, or form-encoded first (RFC 6749 §2.3.1). */
export function basicHeader(id: string, secret: string, encoding: 'raw' | 'form' = 'raw'): string {
  const encode = (s: string): string =>
    encoding === 'form' ? new URLSearchParams({ s }).toString().slice(2) : s
  return `Basic ${Buffer.from(`${encode(id)}:${encode(secret)}`).toString('base64')}`
}

export async function startHarness(options: ServiceOptions = {}): Promise<Harness> {
  const service = await createService({ passwordCost: testPasswordCost, ...options })
  const token: Harness['token'] = async (form, basic) => {
    const response = await fetch(`${service.authUrl}/1.3/security/oauth/token`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(basic ? { Authorization: basicHeader(basic.id, basic.secret) } : {}),
      },
      body: new URLSearchParams(form),
    })
    return { status: response.status, body: await response.json(), headers: response.headers }
  }
  const demo = { id: service.demo.clientId, secret: service.demo.clientSecret }
  const user = await token(
    {
      grant_type: 'password',
      username: service.demo.username,
      password: service.demo.password,
      scope: 'public_profile user_likes',
    },
    demo,
  )
  const client = await token({ grant_type: 'client_credentials' }, demo)
  const userToken = user.body.access_token as string
  const send = (path: string, body: unknown, bearer: string) =>
    fetch(`${service.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const post: Harness['post'] = async (path, body, bearer = userToken) => {
    // A keep-alive socket the server closed just as it was reused resets, or is closed, before any answer (the
    // request reached no handler): sent again once, on a new socket. Seen on a loaded machine (ECONNRESET, and
    // undici's "other side closed" in npm test beside 3 CPU burners); any answer is the test's, and a server
    // that closes on the request itself closes again.
    const response = await send(path, body, bearer).catch((error: { cause?: { code?: unknown } }) => {
      if (error.cause?.code !== 'ECONNRESET' && error.cause?.code !== 'UND_ERR_SOCKET') throw error
      return send(path, body, bearer)
    })
    const text = await response.text()
    return {
      status: response.status,
      body: text === '' ? undefined : JSON.parse(text),
      headers: response.headers,
    }
  }
  return { service, userToken, clientToken: client.body.access_token as string, post, token }
}

/** The objects of a response's content. */
export const objects = (body: any): any[] => (body.content as any[]).map((pair) => pair.object)

/** The form of a password grant with the demo credentials, as a token request sends it. */
export const demoPasswordForm = (): Record<string, string> => ({
  grant_type: 'password',
  username: DEMO.username,
  password: DEMO.password,
  scope: 'public_profile',
  client_id: DEMO.clientId,
  client_secret: DEMO.clientSecret,
})

/** Expects `body` to be a valid `endpoint` response by the model's generic schema (the first issues if not). */
export const valid = (endpoint: keyof typeof responseSchemas, body: unknown): void => {
  const result = responseSchemas[endpoint].safeParse(body)
  expect(result.success ? [] : result.error.issues.slice(0, 3)).toEqual([])
}
