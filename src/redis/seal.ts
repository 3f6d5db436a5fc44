// Optional encryption of the stored token with a key the app gives: AES-256-GCM through WebCrypto (no Node
// import), a fresh 96-bit IV per write, and the Redis key as additional data, so that a sealed token copied
// under another key does not open.

/** The app's key: a WebCrypto AES-GCM key, 16 or 32 raw bytes, or a passphrase (hashed with SHA-256). */
export type EncryptionKey = CryptoKey | Uint8Array | string

const VERSION = 'v1'

export interface Sealer {
  seal(plain: string): Promise<string>
  /** The plain text, or undefined when the text was not sealed with this key for this Redis key. */
  open(sealed: string): Promise<string | undefined>
}

export function sealer(key: EncryptionKey, redisKey: string): Sealer {
  const subtle = globalThis.crypto.subtle
  let cryptoKey: Promise<CryptoKey> | undefined
  const aesKey = () => (cryptoKey ??= importKey(key))
  const data = new TextEncoder().encode(redisKey)
  return {
    async seal(plain) {
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(12))
      const cipher = await subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: data },
        await aesKey(),
        new TextEncoder().encode(plain),
      )
      return `${VERSION}.${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`
    },
    async open(sealed) {
      const [version, iv, cipher] = sealed.split('.')
      if (version !== VERSION || iv === undefined || cipher === undefined) return undefined
      try {
        const plain = await subtle.decrypt(
          { name: 'AES-GCM', iv: fromBase64(iv), additionalData: data },
          await aesKey(),
          fromBase64(cipher),
        )
        return new TextDecoder().decode(plain)
      } catch {
        // Another key, or tampered with: the same as no token (the next refresh writes a good one).
        return undefined
      }
    },
  }
}

async function importKey(key: EncryptionKey): Promise<CryptoKey> {
  if (typeof key !== 'string' && !(key instanceof Uint8Array)) return key
  const raw =
    typeof key === 'string'
      ? new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)))
      : Uint8Array.from(key)
  return globalThis.crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt'])
}

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes))

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
