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
 * The refresh running for each store, and the signal of the call that started it: every grant given the same
 * store joins it rather than start its own.
 */
const renewals = new WeakMap<TokenStore, [Promise<StoredToken>, AbortSignal]>()

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
  // The lifetime of the token this grant obtained last, for a token that does not carry its `issuedAt`.
  let last: { accessToken: string; lifetimeMs: number } | undefined
  // A token obtained that the store refused to keep (`set` threw: a read-only replica, a full disk): used while
  // fresh. Dropped, every call went on to ask the token endpoint again (and failed with the store's error).
  let unstored: StoredToken | undefined

  // A store is the app's code, or data anyone with access wrote: what `get` gives that is no token (null, a
  // bare string, a number or object where a token goes) counts as none, and the grant asks for a new one,
  // rather than crash the call or send `Bearer undefined`. A bad `expiresAt` reads as expired already.
  const read = async (signal: AbortSignal): Promise<StoredToken | undefined> => {
    const token = (await raceAbort(store.get(), signal)) as StoredToken | undefined
    return typeof token?.accessToken == 'string' &&
      token.accessToken &&
      typeof (token.refreshToken ?? '') == 'string'
      ? token
      : undefined
  }

  // A store may hand out tokens this grant never obtained; they are secrets all the same.
  const remember = (token: StoredToken | undefined, context: AuthContext): void => {
    context.secrets.add(token?.accessToken)
    context.secrets.add(token?.refreshToken)
  }

  /**
   * Whether a token can be used: it is not the one being replaced (requests that read the store before the
   * last refresh finished arrive with the old token), and it is fresh: `refreshMarginMs` before it expires, or
   * half its lifetime for a token that lives less than twice the margin (a 20 s token and the 60 s default:
   * renewed after 10 s, once in its life, rather than on every call). The lifetime is the token's own
   * (`issuedAt`, which a shared store keeps, so that every process reading it agrees), or what this grant saw
   * when it obtained it.
   */
  const usable = (token: StoredToken | undefined, stale?: string): boolean => {
    if (!token || token.accessToken === stale) return false
    if (token.expiresAt === undefined) return true
    const lifetimeMs =
      token.issuedAt !== undefined
        ? token.expiresAt - token.issuedAt
        : last?.accessToken === token.accessToken
          ? last.lifetimeMs
          : Infinity
    return Date.now() < token.expiresAt - Math.max(0, Math.min(refreshMarginMs, lifetimeMs / 2))
  }

  async function refresh(
    stale: string | undefined,
    reason: TokenRefreshInfo['reason'],
    context: AuthContext,
  ): Promise<StoredToken> {
    /** Asks the token endpoint; the store is the caller's to update. */
    const obtainFor = async (current: StoredToken | undefined): Promise<StoredToken> => {
      remember(current, context)
      const startedAt = Date.now()
      try {
        // The grant's token request has made its tokens secrets already.
        const token = await obtain(current, reason, context)
        if (token.expiresAt !== undefined)
          last = { accessToken: token.accessToken, lifetimeMs: token.expiresAt - startedAt }
        return token
      } catch (error) {
        // A grant the server refuses for good leaves nothing worth keeping: forget it rather than retry it.
        if (error instanceof OAuthError && error.error === 'invalid_grant') await store.clear()
        throw error
      }
    }
    if (store.refresh !== undefined) {
      // What it resolves with, `shared` remembers as a secret; `obtain` the token it replaces.
      return store.refresh({ usable: (token) => usable(token, stale), obtain: obtainFor })
    }
    // Under the signal of the call that started the refresh: a store that never answers is bounded by that call's
    // limits (a refresh read under none held every later call up for good). `shared` takes it from there.
    const current = await read(context.signal)
    if (usable(current, stale)) return current!
    if (usable(unstored, stale)) return unstored!
    const token = await obtainFor(current)
    try {
      await store.set(token)
      unstored = undefined
    } catch {
      // The token is good: the call uses it, and so do the next ones until the store takes one again.
      unstored = token
    }
    return token
  }

  // One refresh at a time per store, shared by every call waiting, whichever client of the store it is (several
  // clients given one memoryTokenStore renewed once each); each call still stops waiting at its own signal.
  const shared = (
    stale: string | undefined,
    reason: TokenRefreshInfo['reason'],
    context: AuthContext,
  ): Promise<StoredToken> => {
    let running = renewals.get(store)
    if (!running)
      renewals.set(
        store,
        (running = [refresh(stale, reason, context).finally(() => renewals.delete(store)), context.signal]),
      )
    const [refreshed, startedBy] = running
    return raceAbort(refreshed, context.signal).then(
      (token) => (remember(token, context), token),
      (error: unknown) => {
        // The call that started it stopped waiting (its abort, its time limit), and its refresh with it: a call
        // still waiting starts its own rather than fail with another call's abort.
        if (!startedBy.aborted || context.signal.aborted) throw error
        return shared(stale, reason, context)
      },
    )
  }

  return {
    secrets,
    async token(context) {
      // While a refresh is under way, the call waits for it (`shared` joins it) rather than read the store.
      const inflight = renewals.has(store)
      const stored = inflight ? undefined : await read(context.signal)
      remember(stored, context)
      if (usable(stored)) return stored!.accessToken
      if (!inflight && usable(unstored)) return unstored!.accessToken
      return (await shared(stored?.accessToken, stored === undefined ? 'missing' : 'expiring', context))
        .accessToken
    },
    async renew(rejected, context) {
      // A renewal already under way (started for an older token) may hand back the very token just rejected
      // (a service that forgot every token at once): then one more, this time to replace that one.
      let token = await shared(rejected, 'rejected', context)
      if (token.accessToken === rejected) token = await shared(rejected, 'rejected', context)
      return token.accessToken
    },
  }
}
