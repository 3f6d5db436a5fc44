import * as z from 'zod/mini'

/** The form fields of a token request (password, refresh_token and client_credentials grants). */
export const TokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.looseObject({
    grant_type: z.literal('password'),
    client_id: z.optional(z.string()),
    client_secret: z.optional(z.string()),
    scope: z.optional(z.string()),
    username: z.string(),
    password: z.string(),
  }),
  z.looseObject({
    grant_type: z.literal('refresh_token'),
    client_id: z.optional(z.string()),
    client_secret: z.optional(z.string()),
    refresh_token: z.string(),
  }),
  z.looseObject({
    grant_type: z.literal('client_credentials'),
    client_id: z.optional(z.string()),
    client_secret: z.optional(z.string()),
    scope: z.optional(z.string()),
  }),
])
export type TokenRequest = z.infer<typeof TokenRequestSchema>

/** A successful token response. client_credentials tokens come without a refresh_token. */
export const TokenResponseSchema = z.looseObject({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.string(),
  expires_in: z.number(),
  refresh_token: z.optional(z.string()),
  scope: z.optional(z.string()),
})
export type TokenResponse = z.infer<typeof TokenResponseSchema>

export const oauthErrorCodes = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
] as const

/** An OAuth 2.0 error body (RFC 6749 §5.2). */
export const OAuthErrorBodySchema = z.looseObject({
  error: z.string(),
  error_description: z.optional(z.string()),
})
export type OAuthErrorBody = z.infer<typeof OAuthErrorBodySchema>
