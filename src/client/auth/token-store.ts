/** A token as the client keeps it. `expiresAt` is absolute (ms since the epoch), so it survives a restart. */
export interface StoredToken {
  readonly accessToken: string
  readonly refreshToken?: string
  /** Undefined when the server gave no lifetime: the token is used until a graph endpoint rejects it. */
  readonly expiresAt?: number
  readonly scope?: string
}

/**
 * Where the client keeps its token: memory by default; implement it to share a token between processes or
 * keep it across restarts. The client awaits every call and never holds a token it did not `get` or `set`.
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
}

/**
 * A token store that lives in this process's memory: the default of `createClient`.
 *
 * @example
 * const client = createClient({ baseUrl, auth, tokenStore: memoryTokenStore() })
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
