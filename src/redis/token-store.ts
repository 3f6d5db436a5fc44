import { ClientConfigError, type StoredToken, type TokenRenewal, type TokenStore } from '../client'
import { RedisUnavailable } from './link'
import { openLink, pause, positiveMs, type SharedOptions } from './options'
import { sealer, type EncryptionKey } from './seal'
import {
  clearToken,
  lockToken,
  probeTokenStore,
  putToken,
  readToken,
  renewLock,
  storeRefreshed,
  unlockToken,
} from './token-scripts'
import { parseToken, storedExpiry, tokenText } from './token-text'

/** Options of `redisTokenStore`. */
export interface RedisTokenStoreOptions extends SharedOptions {
  /** Encrypts the stored token (AES-256-GCM) with the app's key: a CryptoKey, 16 or 32 bytes, or a passphrase. */
  readonly encryptionKey?: EncryptionKey
  /**
   * The refresh lock's lifetime: a holder that crashed blocks the others this long at most. A live holder
   * extends it every third of it while its token request runs, so a slow token endpoint is still asked once;
   * a holder that could not extend it (paused longer than this, Redis away) loses the right to store its token.
   * Default 15 000 ms.
   */
  readonly lockMs?: number
  /** How often a process waiting for another's refresh looks for the new token. Default 50 ms. */
  readonly pollMs?: number
}

const DEFAULT_LOCK_MS = 15_000
const DEFAULT_POLL_MS = 50

/**
 * A token store shared by every process of a fleet through Redis: one token per client id, stored with its
 * absolute expiry, and refreshed by one process at a time (a lock with an expiry and a fencing number) while
 * the others wait for the token it stores. When Redis fails or is slow, the process goes on with the last token
 * it saw, refreshing on its own, and says so through `onRedisStateChange`; it shares again when Redis is back.
 *
 * @example
 * import { createClient as createRedisClient } from 'redis'
 * const redis = await createRedisClient({ url: process.env.REDIS_URL }).connect()
 * const client = createClient({ baseUrl, auth, tokenStore: redisTokenStore({ redis, key: 'hql:tokens:my-app' }) })
 */
