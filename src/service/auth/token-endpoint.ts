import { clipped } from '../../model/shown'
import { AuthFailures, type FailureLimits } from './failures'
import type { FairQueue } from '../http/fair-queue'
import type { Limiter } from '../http/rate-limit'
import type { IssuedTokens, Tokens } from './tokens'

/** The scopes of the service (SERVICE-NOTES.md); a request may ask for any of them. */
export const KNOWN_SCOPES = ['public_profile', 'user_likes'] as const
/** What a client_credentials token gets when it names no scope: there is no user to like anything. */
const CLIENT_SCOPES = ['public_profile']

export interface OAuthAnswer {
  readonly status: number
  readonly body: Record<string, unknown>
  readonly headers: Readonly<Record<string, string>>
}

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' }

function oauthError(
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): OAuthAnswer {
  return { status, body: { error, error_description: description }, headers: { ...NO_STORE, ...headers } }
}

const invalidClient = (description: string): OAuthAnswer =>
  oauthError(401, 'invalid_client', description, { 'WWW-Authenticate': 'Basic realm="hql", charset="UTF-8"' })

/**
 * `BASE64(client_id:client_secret)`, the parts as they are (SERVICE-SPEC.md, and what the service's own SDK
 * sends: SERVICE-NOTES.md). The RFC 6749 §2.3.1 form-encoded variant is not accepted as well: a reference
 * service that forgave it would let a client that form-encodes pass every offline test and fail against the
 * real service, which is how the mismatch went unnoticed before. The id ends at the first colon (the secret
 * may hold colons; an id cannot).
 */
function basicCredentials(
  header: string | undefined,
): { id: string; secret: string } | 'malformed' | undefined {
  if (header === undefined) return undefined
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header)
  if (!match) return 'malformed'
  // Node's decoder skips what is not base64 and takes base64url too: only text that encodes back to itself is
  // standard base64, so that one pair of credentials has one spelling (base64url, stray characters, missing
  // or extra padding are refused rather than guessed at).
  const encoded = match[1] as string
  const bytes = Buffer.from(encoded, 'base64')
  if (bytes.toString('base64') !== encoded) return 'malformed'
  const decoded = bytes.toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return 'malformed'
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) }
}

function tokenBody(tokens: IssuedTokens): Record<string, unknown> {
  return {
    access_token: tokens.accessToken,
    token_type: 'bearer',
    expires_in: tokens.expiresIn,
    ...(tokens.refreshToken === undefined ? {} : { refresh_token: tokens.refreshToken }),
    scope: tokens.scopes.join(' '),
  }
}

/** Scopes are space-delimited once form-decoded; a `+` that arrived percent-encoded is tolerated too. */
function parseScopes(raw: string): string[] | { unknown: string } {
  const scopes = [...new Set(raw.split(/[\s+]+/).filter((s) => s !== ''))]
  const unknown = scopes.find((s) => !(KNOWN_SCOPES as readonly string[]).includes(s))
  return unknown === undefined ? scopes : { unknown }
}

/**
 * The scopes a password, client_credentials or refresh_token grant asks for (the form's `scope`, null when
 * absent), or the OAuth error the service answers: the password grant must name its scopes, a
 * client_credentials grant gets public_profile without one (a refresh grant without one is not asked here:
 * it keeps its grant's), and an unknown scope is `invalid_scope`. Exported so that hql/testing's token
 * endpoint refuses exactly what this one refuses.
 */
export function grantScopes(
  grantType: 'password' | 'client_credentials' | 'refresh_token',
  scope: string | null,
): string[] | OAuthAnswer {
  if (scope === null) {
    if (grantType !== 'password') return CLIENT_SCOPES
    return oauthError(
      400,
      'invalid_request',
      `the password grant needs scope (for example ${KNOWN_SCOPES.join('+')})`,
    )
  }
  const scopes = parseScopes(scope)
  if ('unknown' in scopes)
    return oauthError(
      400,
      'invalid_scope',
      `unknown scope ${clipped(scopes.unknown)}; known: ${KNOWN_SCOPES.join(', ')}`,
    )
  return scopes
}

