import { randomBytes, randomUUID } from 'node:crypto'

/** What an access token stands for. */
export interface Grant {
  readonly clientId: string
  /** Absent for client_credentials tokens: no user, so no userSocial and no `mhals-current-user`. */
  readonly username?: string
  readonly scopes: readonly string[]
  /** Unix milliseconds. */
  readonly expiresAt: number
}

export interface IssuedTokens {
  readonly accessToken: string
  readonly refreshToken?: string
  readonly expiresIn: number
  readonly scopes: readonly string[]
}

export interface TokenLifetimes {
  /** Seconds an access token is valid. */
  readonly accessSeconds: number
  /** Seconds a refresh token is valid (SERVICE-NOTES.md: tokens live two weeks at most). */
  readonly refreshSeconds: number
}

/** A redeemed refresh token: its grant, and the family the new pair joins. */
export interface Redeemed {
  readonly grant: Grant
  readonly family: string
}

/**
 * Where the token endpoints keep tokens: the in-memory `TokenStore`, or Redis for a fleet of instances
 * (service/redis/redis-tokens.ts), whose answers come later; hence either kind of answer.
 */
export interface Tokens {
  issue(
    grant: Omit<Grant, 'expiresAt'>,
    withRefresh: boolean,
    family?: string,
  ): IssuedTokens | Promise<IssuedTokens>
  verify(accessToken: string): Grant | undefined | Promise<Grant | undefined>
  redeem(refreshToken: string, clientId: string): Redeemed | undefined | Promise<Redeemed | undefined>
}

/** At most this many live tokens of each kind (and used refresh tokens); the oldest go first beyond it. */
export const MAX_TOKENS = 100_000

interface Entry {
  readonly grant: Grant
  /** The sign-in this token descends from: the first grant and every pair rotated from it share it. */
  readonly family: string
}

interface UsedRefresh {
  readonly family: string
  readonly clientId: string
  /** When the token would have expired: until then, presenting it again is a replay. */
  readonly expiresAt: number
}

/**
 * Opaque random tokens (32 bytes, base64url) in memory. A refresh token is single-use: redeeming it
 * removes it and issues a new pair (rotation). A used refresh token presented again by its client means that
 * two parties hold it (OAuth 2.0 Security BCP, refresh token rotation): the whole family (every live access
 * and refresh token descended from the same sign-in) is revoked, so a stolen token dies with the rest.
 */
export class TokenStore implements Tokens {
  private readonly access = new Map<string, Entry>()
  private readonly refresh = new Map<string, Entry>()
  private readonly used = new Map<string, UsedRefresh>()
  /** The live access and refresh tokens of each family, so that revoking one costs its size, not the store's. */
  private readonly families = new Map<string, Set<string>>()

  constructor(
    private readonly lifetimes: TokenLifetimes,
    private readonly now: () => number,
  ) {}

  /** Issues an access token (and a refresh token), in a new family unless one is given (a rotation). */
  issue(grant: Omit<Grant, 'expiresAt'>, withRefresh: boolean, family: string = randomUUID()): IssuedTokens {
    const accessToken = randomBytes(32).toString('base64url')
    this.put(this.access, accessToken, {
      grant: { ...grant, expiresAt: this.now() + this.lifetimes.accessSeconds * 1000 },
      family,
    })
    let refreshToken: string | undefined
    if (withRefresh) {
      refreshToken = randomBytes(32).toString('base64url')
      this.put(this.refresh, refreshToken, {
        grant: { ...grant, expiresAt: this.now() + this.lifetimes.refreshSeconds * 1000 },
        family,
      })
    }
    return {
      accessToken,
      ...(refreshToken === undefined ? {} : { refreshToken }),
      expiresIn: this.lifetimes.accessSeconds,
      scopes: grant.scopes,
    }
  }

  /** The grant of a live access token. */
  verify(accessToken: string): Grant | undefined {
    const entry = this.access.get(accessToken)
    if (entry === undefined) return undefined
    if (entry.grant.expiresAt <= this.now()) {
      this.forget(this.access, accessToken)
      return undefined
    }
    return entry.grant
  }

  /**
   * Takes a refresh token out of the store (it cannot be used twice); undefined if unknown, expired or another
   * client's. A token this client already redeemed revokes its family (see the class comment). Another
   * client's token is neither taken nor counted as a replay: that client cannot speak for the owner.
   */
  redeem(refreshToken: string, clientId: string): Redeemed | undefined {
    const entry = this.refresh.get(refreshToken)
    if (entry === undefined) {
      const used = this.used.get(refreshToken)
      if (used !== undefined && used.clientId === clientId) {
        this.used.delete(refreshToken)
        if (used.expiresAt > this.now()) this.revoke(used.family)
      }
      return undefined
    }
    if (entry.grant.clientId !== clientId) return undefined
    this.forget(this.refresh, refreshToken)
    if (entry.grant.expiresAt <= this.now()) return undefined
    this.remember(refreshToken, { family: entry.family, clientId, expiresAt: entry.grant.expiresAt })
    return { grant: entry.grant, family: entry.family }
  }

  /** Revokes every live token of a family. */
  private revoke(family: string): void {
    for (const token of this.families.get(family) ?? []) {
      this.access.delete(token)
      this.refresh.delete(token)
    }
    this.families.delete(family)
  }

  private put(map: Map<string, Entry>, token: string, entry: Entry): void {
    if (map.size >= MAX_TOKENS) {
      const now = this.now()
      for (const [key, value] of map) if (value.grant.expiresAt <= now) this.forget(map, key)
      for (const key of map.keys()) {
        if (map.size < MAX_TOKENS) break
        this.forget(map, key)
      }
    }
    map.set(token, entry)
    const members = this.families.get(entry.family)
    if (members === undefined) this.families.set(entry.family, new Set([token]))
    else members.add(token)
  }

  /** Drops a token from its map and from its family (and the family once it has no live token left). */
  private forget(map: Map<string, Entry>, token: string): void {
    const entry = map.get(token)
    if (entry === undefined) return
    map.delete(token)
    const members = this.families.get(entry.family)
    members?.delete(token)
    if (members?.size === 0) this.families.delete(entry.family)
  }

  private remember(token: string, used: UsedRefresh): void {
    if (this.used.size >= MAX_TOKENS) {
      const now = this.now()
      for (const [key, value] of this.used) if (value.expiresAt <= now) this.used.delete(key)
      for (const key of this.used.keys()) {
        if (this.used.size < MAX_TOKENS) break
        this.used.delete(key)
      }
    }
    this.used.set(token, used)
  }
}
