import { ServiceError } from './errors'

/**
 * The challenge of a graph endpoint's 401 (RFC 6750 §3): with the error code when a token was sent and is
 * not valid, without one when the request carried no token at all (§3.1: "the resource server SHOULD NOT
 * include an error code or other error information" then).
 */
const challenge = (error?: string): Record<string, string> => ({
  'WWW-Authenticate': error === undefined ? 'Bearer realm="hql"' : `Bearer realm="hql", error="${error}"`,
})

/** The 401 of a token that is not (or no longer) valid, or of an Authorization header that is no bearer token. */
export const invalidToken = (
  message = 'the access token is unknown or expired; get a new one',
): ServiceError => new ServiceError(401, 'invalid_token', message, { headers: challenge('invalid_token') })

/** The 401 of a request without any token: the JSON body still names a code, the challenge does not. */
export const missingToken = (): ServiceError =>
  new ServiceError(
    401,
    'unauthorized',
    'an access token is required: send Authorization: Bearer <access_token>',
    { headers: challenge() },
  )

/**
 * The bearer token of a graph request: the `Authorization` header, or the older `?access_token=` parameter
 * when there is no header. Throws the service's 401s: `invalid_token` for a header that is not
 * `Bearer <token>` (Basic credentials included), `unauthorized` when there is no token at all. Shared with
 * hql/testing's handlers, so that both refuse the same requests with the same codes and challenges.
 */
export function bearerToken(authorization: string | null | undefined, url: URL): string {
  if (authorization !== undefined && authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
    if (!match) throw invalidToken('the Authorization header must be "Bearer <access_token>"')
    return match[1] as string
  }
  const token = url.searchParams.get('access_token')
  if (token === null) throw missingToken()
  return token
}