/** Who may ask for tokens: the service's Registry, or hql/testing's stand-in that signs anyone in. */
export interface ClientDirectory {
  authenticateClient(
    clientId: string,
    clientSecret: string,
  ): { readonly clientId: string; readonly passwordGrant: boolean } | undefined
  authenticateUser(username: string, password: string): Promise<boolean>
}

export interface TokenEndpointDeps {
  readonly registry: ClientDirectory
  readonly tokens: Tokens
  /** The per-client budget (shared with graph requests): spent only once the client has authenticated. */
  readonly limiter: Limiter
  /** Failed authentications, by source address and by username. */
  readonly failures: FailureLimits
  /**
   * Password checks (scrypt, ~50–100 ms of a core each) at once, in turns by source address, so that one
   * address's guesses delay another's sign-in by one check at most. Without it checks run as they come
   * (hql/testing's token endpoint, which checks no hash).
   */
  readonly passwordChecks?: FairQueue
}

/**
 * What the token endpoints read of a request: two headers, and the key of its source address. Only these,
 * never the header dictionary, so that no header name the sender chose is ever looked up.
 */
export interface TokenRequest {
  readonly contentType: string | undefined
  readonly authorization: string | undefined
  /** The source address key failed attempts count under (see http/client-address.ts). */
  readonly address: string
  /** The name of a header the request sent more than once (Authorization, Content-Type): refused. */
  readonly repeated?: string
}

const tooMany = (what: string, wait: number): OAuthAnswer =>
  oauthError(429, 'rate_limited', `${what}; retry in ${wait} s`, { 'Retry-After': String(wait) })

/** An answer, and whether it is a failed authentication (which stays counted against the address). */
type Outcome = OAuthAnswer & { readonly failed?: true }
const failed = (answer: OAuthAnswer): Outcome => ({ ...answer, failed: true })

/**
 * Runs one attempt at a token endpoint, counted against its source address before anything is checked: the
 * count is reserved in the same step as the comparison with the budget, before any await (in Redis, one
 * script), so that attempts sent side by side are counted as they arrive, not after their checks have run.
 * An address over its budget is refused every attempt, right or wrong, so that guessing there learns nothing.
 * Only a failed authentication keeps its count: a success, a malformed form, or any other answer gives it back.
 */
async function counted(
  deps: TokenEndpointDeps,
  request: TokenRequest,
  attempt: () => Promise<Outcome>,
): Promise<OAuthAnswer> {
  const addressWait = await deps.failures.byAddress.reserve(request.address)
  if (addressWait > 0) return tooMany('too many failed authentications from this address', addressWait)
  let outcome: Outcome | undefined
  try {
    outcome = await attempt()
  } finally {
    if (outcome?.failed !== true) await deps.failures.byAddress.release(request.address)
  }
  const { status, body, headers } = outcome
  return { status, body, headers }
}

/**
 * The one Content-Type the token endpoints read: the form type, exactly (no `-evil` suffix), with at most a
 * charset of UTF-8, which is how the body is decoded: a form in another charset would be misread, not refused.
 */
const FORM_TYPE = /^application\/x-www-form-urlencoded(?:\s*;\s*charset=(?:utf-8|"utf-8"))?\s*$/i

/**
 * The first parameter the form holds more than once. RFC 6749 §3.1: "Request and response parameters MUST NOT
 * be included more than once"; taking the first (URLSearchParams.get) would let `grant_type=a&grant_type=b`
 * mean whatever this server happens to read.
 */
function repeatedParameter(form: URLSearchParams): string | undefined {
  const seen = new Set<string>()
  for (const name of form.keys()) {
    if (seen.has(name)) return name
    seen.add(name)
  }
  return undefined
}

/**
 * Parses the form and authenticates the client: shared by the token and check_token endpoints. A failed client
 * authentication is counted against the source address (by `counted`), never against the client id it named:
 * anyone can name a client id, and counting there would let anyone lock that client out. Once the client has
 * authenticated, the request spends its own budget, as its graph requests do.
 */
