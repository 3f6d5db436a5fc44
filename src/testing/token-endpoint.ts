import { HttpResponse } from 'msw'
import { grantScopes, type OAuthAnswer } from '../service/auth/token-endpoint'

/** Credentials the token endpoint insists on; without them it signs anyone in. */
export interface TestCredentials {
  readonly clientId: string
  readonly clientSecret: string
  /** For the password grant; any username and password pass when left out. */
  readonly username?: string
  readonly password?: string
}

/** A token the handlers issued: whether it stands for a user, and when it expires (ms since the epoch). */
export interface IssuedToken {
  readonly user: boolean
  readonly expiresAt: number
}

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' }
const oauthError = (status: number, error: string, description: string): Response =>
  HttpResponse.json({ error, error_description: description }, { status, headers: NO_STORE })

const oauthAnswer = (answer: OAuthAnswer): Response =>
  HttpResponse.json(answer.body, { status: answer.status, headers: answer.headers })

/** RFC 6749 §2.3.1 Basic credentials: form-urlencoded id and secret, joined and Base64-encoded. */
function basic(header: string | null): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '')
  if (!match) return undefined
  const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '))
  try {
    const decoded = atob(match[1] as string)
    const colon = decoded.indexOf(':')
    if (colon < 0) return undefined
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) }
  } catch {
    // Not Base64, or not form-encoded: no credentials, which the checks below refuse when they matter.
    return undefined
  }
}

/**
 * The token endpoint of the test double: the password, refresh_token and client_credentials grants, refresh
 * tokens that rotate on use (a used one is `invalid_grant`, as on the reference service), and the OAuth error
 * bodies the client types. Tokens are opaque counters: never secrets worth protecting.
 */
export class TestTokenEndpoint {
  private readonly access = new Map<string, IssuedToken>()
  /** Unused refresh tokens and the scopes they were granted with. */
  private readonly refresh = new Map<string, readonly string[]>()
  private counter = 0

  constructor(
    private readonly lifetimeSeconds: number,
    private readonly credentials: TestCredentials | undefined,
  ) {}

  /** The token of a graph request's `Authorization: Bearer` header, if the handlers issued it. */
  issued(token: string): IssuedToken | undefined {
    return this.access.get(token)
  }

  async answer(request: Request): Promise<Response> {
    if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? ''))
      return oauthError(400, 'invalid_request', 'send the parameters form-encoded')
    const form = new URLSearchParams(await request.text())
    const client = basic(request.headers.get('authorization')) ?? {
      id: form.get('client_id') ?? '',
      secret: form.get('client_secret') ?? '',
    }
    const expected = this.credentials
    if (expected && (client.id !== expected.clientId || client.secret !== expected.clientSecret))
      return oauthError(401, 'invalid_client', 'Bad client credentials')
    switch (form.get('grant_type')) {
      case 'password': {
        const username = form.get('username')
        const password = form.get('password')
        if (username === null || password === null)
          return oauthError(400, 'invalid_request', 'the password grant needs username and password')
        const wrongUser = expected?.username !== undefined && expected.username !== username
        const wrongPassword = expected?.password !== undefined && expected.password !== password
        // The service's scope rules, checked where it checks them: after the fields, before the password.
        const scopes = grantScopes('password', form.get('scope'))
        if ('status' in scopes) return oauthAnswer(scopes)
        if (wrongUser || wrongPassword) return oauthError(400, 'invalid_grant', 'Bad credentials')
        return this.issue(true, scopes)
      }
      case 'refresh_token': {
        const token = form.get('refresh_token')
        if (token === null)
          return oauthError(400, 'invalid_request', 'the refresh_token grant needs refresh_token')
        const scopes = this.refresh.get(token)
        if (scopes === undefined) return oauthError(400, 'invalid_grant', 'Invalid refresh token')
        // Rotation: the used token is gone; the new pair keeps the scopes first granted, as on the service.
        this.refresh.delete(token)
        return this.issue(true, scopes)
      }
      case 'client_credentials': {
        const scopes = grantScopes('client_credentials', form.get('scope'))
        return 'status' in scopes ? oauthAnswer(scopes) : this.issue(false, scopes)
      }
      case null:
        return oauthError(
          400,
          'invalid_request',
          'grant_type is required (password, refresh_token or client_credentials)',
        )
      default:
        return oauthError(
          400,
          'unsupported_grant_type',
          'unsupported grant type; use password, refresh_token or client_credentials',
        )
    }
  }

  private issue(user: boolean, scopes: readonly string[]): Response {
    const n = ++this.counter
    const accessToken = `hql-testing-access-${n}`
    this.access.set(accessToken, { user, expiresAt: Date.now() + this.lifetimeSeconds * 1000 })
    const refreshToken = user ? `hql-testing-refresh-${n}` : undefined
    if (refreshToken !== undefined) this.refresh.set(refreshToken, scopes)
    return HttpResponse.json(
      {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: this.lifetimeSeconds,
        ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
        scope: scopes.join(' '),
      },
      { headers: NO_STORE },
    )
  }
}
