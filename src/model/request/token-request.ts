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
