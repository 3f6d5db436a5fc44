import { HttpResponse } from 'msw'
import {
  NO_FAILURE_LIMIT,
  IssuedTokens,
  tokenEndpoint,
  type ClientDirectory,
  type TokenRequest,
} from '../service'

/** Credentials the token endpoint insists on; without them it accepts any client id and secret, user and password. */
export interface TestCredentials {
  readonly clientId: string
  readonly clientSecret: string
  /** For the password grant; any username and password pass when left out. */
  readonly username?: string
  readonly password?: string
}

/** What a graph request's bearer token stands for, as far as the test double knows. */
export type TokenState = { readonly user: boolean } | 'expired' | undefined

/** Refresh tokens live two weeks, as on the reference service. */
const REFRESH_SECONDS = 14 * 24 * 3600

/**
 * The token endpoint of the test double: the reference service's own endpoint (grants, scope rules, rotating
 * refresh tokens, OAuth errors), over a client directory that accepts any client and user unless
 * `credentials` say otherwise, and that never rate-limits.
 */
export class TestTokenEndpoint {
  private readonly store: IssuedTokens
  /** Every access token issued, so that an expired one is told apart from a static token of the test. */
  private readonly issued = new Set<string>()
  private readonly directory: ClientDirectory

  constructor(lifetimeSeconds: number, credentials: TestCredentials | undefined) {
    const issued = this.issued
    this.store = new (class extends IssuedTokens {
      override issue(...args: Parameters<IssuedTokens['issue']>) {
        const tokens = super.issue(...args)
        issued.add(tokens.accessToken)
        return tokens
      }
    })({ accessSeconds: lifetimeSeconds, refreshSeconds: REFRESH_SECONDS }, Date.now)
    const matches = (expected: string | undefined, given: string) =>
      expected === undefined || expected === given
    this.directory = {
      authenticateClient: (clientId, clientSecret) =>
        matches(credentials?.clientId, clientId) && matches(credentials?.clientSecret, clientSecret)
          ? { clientId, passwordGrant: true }
          : undefined,
      authenticateUser: async (username, password) =>
        matches(credentials?.username, username) && matches(credentials?.password, password),
    }
  }

  /** What a bearer token stands for: a token this endpoint issued (or that expired), or an unknown one. */
  state(token: string): TokenState {
    if (!this.issued.has(token)) return undefined
    const grant = this.store.verify(token)
    return grant === undefined ? 'expired' : { user: grant.username !== undefined }
  }

  async answer(request: Request): Promise<Response> {
    // Only the two headers the endpoint reads, looked up by name: header names are the sender's choice, and
    // copying them into a plain object would let `constructor` or `__proto__` reach its prototype.
    const tokenRequest: TokenRequest = {
      contentType: request.headers.get('content-type') ?? undefined,
      authorization: request.headers.get('authorization') ?? undefined,
      address: 'test',
    }
    const body = Buffer.from(await request.arrayBuffer())
    const answer = await tokenEndpoint(
      {
        registry: this.directory,
        tokens: this.store,
        limiter: { take: () => 0 },
        failures: NO_FAILURE_LIMIT,
      },
      tokenRequest,
      body,
    )
    return HttpResponse.json(answer.body, { status: answer.status, headers: answer.headers })
  }
}
