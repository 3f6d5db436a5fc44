import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto'

/**
 * Password hashes with scrypt and a random salt per hash. The cost (N = 2^14) is scrypt's interactive
 * default; hashing is asynchronous so a password grant never blocks the event loop.
 */
const KEY_LENGTH = 32
const COST = { N: 1 << 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }

export interface PasswordHash {
  readonly salt: Buffer
  readonly hash: Buffer
}

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = randomBytes(16)
  return { salt, hash: await derive(password, salt) }
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const candidate = await derive(password, stored.salt)
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
