import { createClient, clientCredentialsGrant, passwordGrant, recommended } from '../../client'
import type { Auth, PagingClient } from '../../client'
import { createService } from '../../service'
import type { CliIo } from '../io'
import { exitCodes } from '../io'

// The scopes the service documents (SERVICE-NOTES.md); HQL_SCOPE overrides them.
const defaultScope = ['public_profile', 'user_likes']

/** The path of the token service below the base URL, where the reference service (`hql serve`) has it. */
export const AUTH_PATH = '/auth'

export interface Target {
  readonly client: PagingClient
  readonly close: () => Promise<void>
}

/**
 * The service `hql run` talks to. `--base-url`, else HQL_BASE_URL, else none: the embedded reference service
 * with its demo credentials. With a base URL, the token service is `--auth-url`, else HQL_AUTH_URL, else
 * `<base URL>/auth` (the reference service serves both, so `--base-url` alone reaches it); the credentials
 * come from HQL_CLIENT_ID and HQL_CLIENT_SECRET, and HQL_USERNAME with HQL_PASSWORD for the password grant.
 * Returns an exit code when the settings are incomplete.
 */
export async function connect(
  io: CliIo,
  options: { readonly baseUrl?: string; readonly authUrl?: string },
): Promise<Target | number> {
  const env = (name: string) => (io.env[name] === '' ? undefined : io.env[name])
  const baseUrl = options.baseUrl ?? env('HQL_BASE_URL')
  if (baseUrl === undefined) return embedded()
  const clientId = env('HQL_CLIENT_ID')
  const clientSecret = env('HQL_CLIENT_SECRET')
  const username = env('HQL_USERNAME')
  const password = env('HQL_PASSWORD')
  const missing = [
    clientId === undefined ? 'HQL_CLIENT_ID' : undefined,
    clientSecret === undefined ? 'HQL_CLIENT_SECRET' : undefined,
    // One without the other is a mistake, not a request for the client credentials grant.
    username !== undefined && password === undefined ? 'HQL_PASSWORD (HQL_USERNAME is set)' : undefined,
    password !== undefined && username === undefined ? 'HQL_USERNAME (HQL_PASSWORD is set)' : undefined,
  ].filter((name) => name !== undefined)
  if (clientId === undefined || clientSecret === undefined || missing.length > 0) {
    io.stderr(
      `error: the service at ${baseUrl} needs ${missing.join(', ')}; hql serve prints the lines to set for the reference service\n`,
    )
    return exitCodes.usage
  }
  const authUrl = options.authUrl ?? env('HQL_AUTH_URL') ?? `${baseUrl.replace(/\/+$/, '')}${AUTH_PATH}`
  const scope = env('HQL_SCOPE')
  const auth: Auth =
    username !== undefined && password !== undefined
      ? passwordGrant({ authUrl, clientId, clientSecret, username, password, scope: scope ?? defaultScope })
      : clientCredentialsGrant({ authUrl, clientId, clientSecret, ...(scope ? { scope } : {}) })
  return { client: createClient({ baseUrl, auth, ...recommended() }), close: async () => {} }
}

async function embedded(): Promise<Target> {
  const service = await createService()
  const auth = passwordGrant({
    authUrl: service.authUrl,
    clientId: service.demo.clientId,
    clientSecret: service.demo.clientSecret,
    username: service.demo.username,
    password: service.demo.password,
    scope: defaultScope,
  })
  return {
    client: createClient({ baseUrl: service.baseUrl, auth, ...recommended() }),
    close: () => service.close(),
  }
}
