import { randomBytes } from 'node:crypto'

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

/** At most this many live tokens of each kind; the oldest go first beyond it, so memory stays bounded. */
const MAX_TOKENS = 100_000

/**
 * Opaque random tokens (32 bytes, base64url) in memory. A refresh token is single-use: redeeming it
 * removes it and issues a new pair (rotation), so a stolen, already used refresh token is worthless.
 */
export class TokenStore {
  private readonly access = new Map<string, Grant>()
  private readonly refresh = new Map<string, Grant>()

  constructor(
    private readonly lifetimes: TokenLifetimes,
    private readonly now: () => number,
  ) {}

  issue(grant: Omit<Grant, 'expiresAt'>, withRefresh: boolean): IssuedTokens {
    const accessToken = randomBytes(32).toString('base64url')
    this.put(this.access, accessToken, {
      ...grant,
      expiresAt: this.now() + this.lifetimes.accessSeconds * 1000,
    })
    let refreshToken: string | undefined
    if (withRefresh) {
      refreshToken = randomBytes(32).toString('base64url')
      this.put(this.refresh, refreshToken, {
        ...grant,
        expiresAt: this.now() + this.lifetimes.refreshSeconds * 1000,
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
    const grant = this.access.get(accessToken)
    if (grant === undefined) return undefined
    if (grant.expiresAt <= this.now()) {
      this.access.delete(accessToken)
      return undefined
    }
    return grant
  }

  /** Takes a refresh token out of the store (it cannot be used twice); undefined if unknown, expired or another client's. */
  redeem(refreshToken: string, clientId: string): Grant | undefined {
    const grant = this.refresh.get(refreshToken)
    if (grant === undefined || grant.clientId !== clientId) return undefined
    this.refresh.delete(refreshToken)
    return grant.expiresAt > this.now() ? grant : undefined
  }

  private put(map: Map<string, Grant>, token: string, grant: Grant): void {
    if (map.size >= MAX_TOKENS) {
      const now = this.now()
      for (const [key, value] of map) if (value.expiresAt <= now) map.delete(key)
      for (const key of map.keys()) {
        if (map.size < MAX_TOKENS) break
        map.delete(key)
      }
    }
    map.set(token, grant)
  }
}
