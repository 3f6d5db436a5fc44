import { OAuthErrorBodySchema, TOKEN_PATH, TokenResponseSchema, type TokenResponse } from '../../model/core'
import { describeFailure, parseJsonOrUndefined, readText } from '../body'
import { checkResponse } from '../checks'
import {
  ClientError,
  HttpError,
  LimitExceededError,
  NetworkError,
  OAuthError,
  TimeoutError,
  type RequestDescription,
} from '../errors'
import { parseRetryAfter } from '../retry-after'
import { base64, redactFields } from '../secrets'
import { deadline } from '../signals'
import type { TokenRefreshInfo } from '../hooks'
import type { AuthContext } from './auth'
import type { TokenOptions } from './token-manager'
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

/** A token answer is a few hundred bytes: anything past 64 KB is no token answer. */
const MAX_TOKEN_RESPONSE_BYTES = 64 << 10

/**
 * Asks the token endpoint for a token, once; resolves with its absolute expiry, once its values are secrets and
 * the identity's `onTokenRefresh` has been told (the grant, `reason`); rejects with typed errors whose
 * `request.kind` is `'token'`. Whether and when to ask again after a failure (a 429 or 503) is the client's
 * retry policy's to decide, as for any request, told that a token request is not idempotent: a password or
 * refresh grant whose answer was lost may already have issued (or rotated) a token. The request runs on its own
 * clock (`timeoutMs`), not on the signal of the call that started it: calls waiting for the same token share
 * it, and one of them giving up must not fail the others.
 */
export async function requestToken(
  context: AuthContext,
  identity: ClientIdentity & Pick<TokenOptions, 'onTokenRefresh'>,
  fields: GrantFields,
  timeoutMs: number,
  reason: TokenRefreshInfo['reason'],
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
  // Errors show the form and headers as the graph requests' are shown: secret fields hidden (the Basic
  // header keeps its scheme), the client's own wording kept, any other value scrubbed of known secrets.
  const request: RequestDescription = {
    kind: 'token',
    method: 'POST',
    url,
    headers: redactFields(headers, context.secrets),
    body: redactFields(Object.fromEntries(form), context.secrets),
  }
  const requestedAt = Date.now()
  // One form POST, within `timeoutMs`: its answer whatever its status, read within the token answer's limit.
  const attempt = deadline(undefined, timeoutMs)
  let response: Response
  let text: string | undefined
  try {
    response = await context.fetch(url, {
      method: 'POST',
      headers,
      body: form.toString(),
      signal: attempt.signal,
      redirect: 'manual',
    })
    text = await readText(response, MAX_TOKEN_RESPONSE_BYTES)
  } catch (error) {
    if (error instanceof ClientError) throw error
    if (attempt.timedOut()) throw new TimeoutError('attempt', timeoutMs, request)
    throw new NetworkError(context.secrets.scrub(describeFailure(error)), request)
  } finally {
    attempt.dispose()
  }
  if (text === undefined) throw new LimitExceededError('maxResponseBytes', MAX_TOKEN_RESPONSE_BYTES, request)
  const { status } = response
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now())
  const json = parseJsonOrUndefined(text)
  // An OAuth error body is an OAuthError whatever the status (some servers refuse with a 200).
  const refused = OAuthErrorBodySchema.safeParse(json)
  if (refused.success) {
    // A server that is no OAuth endpoint (a wrong authUrl) says why in `message`, as the graph endpoints do.
    const message = (json as { message?: unknown }).message
    const description = refused.data.error_description ?? (typeof message === 'string' ? message : undefined)
    throw new OAuthError(
      status,
      context.secrets.scrub(refused.data.error),
      description === undefined ? undefined : context.secrets.scrub(description),
      request,
      retryAfterMs,
    )
  }
  // A 2xx as the graph attempt tells it: the same text, which gzip then finds twice.
  if (!(status >= 200 && status < 300))
    throw new HttpError(status, {
      body: context.secrets.redact(json),
      text: context.secrets.scrub(text),
      request,
      retryAfterMs,
    })
  const body = checkResponse(
    TokenResponseSchema,
    json,
    'the token response',
    () => request,
    (text) => context.secrets.scrub(text),
  ) as TokenResponse
  // A token of another type (`mac`, `DPoP`) sent as Bearer would not authenticate, and a lifetime that is not
  // positive (or not a number) would have it refreshed before every request or never: both refused by name
  // (each message written whole: a template choosing its words cost 10 B).
  const bad = /^bearer$/i.test(body.token_type)
    ? body.expires_in > 0
      ? ''
      : 'expires_in is not a positive number'
    : 'token_type is not bearer'
  if (bad) throw new OAuthError(200, 'invalid_token_response', bad, request)
  // The expiry is counted from when the request was sent, to err on the early side.
  const token: StoredToken = {
    accessToken: body.access_token,
    ...(body.refresh_token === undefined ? {} : { refreshToken: body.refresh_token }),
    // A lifetime past 10^9 s (32 years) taken as 10^9 s: 1e306 s would make `expiresAt` Infinity, which JSON
    // writes as null, so a shared store would read no token back and ask for one on every call.
    expiresAt: requestedAt + Math.min(body.expires_in, 1e9) * 1000,
    issuedAt: requestedAt,
    ...(body.scope === undefined ? {} : { scope: body.scope }),
  }
  context.secrets.add(token.accessToken)
  context.secrets.add(token.refreshToken)
  // The scope is the server's text: it could echo anything it was sent.
  await identity.onTokenRefresh?.({
    grant: fields.grant_type,
    reason,
    expiresAt: token.expiresAt,
    scope: token.scope === undefined ? undefined : context.secrets.scrub(token.scope),
  })
  return token
}

/** `base64(id:secret)` over UTF-8, each part form-urlencoded first only if the identity asks for `'form'`. */
export function basicCredentials(identity: ClientIdentity): string {
  const encode = (value: string) =>
    identity.basicAuth === 'form' ? new URLSearchParams({ v: value }).toString().slice(2) : value
  return base64(`${encode(identity.clientId)}:${encode(identity.clientSecret)}`)
}
