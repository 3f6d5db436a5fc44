import { ClientConfigError, OAuthError } from '../errors'
import type { TokenRefreshInfo } from '../hooks'
import { atLeast0, numberOption } from '../option-checks'
import { raceAbort } from '../signals'
import type { Auth, AuthContext } from './auth'
import { memoryTokenStore, type StoredToken, type TokenStore } from './token-store'

/** Options every grant that asks a token endpoint takes: where it keeps the token, and when it renews it. */
export interface TokenOptions {
  /** Where the token is kept. Default: `memoryTokenStore()`, this grant's own. */
  readonly tokenStore?: TokenStore
  /** A token is renewed this long before it expires (or at half its life, if shorter). Default 60 000 ms. */
  readonly refreshMarginMs?: number
  /** Told each time the grant asks the token endpoint: which grant, why; never the tokens. */
  readonly onTokenRefresh?: (info: TokenRefreshInfo) => void | Promise<void>
  /** Limit for one token request, response included. Default 10 000 ms. */
  readonly timeoutMs?: number
}

/** How a grant asks its token endpoint: `current` is the stored token, whose refresh token it may use. */
export type Obtain = (
  current: StoredToken | undefined,
  reason: TokenRefreshInfo['reason'],
  context: AuthContext,
) => Promise<StoredToken>

/**
 * An `Auth` over a token endpoint: hands out the stored token while it is fresh, otherwise obtains one with
 * `obtain`, one request at a time however many calls wait (a store shared by several processes decides which
 * of them asks: `TokenStore.refresh`).
 */
export function managedAuth(obtain: Obtain, options: TokenOptions, secrets: readonly string[]): Auth {
  const store = options.tokenStore ?? memoryTokenStore()
  if (
    typeof store?.get !== 'function' ||
    typeof store.set !== 'function' ||
    typeof store.clear !== 'function'
  )
    throw new ClientConfigError('expected a TokenStore (get, set, clear)', ['auth', 'tokenStore'])
  const refreshMarginMs = numberOption(options.refreshMarginMs, 60_000, ['auth', 'refreshMarginMs'], atLeast0)
  let inflight: Promise<StoredToken> | undefined
  // The lifetime of the token this grant obtained last, for a token that does not carry its `issuedAt`.
  let last: { accessToken: string; lifetimeMs: number } | undefined
  // A token obtained that the store refused to keep (`set` threw: a read-only replica, a full disk): used while
  // fresh. Dropped, every call went on to ask the token endpoint again (and failed with the store's error).
  let unstored: StoredToken | undefined

  // A store may hand out tokens this grant never obtained; they are secrets all the same.
  const remember = (token: StoredToken | undefined, context: AuthContext): void => {
    context.secrets.add(token?.accessToken)
    context.secrets.add(token?.refreshToken)
  }

  /**
   * Whether a token is fresh: `refreshMarginMs` before it expires, or half its lifetime for a token that
   * lives less than twice the margin (a 20 s token and the 60 s default: renewed after 10 s, once in its life,
   * rather than on every call). The lifetime is the token's own (`issuedAt`, which a shared store keeps, so
   * that every process reading it agrees), or what this grant saw when it obtained it.
   */
  const isFresh = (token: StoredToken): boolean => {
    if (token.expiresAt === undefined) return true
    const lifetimeMs =
      token.issuedAt !== undefined
        ? token.expiresAt - token.issuedAt
        : last?.accessToken === token.accessToken
          ? last.lifetimeMs
          : Infinity
    return Date.now() < token.expiresAt - Math.max(0, Math.min(refreshMarginMs, lifetimeMs / 2))
  }

  // Requests that read the store before the last refresh finished arrive with the old token: a stored token
  // that is fresh and not the one being replaced is used as it is.
  const usable = (token: StoredToken, stale: string | undefined): boolean =>
    token.accessToken !== stale && isFresh(token)

  /** Asks the token endpoint; the store is the caller's to update. */
  async function request(
    current: StoredToken | undefined,
    reason: TokenRefreshInfo['reason'],
    context: AuthContext,
  ): Promise<StoredToken> {
    remember(current, context)
    const startedAt = Date.now()
    try {
      const token = await obtain(current, reason, context)
      remember(token, context)
      if (token.expiresAt !== undefined)
        last = { accessToken: token.accessToken, lifetimeMs: token.expiresAt - startedAt }
      return token
    } catch (error) {
      // A grant the server refuses for good leaves nothing worth keeping: forget it rather than retry it.
      if (error instanceof OAuthError && error.error === 'invalid_grant') await store.clear()
      throw error
    }
  }

  async function refresh(
    stale: string | undefined,
    reason: TokenRefreshInfo['reason'],
    context: AuthContext,
  ): Promise<StoredToken> {
    if (store.refresh !== undefined) {
      const token = await store.refresh({
        usable: (token) => usable(token, stale),
        obtain: (current) => request(current, reason, context),
      })
      remember(token, context)
      return token
    }
    const current = await store.get()
    remember(current, context)
    if (current !== undefined && usable(current, stale)) return current
    if (unstored !== undefined && usable(unstored, stale)) return unstored
    const token = await request(current, reason, context)
    try {
      await store.set(token)
      unstored = undefined
    } catch {
      // The token is good: the call uses it, and so do the next ones until the store takes one again.
      unstored = token
    }
    return token
  }

  // One refresh at a time, shared by every call waiting; each call still stops waiting at its own signal.
  const shared = (stale: string | undefined, reason: TokenRefreshInfo['reason'], context: AuthContext) =>
    raceAbort(
      (inflight ??= refresh(stale, reason, context).finally(() => {
        inflight = undefined
      })),
      context.signal,
    )

  return {
    secrets,
    async token(context) {
      // While a refresh is under way, the call waits for it (`shared` joins it) rather than read the store.
      const stored = inflight ? undefined : await raceAbort(store.get(), context.signal)
      remember(stored, context)
      if (stored !== undefined && isFresh(stored)) return stored.accessToken
      if (unstored !== undefined && !inflight && isFresh(unstored)) return unstored.accessToken
      return (await shared(stored?.accessToken, stored === undefined ? 'missing' : 'expiring', context))
        .accessToken
    },
    renew: async (rejected, context) => (await shared(rejected, 'rejected', context)).accessToken,
  }
}
