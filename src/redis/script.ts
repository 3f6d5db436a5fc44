// A Lua script run by EVALSHA, loaded with EVAL the first time a server lacks it (a new or restarted Redis).
// Every multi-key decision hql takes on Redis is one script: atomic without transactions or watches.

/** A Lua script and its SHA-1, which EVALSHA names it by. */
export interface Script {
  readonly name: string
  readonly lua: string
  sha(): Promise<string>
}

export function script(name: string, lua: string): Script {
  let sha: Promise<string> | undefined
  return {
    name,
    lua,
    // WebCrypto, so that hql/redis imports nothing from Node.
    sha: () =>
      (sha ??= globalThis.crypto.subtle
        .digest('SHA-1', new TextEncoder().encode(lua))
        .then((digest) => [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''))),
  }
}

/** Whether a Redis error says the script is not loaded (EVALSHA before EVAL on this server). */
export const isNoScript = (error: unknown): boolean =>
  error instanceof Error && /\bNOSCRIPT\b/.test(error.message)
