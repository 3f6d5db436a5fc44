import { ServiceError } from './errors'

/** A 401 of a graph endpoint, with the `WWW-Authenticate` challenge that names the error (RFC 6750 §3). */
export const unauthorized = (code: string, message: string): ServiceError =>
  new ServiceError(401, code, message, {
    headers: { 'WWW-Authenticate': `Bearer realm="hql", error="${code}"` },
  })

/** The 401 of a token that is not (or no longer) valid. */
export const invalidToken = (): ServiceError =>
  unauthorized('invalid_token', 'the access token is unknown or expired; get a new one')

/**
 * The bearer token of a graph request: the `Authorization` header, or the older `?access_token=` parameter
 * when there is no header. Throws the service's 401s: `invalid_token` for a header that is not
 * `Bearer <token>` (Basic credentials included), `unauthorized` when there is no token at all. Shared with
 * hql/testing's handlers, so that both refuse the same requests with the same codes.
 */
export function bearerToken(authorization: string | null | undefined, url: URL): string {
  if (authorization !== undefined && authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
    if (!match)
      throw unauthorized('invalid_token', 'the Authorization header must be "Bearer <access_token>"')
    return match[1] as string
  }
  const token = url.searchParams.get('access_token')
  if (token === null)
    throw unauthorized(
      'unauthorized',
      'an access token is required: send Authorization: Bearer <access_token>',
    )
  return token
}
