import type { StoredToken } from '../client'

/**
 * The stored form of a token: JSON of its five fields. A time JSON cannot hold is stored as what the client
 * takes it for (it wrote null, which the reading side refused: the token was dropped, where memoryTokenStore
 * kept it): `expiresAt` Infinity as no expiry, NaN or -Infinity as expired (0, as the client reads a bad
 * expiry: expired already); `issuedAt` that is not finite as unknown (left out).
 */
export function tokenText(token: StoredToken): string {
  const { accessToken, refreshToken, scope } = token
  const expiresAt = storedExpiry(token.expiresAt)
  const issuedAt = Number.isFinite(token.issuedAt) ? token.issuedAt : undefined
  return JSON.stringify({ accessToken, refreshToken, expiresAt, issuedAt, scope })
}

/** `expiresAt` as stored (see `tokenText`). */
export function storedExpiry(expiresAt: number | undefined): number | undefined {
  if (expiresAt === undefined || expiresAt === Infinity) return undefined
  return Number.isFinite(expiresAt) ? expiresAt : 0
}

/**
 * A token read back from Redis, which anyone with access may have written: only well-formed fields are kept,
 * and anything else reads as no token at all (the next refresh replaces it).
 */
export function parseToken(text: string): StoredToken | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const { accessToken, refreshToken, expiresAt, issuedAt, scope } = value as Record<string, unknown>
  if (typeof accessToken !== 'string' || accessToken === '') return undefined
  if (refreshToken !== undefined && typeof refreshToken !== 'string') return undefined
  if (expiresAt !== undefined && !Number.isFinite(expiresAt)) return undefined
  if (issuedAt !== undefined && !Number.isFinite(issuedAt)) return undefined
  if (scope !== undefined && typeof scope !== 'string') return undefined
  return {
    accessToken,
    ...(refreshToken === undefined ? {} : { refreshToken }),
    ...(expiresAt === undefined ? {} : { expiresAt: expiresAt as number }),
    ...(issuedAt === undefined ? {} : { issuedAt: issuedAt as number }),
    ...(scope === undefined ? {} : { scope }),
  }
}
