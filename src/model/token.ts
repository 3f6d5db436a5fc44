import * as c from './check/kit'
import { isHeaderToken, MAX_SECRET_LENGTH } from './limits'

/**
 * A token of a token response: a non-empty string (an empty refresh token could refresh nothing) of at most
 * MAX_SECRET_LENGTH characters, which a header can carry (one fetch refuses would fail every call until it expires).
 */
const tokenText = c.custom<string>((value, path, issues) => {
  if (!isHeaderToken(value) || value.length > MAX_SECRET_LENGTH)
    c.report(
      issues,
      path,
      `expected a non-empty string of at most ${MAX_SECRET_LENGTH} characters, with none a header cannot carry`,
    )
})

/** A successful token response. client_credentials tokens come without a refresh_token. */
export const TokenResponseSchema = c.object({
  access_token: tokenText,
  token_type: c.string,
  expires_in: c.number,
  refresh_token: c.optional(tokenText),
  scope: c.optional(c.string),
})
export type TokenResponse = c.Infer<typeof TokenResponseSchema>

export const oauthErrorCodes = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
] as const

/** An OAuth 2.0 error body (RFC 6749 §5.2). */
export const OAuthErrorBodySchema = c.object({ error: c.string, error_description: c.optional(c.string) })
export type OAuthErrorBody = c.Infer<typeof OAuthErrorBodySchema>