async function authenticate(
  deps: TokenEndpointDeps,
  request: TokenRequest,
  body: Buffer,
): Promise<{ form: URLSearchParams; clientId: string; passwordGrant: boolean } | Outcome> {
  if (request.repeated !== undefined)
    return oauthError(400, 'invalid_request', `send the ${request.repeated} header once`)
  if (!FORM_TYPE.test(request.contentType ?? ''))
    return oauthError(
      400,
      'invalid_request',
      'send the parameters form-encoded, as Content-Type application/x-www-form-urlencoded (charset utf-8, if one is named)',
    )
  const form = new URLSearchParams(body.toString('utf8'))
  const twice = repeatedParameter(form)
  if (twice !== undefined)
    return oauthError(400, 'invalid_request', `send the parameter ${clipped(twice)} once (RFC 6749 §3.1)`)
  const refused = (description: string): Outcome => failed(invalidClient(description))
  const basic = basicCredentials(request.authorization)
  if (basic === 'malformed') return refused('the Authorization header is not valid Basic credentials')
  const formId = form.get('client_id') ?? undefined
  const formSecret = form.get('client_secret') ?? undefined
  const id = basic?.id ?? formId
  const secret = basic?.secret ?? formSecret
  if (id === undefined || secret === undefined)
    return refused('client authentication is required: send Basic credentials or client_id and client_secret')
  // The notes say the credentials come twice; when both copies are there they must agree, or which one
  // authenticated would be ours to guess.
  if (basic && formId !== undefined && formId !== basic.id)
    return refused('client_id in the form differs from the one in the Authorization header')
  if (basic && formSecret !== undefined && formSecret !== basic.secret)
    return refused('client_secret in the form differs from the one in the Authorization header')
  const client = deps.registry.authenticateClient(id, secret)
  if (client === undefined) return refused('Bad client credentials')
  const wait = await deps.limiter.take(client.clientId)
  if (wait > 0) return tooMany('too many requests for this client id', wait)
  return { form, clientId: client.clientId, passwordGrant: client.passwordGrant }
}

/**
 * Checks a password grant's username and password. Guesses on one username are limited from every address
 * together, so that many addresses do not multiply the guesses; the guess is counted before the hash is
 * computed (reserved, as `counted` does for the address), and over the budget every attempt is refused, the
 * right password's too. A right password gives its count back.
 */
async function checkUser(
  deps: TokenEndpointDeps,
  address: string,
  username: string,
  password: string,
): Promise<Outcome | true> {
  const userKey = AuthFailures.usernameKey(username)
  const userWait = await deps.failures.byUsername.reserve(userKey)
  if (userWait > 0) return tooMany('too many failed sign-ins for this username', userWait)
  let right: boolean | undefined
  try {
    const check = () => deps.registry.authenticateUser(username, password)
    const admitted = deps.passwordChecks === undefined ? check() : deps.passwordChecks.enter(address, check)
    if (admitted === undefined) {
      const retry = deps.passwordChecks?.retryAfterSeconds() ?? 1
      return oauthError(503, 'temporarily_unavailable', `too many sign-ins at once; retry in ${retry} s`, {
        'Retry-After': String(retry),
      })
    }
    right = await admitted
  } finally {
    if (right !== false) await deps.failures.byUsername.release(userKey)
  }
  return right || failed(oauthError(400, 'invalid_grant', 'Bad credentials'))
}

/** POST {auth_url}/1.3/security/oauth/token: password, refresh_token and client_credentials grants. */
export function tokenEndpoint(
  deps: TokenEndpointDeps,
  request: TokenRequest,
  body: Buffer,
): Promise<OAuthAnswer> {
  return counted(deps, request, () => grant(deps, request, body))
}

