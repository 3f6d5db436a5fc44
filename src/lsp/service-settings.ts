// The `hql.service` setting, read from untrusted JSON (initializationOptions or didChangeConfiguration): only
// the keys named here are read, each checked to be a string.

/** Where the language server finds ids and names: a graph service and the password grant's credentials. */
export interface ServiceSettings {
  readonly baseUrl: string
  /** The token endpoint's base (`${baseUrl}/auth` on the reference service). */
  readonly authUrl: string
  readonly clientId: string
  readonly clientSecret: string
  readonly username: string
  readonly password: string
  readonly scope?: string
}

const required = ['baseUrl', 'authUrl', 'clientId', 'clientSecret', 'username', 'password'] as const

/**
 * The settings, `undefined` when none are given (null, absent: the embedded catalog), or a sentence saying
 * which key is wrong. The sentence names keys, never values: they hold secrets.
 */
export function readServiceSettings(value: unknown): ServiceSettings | undefined | string {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) return 'hql.service must be an object'
  const text = (key: string): string | undefined => {
    const v = ownValue(value, key)
    return typeof v === 'string' && v.trim() !== '' ? v : undefined
  }
  const missing = required.filter((key) => text(key) === undefined)
  if (missing.length > 0) return `hql.service needs ${missing.map((key) => `'${key}'`).join(', ')} (strings)`
  const scope = text('scope')
  return {
    baseUrl: text('baseUrl') as string,
    authUrl: text('authUrl') as string,
    clientId: text('clientId') as string,
    clientSecret: text('clientSecret') as string,
    username: text('username') as string,
    password: text('password') as string,
    ...(scope === undefined ? {} : { scope }),
  }
}

/** One fixed key of an untrusted settings object, own properties only (never a prototype's, never a getter run). */
export function ownValue(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object') return undefined
  return Object.getOwnPropertyDescriptor(value, key)?.value
}

/** Every secret of the settings replaced in `text`, for a log line built from an error's message. */
export function scrubSecrets(text: string, settings: ServiceSettings): string {
  let out = text
  for (const secret of [settings.password, settings.clientSecret])
    if (secret.length > 0) out = out.split(secret).join('[redacted]')
  return out
}
