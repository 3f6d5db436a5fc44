import { OAuthError } from '../errors'
import type { TokenRefreshInfo } from '../hooks'
import { raceAbort } from '../signals'
import type { Auth, GrantEnv } from './grants'
import type { StoredToken, TokenStore } from './token-store'

/**
 * Hands out access tokens: from the store while they are fresh, otherwise from one refresh shared by every
 * request that is waiting, however many there are.
 */
export interface TokenManager {
  /** A token to send now; waits for a refresh when the stored one is missing or about to expire. */
  accessToken(signal: AbortSignal | undefined): Promise<string>
  /**
   * A replacement for a token a graph endpoint rejected, or undefined when this auth cannot renew. If another
   * request already replaced it, that replacement is used instead of refreshing again.
   */
  replace(rejected: string, signal: AbortSignal | undefined): Promise<string | undefined>
}

export function tokenManager(
  auth: Auth,
  store: TokenStore,
  env: GrantEnv,
  refreshMarginMs: number,
): TokenManager {
  const { ctx } = env
  let inflight: Promise<StoredToken> | undefined
  // The lifetime of the token this manager obtained last, for a token that does not carry its `issuedAt`.
  let last: { accessToken: string; lifetimeMs: number } | undefined

  // A store may hand out tokens this client never obtained; they are secrets all the same.
  const remember = (token: StoredToken | undefined): void => {
    ctx.secrets.addToken(token?.accessToken)
    ctx.secrets.addToken(token?.refreshToken)
  }

  /**
   * Whether a token is fresh: `refreshMarginMs` before it expires, or half its lifetime for a token that
   * lives less than twice the margin (a 20 s token and the 60 s default: renewed after 10 s, once in its life,
   * rather than on every call). The lifetime is the token's own (`issuedAt`, which a shared store keeps, so
   * that every process reading it agrees), or what this manager saw when it obtained it.
   */
  const isFresh = (token: StoredToken): boolean => {
    if (token.expiresAt === undefined) return true
    const lifetimeMs =
      token.issuedAt !== undefined
        ? token.expiresAt - token.issuedAt
        : last?.accessToken === token.accessToken
          ? last.lifetimeMs
          : Infinity
    return ctx.now() < token.expiresAt - Math.max(0, Math.min(refreshMarginMs, lifetimeMs / 2))
  }

  // Requests that read the store before the last refresh finished arrive with the old token: a stored token
  // that is fresh and not the one being replaced is used as it is.
  const usable = (token: StoredToken, stale: string | undefined): boolean =>
    token.accessToken !== stale && isFresh(token)

  /** Asks the token endpoint; the store is the caller's to update. */
  async function request(current: StoredToken | undefined, reason: TokenRefreshInfo['reason']) {
    remember(current)
    const startedAt = ctx.now()
    try {
      const token = await auth.obtain(current, reason, env)
      if (token.expiresAt !== undefined)
        last = { accessToken: token.accessToken, lifetimeMs: token.expiresAt - startedAt }
      return token
    } catch (error) {
      // A grant the server refuses for good leaves nothing worth keeping: forget it rather than retry it.
      if (error instanceof OAuthError && error.error === 'invalid_grant') await store.clear()
      throw error
    }
  }

  async function obtain(stale: string | undefined, reason: TokenRefreshInfo['reason']): Promise<StoredToken> {
    // A store shared by several processes decides which of them asks the token endpoint.
    if (store.refresh !== undefined) {
      const token = await store.refresh({
        usable: (token) => usable(token, stale),
        obtain: (current) => request(current, reason),
      })
      remember(token)
      return token
    }
    const current = await store.get()
    remember(current)
    if (current !== undefined && usable(current, stale)) return current
    const token = await request(current, reason)
    await store.set(token)
    return token
  }

  const refresh = (stale: string | undefined, reason: TokenRefreshInfo['reason']): Promise<StoredToken> =>
    (inflight ??= obtain(stale, reason).finally(() => {
      inflight = undefined
    }))

  return {
    async accessToken(signal) {
      if (inflight !== undefined) return (await raceAbort(inflight, signal)).accessToken
      const stored = await raceAbort(store.get(), signal)
      remember(stored)
      if (stored !== undefined && isFresh(stored)) return stored.accessToken
      const reason = stored === undefined ? 'missing' : 'expiring'
      return (await raceAbort(refresh(stored?.accessToken, reason), signal)).accessToken
    },
    async replace(rejected, signal) {
      if (!auth.renewable) return undefined
      return (await raceAbort(refresh(rejected, 'rejected'), signal)).accessToken
    },
  }
}
