import type { StoredToken } from '../client'

/** The stored form of a token: JSON of its five fields. */
export function tokenText(token: StoredToken): string {
  const { accessToken, refreshToken, expiresAt, issuedAt, scope } = token
  return JSON.stringify({ accessToken, refreshToken, expiresAt, issuedAt, scope })
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
