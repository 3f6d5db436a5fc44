import { OAuthError } from '../errors'
import type { TokenRefreshInfo } from '../hooks'
import { raceAbort } from '../signals'
import type { Auth, GrantEnv } from './grants'
import type { StoredToken, TokenStore } from './token-store'

/**
 * Hands out access tokens: from the store while they are fresh, otherwise from one refresh shared by every
 * request that is waiting, however many there are.
 */
export class TokenManager {
  private inflight: Promise<StoredToken> | undefined
  // The lifetime of the token this manager obtained last, to keep a large margin from refreshing on every call.
  private last: { accessToken: string; lifetimeMs: number } | undefined

  constructor(
    private readonly auth: Auth,
    private readonly store: TokenStore,
    private readonly env: GrantEnv,
    private readonly refreshMarginMs: number,
  ) {}

  /** A token to send now; waits for a refresh when the stored one is missing or about to expire. */
  async accessToken(signal: AbortSignal | undefined): Promise<string> {
    if (this.inflight !== undefined) return (await raceAbort(this.inflight, signal)).accessToken
    const stored = await raceAbort(this.store.get(), signal)
    this.remember(stored)
    if (stored !== undefined && this.isFresh(stored)) return stored.accessToken
    const reason = stored === undefined ? 'missing' : 'expiring'
    return (await raceAbort(this.refresh(stored?.accessToken, reason), signal)).accessToken
  }

  /**
   * A replacement for a token a graph endpoint rejected, or undefined when this auth cannot renew. If another
   * request already replaced it, that replacement is used instead of refreshing again.
   */
  async replace(rejected: string, signal: AbortSignal | undefined): Promise<string | undefined> {
    if (!this.auth.renewable) return undefined
    return (await raceAbort(this.refresh(rejected, 'rejected'), signal)).accessToken
  }

  private refresh(stale: string | undefined, reason: TokenRefreshInfo['reason']): Promise<StoredToken> {
    this.inflight ??= this.obtain(stale, reason).finally(() => {
      this.inflight = undefined
    })
    return this.inflight
  }

  private async obtain(stale: string | undefined, reason: TokenRefreshInfo['reason']): Promise<StoredToken> {
    const current = await this.store.get()
    this.remember(current)
    // Requests that read the store before the last refresh finished arrive here with the old token.
    if (current !== undefined && current.accessToken !== stale && this.isFresh(current)) return current
    const startedAt = this.env.ctx.now()
    let token: StoredToken
    try {
      token = await this.auth.obtain(current, reason, this.env)
    } catch (error) {
      // A grant the server refuses for good leaves nothing worth keeping: forget it rather than retry it.
      if (error instanceof OAuthError && error.error === 'invalid_grant') await this.store.clear()
      throw error
    }
    if (token.expiresAt !== undefined)
      this.last = { accessToken: token.accessToken, lifetimeMs: token.expiresAt - startedAt }
    await this.store.set(token)
    return token
  }

  // A store may hand out tokens this client never obtained; they are secrets all the same.
  private remember(token: StoredToken | undefined): void {
    this.env.ctx.secrets.add(token?.accessToken)
    this.env.ctx.secrets.add(token?.refreshToken)
  }

  private isFresh(token: StoredToken): boolean {
    if (token.expiresAt === undefined) return true
    const margin =
      this.last?.accessToken === token.accessToken
        ? Math.min(this.refreshMarginMs, this.last.lifetimeMs / 2)
        : this.refreshMarginMs
    return this.env.ctx.now() < token.expiresAt - margin
  }
}
