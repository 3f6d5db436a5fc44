import * as c from './check/kit'

/** A successful token response. client_credentials tokens come without a refresh_token. */
export const TokenResponseSchema = c.object({
  access_token: c.custom<string>((value, path, issues) => {
    if (typeof value !== 'string' || value === '') c.report(issues, path, 'expected a non-empty string')
  }),
  token_type: c.string,
  expires_in: c.number,
  refresh_token: c.optional(c.string),
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