async function grant(deps: TokenEndpointDeps, request: TokenRequest, body: Buffer): Promise<Outcome> {
  const auth = await authenticate(deps, request, body)
  if ('status' in auth) return auth
  const { form, clientId } = auth
  const grantType = form.get('grant_type')
  const ok = (tokens: IssuedTokens): OAuthAnswer => ({
    status: 200,
    body: tokenBody(tokens),
    headers: NO_STORE,
  })

  switch (grantType) {
    case 'password': {
      // SERVICE-SPEC.md, Errors: an application not approved for this grant gets invalid_client.
      if (!auth.passwordGrant) return invalidClient('Unauthorized grant type: password')
      const username = form.get('username')
      const password = form.get('password')
      if (username === null || password === null)
        return oauthError(400, 'invalid_request', 'the password grant needs username and password')
      const scopes = grantScopes('password', form.get('scope'))
      if ('status' in scopes) return scopes
      const checked = await checkUser(deps, request.address, username, password)
      if (checked !== true) return checked
      return ok(await deps.tokens.issue({ clientId, username, scopes }, true))
    }
    case 'refresh_token': {
      const refreshToken = form.get('refresh_token')
      if (refreshToken === null)
        return oauthError(400, 'invalid_request', 'the refresh_token grant needs refresh_token')
      // RFC 6749 §6: a scope, when given, narrows the new token's; read as the other grants read it, so an
      // unknown scope is refused before the refresh token is spent.
      const scope = form.get('scope')
      const asked = scope === null ? undefined : grantScopes('refresh_token', scope)
      if (asked !== undefined && 'status' in asked) return asked
      const redeemed = await deps.tokens.redeem(refreshToken, clientId)
      if (redeemed === undefined) return failed(oauthError(400, 'invalid_grant', 'Invalid refresh token'))
      const { expiresAt: _, ...rest } = redeemed.grant
      if (asked === undefined) return ok(await deps.tokens.issue(rest, true, redeemed.family))
      // A scope the grant never had is refused; the refresh token is spent by then (the stores take it in one
      // step with reading its grant), so the client signs in again, as after any refused refresh.
      const beyond = asked.find((s) => !rest.scopes.includes(s))
      if (beyond !== undefined)
        return oauthError(
          400,
          'invalid_scope',
          `scope ${clipped(beyond)} was not granted; this grant has ${rest.scopes.join(', ')}`,
        )
      return ok(await deps.tokens.issue({ ...rest, scopes: asked }, true, redeemed.family))
    }
    case 'client_credentials': {
      const scopes = grantScopes('client_credentials', form.get('scope'))
      if ('status' in scopes) return scopes
      return ok(await deps.tokens.issue({ clientId, scopes }, false))
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
        `unsupported grant type; use password, refresh_token or client_credentials`,
      )
  }
}

/**
 * POST {auth_url}/1.3/security/oauth/check_token: what a token stands for (form field `token`), told only to
 * the client the token was issued to. Any other client gets the answer of an unknown token, word for word
 * (RFC 7662 §2.2: a caller not allowed to introspect a token learns no more than that it is not active
 * for it), so that a client cannot learn another's users or whether a token exists.
 */
export function checkTokenEndpoint(
  deps: TokenEndpointDeps,
  request: TokenRequest,
  body: Buffer,
): Promise<OAuthAnswer> {
  return counted(deps, request, () => checkToken(deps, request, body))
}

async function checkToken(deps: TokenEndpointDeps, request: TokenRequest, body: Buffer): Promise<Outcome> {
  const auth = await authenticate(deps, request, body)
  if ('status' in auth) return auth
  const token = auth.form.get('token')
  if (token === null) return oauthError(400, 'invalid_request', 'check_token needs the form field token')
  const grant = await deps.tokens.verify(token)
  if (grant === undefined || grant.clientId !== auth.clientId)
    return oauthError(400, 'invalid_token', 'Token was not recognised')
  return {
    status: 200,
    headers: NO_STORE,
    body: {
      active: true,
      client_id: grant.clientId,
      ...(grant.username === undefined ? {} : { user_name: grant.username }),
      scope: grant.scopes,
      exp: Math.floor(grant.expiresAt / 1000),
    },
  }
}