export function redisTokenStore(options: RedisTokenStoreOptions): TokenStore {
  const link = openLink(options, 'tokenStore', Date.now, ['encryptionKey', 'lockMs', 'pollMs'], {
    probe: probeTokenStore,
    suffixes: [':lock', ':fence'],
  })
  // Whole ms: Redis takes no fraction in SET PX or PEXPIRE, and refused every lock of 1000.5.
  const lockMs = Math.ceil(positiveMs(options.lockMs, DEFAULT_LOCK_MS, ['tokenStore', 'lockMs']))
  const pollMs = positiveMs(options.pollMs, DEFAULT_POLL_MS, ['tokenStore', 'pollMs'])
  const key = options.key
  const keys = link.keys
  checkKey(options.encryptionKey)
  const seal = options.encryptionKey === undefined ? undefined : sealer(options.encryptionKey, key)
  // Names this process in the lock; random, so that two processes never take each other's lock for their own.
  const owner = globalThis.crypto.randomUUID()
  // The last token this process saw or obtained: what it goes on with while Redis is away.
  let local: StoredToken | undefined
  // The token this process got on its own after giving up on a lock held too long: not stored (the fleet still
  // waits on the live holder), but used here while usable. Kept in `local` only, the next read put Redis's
  // (stale or none) over it, and the next call waited out the same lock again.
  let alone: StoredToken | undefined

  const encode = async (token: StoredToken) => {
    const text = tokenText(token)
    return seal === undefined ? text : seal.seal(text)
  }
  const expiry = (token: StoredToken) => String(storedExpiry(token.expiresAt) ?? '')

  async function read(): Promise<StoredToken | undefined> {
    const [payload] = (await link.eval(readToken, keys, [])) as [string | null, string | null]
    const text = payload === null ? undefined : seal === undefined ? payload : await seal.open(payload)
    local = text === undefined ? undefined : parseToken(text)
    return local
  }

  // After a fallback: a token this process obtained alone is worth keeping if Redis lost its own (a restart).
  link.onRecover = async () => {
    // Read once: `local` may change while the token is sealed, and the pair must be one token's.
    const token = local
    if (token !== undefined) await link.eval(putToken, keys, [await encode(token), expiry(token), 'absent'])
  }

  /** Without Redis: the per-process refresh of `memoryTokenStore`. */
  async function refreshAlone(renewal: TokenRenewal): Promise<StoredToken> {
    if (local !== undefined && renewal.usable(local)) return local
    local = await renewal.obtain(local)
    return local
  }

  /**
   * Extends the lock every third of its lifetime until stopped, or until it is no longer ours (then a newer
   * holder has it, and extending stops for good). The timer does not keep a finished process alive.
   */
  function keepLock(lock: string): () => void {
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const later = () => {
      timer = setTimeout(() => {
        void link
          .eval(renewLock, keys, [lock, String(lockMs)])
          .then((kept) => kept === 1 && !stopped && later())
          .catch(() => {})
      }, lockMs / 3)
      ;(timer as { unref?: () => void }).unref?.()
    }
    later()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }

  /** With the lock: the token endpoint is asked once, for the whole fleet, and its answer stored. */
  async function refreshHolding(renewal: TokenRenewal, fence: number): Promise<StoredToken> {
    const lock = `${owner}:${fence}`
    let token: StoredToken
    const stopKeeping = keepLock(lock)
    try {
      // Another process may have stored a new token between our read and our lock.
      const current = await read()
      if (current !== undefined && renewal.usable(current)) {
        stopKeeping()
        await link.eval(unlockToken, keys, [lock])
        return current
      }
      token = await renewal.obtain(current)
    } catch (error) {
      stopKeeping()
      // A token endpoint that asked to be left alone a while (a 429's or 503's Retry-After): the lock stands that
      // long (at most its lifetime), so that the fleet's waiters, let go at once, do not all ask it again at once.
      // Only a 429's or 503's: a refused grant lets go at once (a process with other credentials may succeed), and
      // a failure that is no error object (an app's hook rejecting with nothing) is read without throwing.
      const { status, retryAfterMs } = (error ?? {}) as { status?: number; retryAfterMs?: number }
      const waitMs = status === 429 || status === 503 ? Math.ceil(Math.min(retryAfterMs ?? 0, lockMs)) : 0
      await (
        waitMs > 0 ? link.eval(renewLock, keys, [lock, String(waitMs)]) : link.eval(unlockToken, keys, [lock])
      ).catch(() => {})
      if (error instanceof RedisUnavailable) return refreshAlone(renewal)
      throw error
    }
    stopKeeping()
    local = token
    // Refused means a newer token is stored, or will be by the newer holder: this one is still good to use. One
    // that cannot be sealed (the key is checked up front, so nothing is left that should) is used here, and the
    // lock let go: sealed in the call's arguments, its failure escaped the catch, and the lock stood its lifetime.
    await encode(token)
      .then(
        (payload) => link.eval(storeRefreshed, keys, [lock, String(fence), payload, expiry(token)]),
        () => link.eval(unlockToken, keys, [lock]),
      )
      .catch(() => {})
    return token
  }

  async function refresh(renewal: TokenRenewal): Promise<StoredToken> {
    if (alone !== undefined && renewal.usable(alone)) return alone
    // Past this, something keeps the lock far longer than a token request takes (a holder extends it while
    // alive, so a live holder stuck this long, or processes that keep taking it and never store): go on alone.
    // Not shorter: a holder's token request may take its grant's `timeoutMs` (a slow token endpoint), and the
    // waiters must not all ask too. A call that stops waiting sooner leaves this refresh running for the next calls to join.
    const giveUpAt = Date.now() + 4 * lockMs
    try {
      for (;;) {
        const current = await read()
        if (current !== undefined && renewal.usable(current)) return current
        const [fence, lockLeftMs] = (await link.eval(lockToken, keys, [owner, String(lockMs)])) as [
          number,
          number,
        ]
        if (fence > 0) return await refreshHolding(renewal, fence)
        if (Date.now() > giveUpAt) return (alone = await refreshAlone(renewal))
        await pause(lockLeftMs > 0 ? Math.min(pollMs, lockLeftMs) : pollMs)
      }
    } catch (error) {
      if (error instanceof RedisUnavailable) return refreshAlone(renewal)
      throw error
    }
  }

  return {
    get: () => read().catch((error) => (error instanceof RedisUnavailable ? local : Promise.reject(error))),
    async set(token) {
      local = token
      await link.eval(putToken, keys, [await encode(token), expiry(token), 'always']).catch(ignoreUnavailable)
    },
    async clear() {
      local = alone = undefined
      await link.eval(clearToken, keys, []).catch(ignoreUnavailable)
    },
    refresh,
  }
}

function ignoreUnavailable(error: unknown): void {
  if (!(error instanceof RedisUnavailable)) throw error
}

function checkKey(key: EncryptionKey | undefined): void {
  const path = ['tokenStore', 'encryptionKey']
  if (key === undefined) return
  if (typeof key === 'string') {
    if (key === '') throw new ClientConfigError('expected a non-empty passphrase', path)
  } else if (key instanceof Uint8Array) {
    if (![16, 24, 32].includes(key.length)) throw new ClientConfigError('expected 16, 24 or 32 bytes', path)
  } else if (typeof key !== 'object' || key === null || (key as CryptoKey).type !== 'secret')
    throw new ClientConfigError('expected a CryptoKey, bytes or a passphrase', path)
  else if (!sealsAndOpens(key))
    // Found out at the first seal instead, it failed the refresh after the token endpoint was asked (the token
    // thrown away) with WebCrypto's own error.
    throw new ClientConfigError(
      `expected an AES-GCM CryptoKey with the usages encrypt and decrypt, got ${keyKind(key)}`,
      path,
    )
}

/** Whether a CryptoKey can seal and open the stored token (AES-GCM, both usages). */
const sealsAndOpens = (key: CryptoKey): boolean =>
  key.algorithm?.name === 'AES-GCM' &&
  Array.isArray(key.usages) &&
  key.usages.includes('encrypt') &&
  key.usages.includes('decrypt')

/** A CryptoKey's algorithm and usages, never its bytes. */
const keyKind = (key: CryptoKey): string =>
  `${String(key.algorithm?.name)} for ${Array.isArray(key.usages) ? key.usages.join(', ') || 'nothing' : 'no usages'}`
