import { ClientConfigError, OAuthError } from '../errors'
import { httpUrl, numberOption, positive, refuseUnknown, requireNonEmpty } from '../option-checks'
import type { Auth } from './auth'
import { basicCredentials, requestToken, type ClientIdentity, type GrantFields } from './token-endpoint'
import { managedAuth, type TokenOptions } from './token-manager'

/** Options shared by the grants that talk to the token endpoint: who the app is, and how tokens are kept. */
export interface IdentityOptions extends ClientIdentity, TokenOptions {}

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
 * const auth = passwordGrant({ authUrl: 'https://auth.example.com', clientId, clientSecret, username, password,
 *                              scope: ['public_profile', 'user_likes'] })
 * const client = createClient({ baseUrl: 'https://graph.example.com', auth })
 */
export function passwordGrant(options: PasswordGrantOptions): Auth {
  const timeoutMs = checkIdentity(options, 'passwordGrant', ['username', 'password', 'scope'])
  requireNonEmpty(options, 'username')
  requireNonEmpty(options, 'password')
  const login: GrantFields = {
    grant_type: 'password',
    username: options.username,
    password: options.password,
    ...scopeField(options.scope),
  }
  return managedAuth(
    async (current, reason, context) => {
      if (current?.refreshToken !== undefined) {
        const { refreshToken } = current
        const fields = { grant_type: 'refresh_token', refresh_token: refreshToken } as const
        try {
          // As refreshTokenGrant refreshes (written out in each: a function of its own cost the bundle 20 B).
          return { refreshToken, ...(await requestToken(context, options, fields, timeoutMs, reason)) }
        } catch (error) {
          if (!(error instanceof OAuthError && error.error === 'invalid_grant')) throw error
        }
        reason = 'fallback'
      }
      return requestToken(context, options, login, timeoutMs, reason)
    },
    options,
    // The credentials: the client secret, the Basic header it goes in, and the password.
    [options.clientSecret, basicCredentials(options), options.password],
  )
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
  const timeoutMs = checkIdentity(options, 'refreshTokenGrant', ['refreshToken'])
  requireNonEmpty(options, 'refreshToken')
  return managedAuth(
    async (current, reason, context) => {
      const refreshToken = current?.refreshToken ?? options.refreshToken
      const fields = { grant_type: 'refresh_token', refresh_token: refreshToken } as const
      // A refresh response without a refresh token means: keep using the one you have.
      return { refreshToken, ...(await requestToken(context, options, fields, timeoutMs, reason)) }
    },
    options,
    [options.clientSecret, basicCredentials(options), options.refreshToken],
  )
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
  const timeoutMs = checkIdentity(options, 'clientCredentialsGrant', ['scope'])
  const fields: GrantFields = { grant_type: 'client_credentials', ...scopeField(options.scope) }
  return managedAuth(
    (_current, reason, context) => requestToken(context, options, fields, timeoutMs, reason),
    options,
    [options.clientSecret, basicCredentials(options)],
  )
}

/** The form's `scope` field, a list joined by spaces; none when absent (a form would send `undefined`). */
function scopeField(scope: string | readonly string[] | undefined): { scope?: string } {
  if (scope === undefined) return {}
  return { scope: typeof scope === 'string' ? scope : scope.join(' ') }
}

/** Checks the options every token-endpoint grant shares, and that it reads each; returns its attempt timeout. */
function checkIdentity(options: IdentityOptions, grant: string, own: readonly string[]): number {
  // A key no grant reads (`scopes`, `timeout`) would be dropped unnoticed.
  // The grant's own, and those every token-endpoint grant reads (IdentityOptions).
  refuseUnknown(
    options,
    [
      ...own,
      'authUrl',
      'clientId',
      'clientSecret',
      'basicAuth',
      'tokenStore',
      'refreshMarginMs',
      'onTokenRefresh',
      'timeoutMs',
    ],
    grant,
    ['auth'],
  )
  httpUrl(options.authUrl, ['auth', 'authUrl'], 'https://auth.example.com')
  requireNonEmpty(options, 'clientId')
  requireNonEmpty(options, 'clientSecret')
  if (options.basicAuth !== undefined && options.basicAuth !== 'form' && options.basicAuth !== 'raw')
    throw new ClientConfigError("expected 'form' or 'raw'", ['auth', 'basicAuth'])
  if (options.onTokenRefresh !== undefined && typeof options.onTokenRefresh !== 'function')
    throw new ClientConfigError('expected a function', ['auth', 'onTokenRefresh'])
  return numberOption(options.timeoutMs, 10_000, ['auth', 'timeoutMs'], positive)
}
