import { ServiceError } from './errors'

/**
 * The challenge of a graph endpoint's refusal (RFC 6750 §3): with the error code when the request carried a
 * bearer token, or tried to; without one when it carried no bearer credentials at all (§3.1: "If the request
 * lacks any authentication information (e.g., the client was unaware that authentication is necessary or
 * attempted using an unsupported authentication method), the resource server SHOULD NOT include an error code
 * or other error information").
 */
const challenge = (error?: string): Record<string, string> => ({
  'WWW-Authenticate': error === undefined ? 'Bearer realm="hql"' : `Bearer realm="hql", error="${error}"`,
})

/** The 401 of a token that is not (or no longer) valid. */
export const invalidToken = (
  message = 'the access token is unknown or expired; get a new one',
): ServiceError => new ServiceError(401, 'invalid_token', message, { headers: challenge('invalid_token') })

/**
 * The 401 of a request without bearer credentials (no token, or credentials of another scheme such as Basic):
 * the JSON body still names a code, the challenge does not.
 */
export const missingToken = (): ServiceError =>
  new ServiceError(
    401,
    'unauthorized',
    'an access token is required: send Authorization: Bearer <access_token>',
    { headers: challenge() },
  )

/** The 400 of bearer credentials that are malformed, or sent two ways at once (RFC 6750 §3.1 invalid_request). */
const invalidRequest = (message: string): ServiceError =>
  new ServiceError(400, 'invalid_request', message, { headers: challenge('invalid_request') })

/** `Bearer` and the rest of the header: the scheme is matched without regard to case (RFC 7235 §2.1). */
const BEARER_SCHEME = /^Bearer(?:\s|$)/i
/** A credential of the Bearer scheme: one b64token (RFC 6750 §2.1), spaces around it allowed. */
const BEARER_CREDENTIALS = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i
/** A token sent as the parameter: the same b64token, nothing around it. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/

/**
 * The bearer token of a graph request: the `Authorization` header, or the older `?access_token=` parameter.
 * Throws the service's refusals, as RFC 6750 §3.1 has them: 401 `unauthorized` with a bare challenge when
 * there are no bearer credentials (no header and no parameter, or a header of another scheme such as Basic);
 * 400 `invalid_request` for a Bearer header that is not `Bearer <b64token>`, or a token sent both in the header
 * and as the parameter, or either sent twice. Whether a well-formed token is valid is the caller's to check (`invalidToken`).
 * Shared with hql/testing's handlers, so that both refuse the same requests with the same codes and challenges.
 */
export function bearerToken(authorization: string | readonly string[] | null | undefined, url: URL): string {
  // RFC 6749 §3.1, RFC 6750 §2: credentials sent twice are refused, never the first taken, so that which one
  // authenticated is not a matter of which the server happened to read.
  if (typeof authorization === 'object' && authorization !== null && authorization.length > 1)
    throw invalidRequest('send the Authorization header once')
  const header =
    typeof authorization === 'object' && authorization !== null ? authorization[0] : authorization
  const fromQueries = url.searchParams.getAll('access_token')
  if (fromQueries.length > 1) throw invalidRequest('send ?access_token= once')
  const fromQuery = fromQueries[0] ?? null
  if (header !== undefined && header !== null && BEARER_SCHEME.test(header.trimStart())) {
    const match = BEARER_CREDENTIALS.exec(header.trim())
    if (!match) throw invalidRequest('the Authorization header must be "Bearer <access_token>", one token')
    if (fromQuery !== null)
      throw invalidRequest('send the access token once: in the Authorization header or as ?access_token=')
    return match[1] as string
  }
  // No header, or credentials of another scheme (Basic…), which graph endpoints do not take: the token may still
  // come as the parameter; without it the request has no bearer credentials.
  if (fromQuery === null) throw missingToken()
  if (!B64TOKEN.test(fromQuery)) throw invalidRequest('?access_token= must be an access token')
  return fromQuery
}
