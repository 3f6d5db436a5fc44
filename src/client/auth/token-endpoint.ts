import { OAuthErrorBodySchema, TOKEN_PATH, TokenResponseSchema, type TokenResponse } from '../../model/core'
import { ClientError, HttpError, OAuthError, type RequestDescription } from '../errors'
import type { RetryPolicy } from '../retry'
import { checkResponse } from '../validate'
import { openScope, outgoing, parseJsonOrUndefined, send, type TransportContext } from '../transport'
import type { StoredToken } from './token-store'

// The token endpoint's path is a wire fact (src/model/wire.ts); exported here too, where the client has it.
export { TOKEN_PATH }

/** Who the application is, for the token endpoint. */
export interface ClientIdentity {
  readonly authUrl: string
  readonly clientId: string
  readonly clientSecret: string
  /**
   * How id and secret go into the Basic header: `'raw'` (default) joins them as they are, as the service's
   * documentation (`BASE64(client_id:client_secret)`) and its own SDK do; `'form'` form-urlencodes each first,
   * as RFC 6749 §2.3.1 asks, for servers that follow the RFC to the letter. The two differ only for ids and
   * secrets with characters the form encoding changes (`+`, `/`, `=`, `%`, `:`, spaces, non-ASCII…).
   */
  readonly basicAuth?: 'form' | 'raw'
}

/** The grant-specific form fields; the client id and secret are added to every form. */
export type GrantFields =
  | {
      readonly grant_type: 'password'
      readonly username: string
      readonly password: string
      readonly scope?: string
    }
  | { readonly grant_type: 'refresh_token'; readonly refresh_token: string }
  | { readonly grant_type: 'client_credentials'; readonly scope?: string }

/**
 * Token requests are not blindly retried: a password or refresh grant whose answer was lost may already have
 * issued (or rotated) a token. Only answers that say the request was not processed (429, 503) are retried.
 */
export function tokenRetryPolicy(graph: RetryPolicy): RetryPolicy {
  return {
    ...graph,
    network: false,
    statuses: graph.statuses.filter((status) => status === 429 || status === 503),
  }
}

/** Asks the token endpoint for a token; resolves with its absolute expiry, rejects with typed errors. */
export async function requestToken(
  ctx: TransportContext,
  identity: ClientIdentity,
  fields: GrantFields,
  options: { readonly retry: RetryPolicy; readonly timeoutMs: number; readonly totalTimeoutMs: number },
): Promise<StoredToken> {
  const form = new URLSearchParams({
    ...fields,
    client_id: identity.clientId,
    client_secret: identity.clientSecret,
  })
  const url = `${identity.authUrl.replace(/\/+$/, '')}${TOKEN_PATH}`
  const headers = {
    accept: 'application/json',
    'content-type': 'application/x-www-form-urlencoded',
    authorization: `Basic ${basicCredentials(identity)}`,
  }
  // The form is the client's own: hooks and errors show it with its secret fields hidden, and nothing else.
  const request = outgoing(ctx, 'token', url, headers, form.toString(), undefined, Object.fromEntries(form))
  const scope = openScope(ctx, undefined, options)
  const requestedAt = ctx.now()
  let text: string
  try {
    ;({ text } = await send(ctx, request, tokenRetryPolicy(options.retry), scope))
  } catch (error) {
    throw error instanceof HttpError ? (asOAuthError(error, ctx) ?? error) : error
  } finally {
    scope.total.dispose()
  }
  const json = parseJsonOrUndefined(text)
  const refused = asOAuthError({ status: 200, body: json, request: request.described }, ctx)
  if (refused !== undefined) throw refused
  const token = readTokenResponse(ctx, json, request.described, requestedAt)
  ctx.secrets.addToken(token.accessToken)
  ctx.secrets.addToken(token.refreshToken)
  return token
}

function asOAuthError(
  failure: { status: number; body: unknown; request: RequestDescription | undefined },
  ctx: TransportContext,
): ClientError | undefined {
  const parsed = OAuthErrorBodySchema.safeParse(failure.body)
  if (!parsed.success || failure.request === undefined) return undefined
  // A server that is no OAuth endpoint (a wrong authUrl) says why in `message`, as the graph endpoints do.
  const message = (failure.body as { message?: unknown }).message
  const description = parsed.data.error_description ?? (typeof message === 'string' ? message : undefined)
  return new OAuthError(
    failure.status,
    ctx.secrets.scrub(parsed.data.error),
    description === undefined ? undefined : ctx.secrets.scrub(description),
    failure.request,
  )
}

/** Reads a token response; the expiry is counted from when the request was sent, to err on the early side. */
function readTokenResponse(
  ctx: TransportContext,
  json: unknown,
  request: RequestDescription,
  requestedAt: number,
): StoredToken {
  const body = checkResponse(TokenResponseSchema, json, 'the token response', request, (text) =>
    ctx.secrets.scrub(text),
  ) as TokenResponse
  return {
    accessToken: body.access_token,
    ...(body.refresh_token === undefined ? {} : { refreshToken: body.refresh_token }),
    expiresAt: requestedAt + body.expires_in * 1000,
    issuedAt: requestedAt,
    ...(body.scope === undefined ? {} : { scope: body.scope }),
  }
}

/** `base64(id:secret)` over UTF-8, each part form-urlencoded first only if the identity asks for `'form'`. */
export function basicCredentials(identity: ClientIdentity): string {
  const encode = (value: string) =>
    identity.basicAuth === 'form' ? new URLSearchParams({ v: value }).toString().slice(2) : value
  // btoa takes Latin-1 only: the UTF-8 bytes go in one character each.
  const bytes = new TextEncoder().encode(`${encode(identity.clientId)}:${encode(identity.clientSecret)}`)
  return btoa(String.fromCharCode(...bytes))
}
