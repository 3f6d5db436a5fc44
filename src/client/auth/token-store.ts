/** A token as the client keeps it. `expiresAt` is absolute (ms since the epoch), so it survives a restart. */
export interface StoredToken {
  readonly accessToken: string
  readonly refreshToken?: string
  /** Undefined when the server gave no lifetime: the token is used until a graph endpoint rejects it. */
  readonly expiresAt?: number
  /**
   * When the token was asked for (ms since the epoch): with `expiresAt`, its lifetime, so that a token living
   * less than the refresh margin is renewed once in its life, not on every call, by whichever process reads it.
   * A store that keeps tokens elsewhere keeps this field too.
   */
  readonly issuedAt?: number
  readonly scope?: string
}

/**
 * Where the client keeps its token: memory by default; implement it to share a token between processes or
 * keep it across restarts. The client awaits every call and never holds a token it did not `get` or `set`,
 * but one: a token whose `set` threw (a read-only replica) is used while fresh, rather than asked for again on
 * every call.
 *
 * @example
 * const store: TokenStore = {
 *   get: async () => JSON.parse((await redis.get('hql-token')) ?? 'null') ?? undefined,
 *   set: async (token) => void (await redis.set('hql-token', JSON.stringify(token))),
 *   clear: async () => void (await redis.del('hql-token')),
 * }
 */
export interface TokenStore {
  get(): Promise<StoredToken | undefined>
  set(token: StoredToken): Promise<void>
  clear(): Promise<void>
  /**
   * Optional: a refresh shared with other processes (`redisTokenStore` from `hql/redis` has one). When present,
   * the client calls it instead of asking the token endpoint and calling `set` itself, so that a store seen by
   * many processes can let one of them call `renewal.obtain` while the others wait for the token it stores.
   * Resolves with the token to use: a usable one already stored, or the one obtained (and stored).
   */
  refresh?(renewal: TokenRenewal): Promise<StoredToken>
}

/** What a store's `refresh` is given: how to judge a stored token, and how to get a new one. */
export interface TokenRenewal {
  /** Whether a stored token can be used as it is: fresh enough, and not the token being replaced. */
  usable(token: StoredToken): boolean
  /** Asks the token endpoint (`current` is the stored token, whose refresh token a grant may use). */
  obtain(current: StoredToken | undefined): Promise<StoredToken>
}

/**
 * A token store that lives in this process's memory: the default of `createClient`.
 *
 * @example
 * const auth = passwordGrant({ authUrl, clientId, clientSecret, username, password, tokenStore: memoryTokenStore() })
 */
export function memoryTokenStore(initial?: StoredToken): TokenStore {
  let token = initial
  return {
    get: async () => token,
    set: async (next) => {
      token = next
    },
    clear: async () => {
      token = undefined
    },
  }
}
