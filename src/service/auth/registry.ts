import { hashPassword, secretDigest, verifyPassword, sameSecret, type PasswordHash } from './passwords'

/** An application registered with the service. */
export interface ClientConfig {
  readonly clientId: string
  readonly clientSecret: string
  /** Whether the application is approved for the password grant (SERVICE-SPEC.md: "pre-approved keys"). */
  readonly passwordGrant?: boolean
}

/** A user who can sign in with the password grant. */
export interface UserConfig {
  readonly username: string
  readonly password: string
  /** Display name; defaults to the username. */
  readonly name?: string
  readonly email?: string
}

interface RegisteredClient {
  readonly clientId: string
  readonly secret: Buffer
  readonly passwordGrant: boolean
}

/**
 * Registered clients and users. Only digests are kept: client secrets as SHA-256, passwords as scrypt hashes,
 * so no secret sits in the service's memory in the clear after start-up.
 */
export class Registry {
  private readonly clients = new Map<string, RegisteredClient>()
  private readonly passwords = new Map<string, PasswordHash>()
  // A dummy hash, verified when the username is unknown so that the answer takes as long either way.
  private dummy: PasswordHash | undefined

  static async create(
    clients: readonly ClientConfig[],
    users: readonly UserConfig[],
    passwordCost?: number,
  ): Promise<Registry> {
    const registry = new Registry()
    for (const c of clients)
      registry.clients.set(c.clientId, {
        clientId: c.clientId,
        secret: secretDigest(c.clientSecret),
        passwordGrant: c.passwordGrant ?? false,
      })
    // All hashes are queued at once: the thread pool runs them side by side, and none waits for this thread
    // to come back to the event loop (createService builds the graph meanwhile).
    const [dummy, ...hashes] = await Promise.all([
      hashPassword('not a password of anyone', passwordCost),
      ...users.map((u) => hashPassword(u.password, passwordCost)),
    ])
    users.forEach((u, i) => registry.passwords.set(u.username, hashes[i] as PasswordHash))
    registry.dummy = dummy
    return registry
  }

  /** The client if id and secret match, else undefined. */
  authenticateClient(clientId: string, clientSecret: string): RegisteredClient | undefined {
    const client = this.clients.get(clientId)
    const ok = sameSecret(clientSecret, client?.secret ?? secretDigest('\u0000'))
    return client !== undefined && ok ? client : undefined
  }

  async authenticateUser(username: string, password: string): Promise<boolean> {
    const stored = this.passwords.get(username)
    const ok = await verifyPassword(password, stored ?? (this.dummy as PasswordHash))
    return stored !== undefined && ok
  }
}
