import type { FetchLike } from '../middleware'
import { requireNonEmpty } from '../option-checks'

/**
 * How the client gets the token it sends with each request. The built-in grants (`passwordGrant`,
 * `refreshTokenGrant`, `clientCredentialsGrant`, `staticTokenGrant`) implement it; implement it yourself for a
 * token from elsewhere (your own backend, a framework's session).
 *
 * @example
 * const auth: Auth = {
 *   token: async ({ signal }) => (await (await fetch('/api/hql-token', { signal })).json()).token,
 *   renew: async (_rejected, { signal }) => (await (await fetch('/api/hql-token?fresh=1', { signal })).json()).token,
 * }
 * const client = createClient({ baseUrl: 'https://graph.example.com', auth })
 */
export interface Auth {
  /** A token to send now. Called once per call: keep the token and hand it out again while it is good. */
  token(context: AuthContext): Promise<string>
  /**
   * A new token after the service answered 401 to `rejected`, or undefined when this auth cannot renew (the 401
   * is then thrown). The client renews at most once per call, then sends the request once more.
   */
  renew?(rejected: string, context: AuthContext): Promise<string | undefined>
  /** Credentials the client keeps out of every error and hook from the start (a password, a client secret). */
  readonly secrets?: readonly string[]
}

/** What the client lends its auth for one call. */
export interface AuthContext {
  /** The call's signal: aborted by the caller or by the call's time limit. */
  readonly signal: AbortSignal
  /** The client's fetch: the one given to `createClient`, or `globalThis.fetch` at call time. */
  readonly fetch: FetchLike
  /** The client's secrets: `add` a value (a refresh token) to keep it out of every error; `scrub` text of them. */
  readonly secrets: SecretKeeper
}

/**
 * The secrets one client keeps out of errors and hooks. Credentials belong in `Auth.secrets` (kept for the
 * client's life); `add` is for values that change, such as tokens: the newest eight are kept.
 */
export interface SecretKeeper {
  /** From now on, `value` (and each encoded form of it) is redacted wherever the client shows text. */
  add(value: string | undefined): void
  /** `text` with every known secret, in any encoding, replaced by `[redacted]`. */
  scrub(text: string): string
  /** A copy of a JSON value with secret-named fields blanked and known secrets scrubbed from the rest. */
  redact(value: unknown): unknown
}

/**
 * A fixed access token, for scripts, tests, and tokens issued elsewhere. It is never renewed: a 401 is thrown.
 *
 * @example
 * const client = createClient({ baseUrl, auth: staticTokenGrant(process.env.HQL_TOKEN ?? '') })
 */
export function staticTokenGrant(accessToken: string): Auth {
  // The value itself is never quoted: it is a secret.
  requireNonEmpty({ accessToken }, 'accessToken')
  const token = Promise.resolve(accessToken)
  return { token: () => token, secrets: [accessToken] }
}
