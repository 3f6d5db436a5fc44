import { ClientConfigError, OAuthError } from '../errors'
import type { TokenRefreshInfo } from '../hooks'
import type { RetryPolicy } from '../retry'
import type { TransportContext } from '../transport'
import { httpUrl, requireNonEmpty } from '../option-checks'
import { basicCredentials, requestToken, type ClientIdentity, type GrantFields } from './token-endpoint'
import type { StoredToken } from './token-store'

/** What a grant needs from the client to ask for a token. */
export interface GrantEnv {
  readonly ctx: TransportContext
  /** The client's graph retry policy; token requests retry only a subset (see `tokenRetryPolicy`). */
  readonly retry: RetryPolicy
  readonly timeoutMs: number
  readonly totalTimeoutMs: number
}

/**
 * How the client gets tokens: made by `passwordGrant`, `refreshTokenGrant`, `clientCredentialsGrant` or
 * `staticTokenGrant`. Opaque on purpose: pass it to `createClient({ auth })`.
 */
export interface Auth {
  readonly kind: 'password' | 'refresh_token' | 'client_credentials' | 'static'
  /** @internal values to scrub from every error and hook (credentials and their encodings). */
  readonly secrets: readonly string[]
  /** @internal whether a rejected token can be replaced (false for a static token). */
  readonly renewable: boolean
  /** @internal gets a new token; `current` is the stored one, whose refresh token a grant may use. */
  obtain(
    current: StoredToken | undefined,
    reason: TokenRefreshInfo['reason'],
    env: GrantEnv,
  ): Promise<StoredToken>
}

/** Options shared by the grants that talk to the token endpoint. */
export interface IdentityOptions extends ClientIdentity {}

/** Options of `passwordGrant`. `scope` is a list or a space-separated string; it goes on the wire `+`-joined. */
export interface PasswordGrantOptions extends IdentityOptions {
  readonly username: string
  readonly password: string
  readonly scope?: string | readonly string[]
}

/**
 * The OAuth password grant: logs in with the user's credentials, then refreshes with the refresh token, and
 * logs in again if the refresh token is refused (`invalid_grant`).
 *
 * @example
 * const client = createClient({
 *   baseUrl: 'https://graph.example.com',
 *   auth: passwordGrant({ authUrl: 'https://auth.example.com', clientId, clientSecret, username, password,
 *                         scope: ['public_profile', 'user_likes'] }),
 * })
 */
export function passwordGrant(options: PasswordGrantOptions): Auth {
  checkIdentity(options)
  requireText(options.username, 'username')
  requireText(options.password, 'password')
  const scope = joinScope(options.scope)
  const login: GrantFields = {
    grant_type: 'password',
    username: options.username,
    password: options.password,
    ...(scope === undefined ? {} : { scope }),
  }
  return {
    kind: 'password',
    secrets: [...identitySecrets(options), options.password],
    renewable: true,
    async obtain(current, reason, env) {
      if (current?.refreshToken !== undefined) {
        try {
          return await refresh(env, options, current.refreshToken, reason)
        } catch (error) {
          if (!(error instanceof OAuthError && error.error === 'invalid_grant')) throw error
        }
        reason = 'fallback'
      }
      return announce(env, 'password', reason, await requestToken(env.ctx, options, login, env))
    },
  }
}

/** Options of `refreshTokenGrant`: a refresh token obtained elsewhere (for example by a login page). */
export interface RefreshTokenGrantOptions extends IdentityOptions {
  readonly refreshToken: string
}

/**
 * Starts from a refresh token and refreshes whenever the access token runs out. A refused refresh token
 * (`invalid_grant`) is an `OAuthError`: there are no credentials to fall back on.
 *
 * @example
 * const auth = refreshTokenGrant({ authUrl, clientId, clientSecret, refreshToken: savedRefreshToken })
 */
export function refreshTokenGrant(options: RefreshTokenGrantOptions): Auth {
  checkIdentity(options)
  requireText(options.refreshToken, 'refreshToken')
  return {
    kind: 'refresh_token',
    secrets: [...identitySecrets(options), options.refreshToken],
    renewable: true,
    obtain: (current, reason, env) =>
      refresh(env, options, current?.refreshToken ?? options.refreshToken, reason),
  }
}

/** Options of `clientCredentialsGrant`. */
export interface ClientCredentialsGrantOptions extends IdentityOptions {
  readonly scope?: string | readonly string[]
}

/**
 * The client credentials grant: a token for the application itself, asked for again when it runs out
 * (its responses carry no refresh token).
 *
 * @example
 * const auth = clientCredentialsGrant({ authUrl: 'https://auth.example.com', clientId, clientSecret })
 */
export function clientCredentialsGrant(options: ClientCredentialsGrantOptions): Auth {
  checkIdentity(options)
  const scope = joinScope(options.scope)
  const fields: GrantFields = { grant_type: 'client_credentials', ...(scope === undefined ? {} : { scope }) }
  return {
    kind: 'client_credentials',
    secrets: identitySecrets(options),
    renewable: true,
    obtain: async (_current, reason, env) =>
      announce(env, 'client_credentials', reason, await requestToken(env.ctx, options, fields, env)),
  }
}

/**
 * A fixed access token, for scripts and tests. It is never refreshed: a 401 is thrown as an `HttpError`.
 *
 * @example
 * const client = createClient({ baseUrl, auth: staticTokenGrant(process.env.HQL_TOKEN ?? '') })
 */
export function staticTokenGrant(accessToken: string): Auth {
  requireText(accessToken, 'accessToken')
  return {
    kind: 'static',
    secrets: [accessToken],
    renewable: false,
    obtain: () => Promise.resolve({ accessToken }),
  }
}

async function refresh(
  env: GrantEnv,
  identity: ClientIdentity,
  refreshToken: string,
  reason: TokenRefreshInfo['reason'],
): Promise<StoredToken> {
  const token = await requestToken(
    env.ctx,
    identity,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    env,
  )
  // A refresh response without a refresh token means: keep using the one you have.
  return announce(env, 'refresh_token', reason, { refreshToken, ...token })
}

async function announce(
  env: GrantEnv,
  grant: TokenRefreshInfo['grant'],
  reason: TokenRefreshInfo['reason'],
  token: StoredToken,
): Promise<StoredToken> {
  // The scope is the server's text: it could echo anything it was sent.
  const scope = token.scope === undefined ? undefined : env.ctx.secrets.scrub(token.scope)
  await env.ctx.hooks.onTokenRefresh?.({ grant, reason, expiresAt: token.expiresAt, scope })
  return token
}

function joinScope(scope: string | readonly string[] | undefined): string | undefined {
  if (scope === undefined) return undefined
  return typeof scope === 'string' ? scope : scope.join(' ')
}

function identitySecrets(identity: ClientIdentity): string[] {
  return [identity.clientSecret, basicCredentials(identity)]
}

function checkIdentity(identity: ClientIdentity): void {
  httpUrl(identity.authUrl, ['auth', 'authUrl'], 'https://auth.example.com')
  requireText(identity.clientId, 'clientId')
  requireText(identity.clientSecret, 'clientSecret')
  if (identity.basicAuth !== undefined && identity.basicAuth !== 'form' && identity.basicAuth !== 'raw')
    throw new ClientConfigError("expected 'form' or 'raw'", ['auth', 'basicAuth'])
}

// The value itself is never quoted: it may be a secret.
const requireText = (value: unknown, name: string) => requireNonEmpty(value, ['auth', name])
