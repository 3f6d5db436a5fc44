import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto'

/**
 * Password hashes with scrypt and a random salt per hash. The cost (N) is scrypt's interactive default, 2^14,
 * unless the service is told otherwise (`passwordCost`); each hash keeps the cost it was made with. Hashing is
 * asynchronous so a password grant never blocks the event loop.
 */
const KEY_LENGTH = 32
const BLOCK_SIZE = 8

/** scrypt's interactive default: ~50–100 ms of a core and 16 MiB per hash. */
export const defaultPasswordCost = 2 ** 14
/** The costs a service takes: powers of two from 2^10 (~16 times cheaper than the default) to 2^16. */
export const passwordCosts = { min: 2 ** 10, max: 2 ** 16 } as const

export interface PasswordHash {
  readonly salt: Buffer
  readonly hash: Buffer
  /** scrypt's N the hash was made with. */
  readonly cost: number
}

function derive(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  // scrypt needs 128 × N × r bytes; twice that leaves room for Node's own.
  const options = { N: cost, r: BLOCK_SIZE, p: 1, maxmem: 256 * cost * BLOCK_SIZE }
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

export async function hashPassword(password: string, cost = defaultPasswordCost): Promise<PasswordHash> {
  const salt = randomBytes(16)
  return { salt, hash: await derive(password, salt, cost), cost }
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const candidate = await derive(password, stored.salt, stored.cost)
  return timingSafeEqual(candidate, stored.hash)
}

/**
 * Client secrets are compared through their SHA-256 digests: equal-length buffers for timingSafeEqual, and
 * no early exit that would tell how much of a guessed secret was right.
 */
export function secretDigest(secret: string): Buffer {
  return createHash('sha256').update(secret).digest()
}

export function sameSecret(candidate: string, digest: Buffer): boolean {
  return timingSafeEqual(secretDigest(candidate), digest)
}
