import { readFile } from 'node:fs/promises'
import { createClient, clientCredentialsGrant, passwordGrant } from '../../client'
import type { Auth, Client } from '../../client'
import { parseQuery } from '../../text'
import { createService } from '../../service'
import type { CliIo } from '../io'
import { exitCodes } from '../io'
import { findDefinition, paramsFromArgs } from '../params'
import { renderTable } from '../table'

// The scopes the service documents (SERVICE-NOTES.md); HQL_SCOPE overrides them.
const defaultScope = ['public_profile', 'user_likes']

export interface RunOptions {
  readonly query?: string
  readonly param: readonly string[]
  readonly baseUrl?: string
  readonly authUrl?: string
  readonly maxPages: string
  readonly json?: boolean
}

/**
 * `hql run <file>`: runs a query, following pages up to `--max-pages`, against `--base-url`/`--auth-url` with
 * credentials from HQL_CLIENT_ID, HQL_CLIENT_SECRET, (for the password grant) HQL_USERNAME, HQL_PASSWORD, and HQL_SCOPE;
 * or, without `--base-url`, against the embedded reference service with its demo credentials.
 */
export async function runCommand(io: CliIo, file: string, options: RunOptions): Promise<number> {
  const maxPages = Number(options.maxPages)
  if (!Number.isSafeInteger(maxPages) || maxPages < 1) {
    io.stderr(`error: --max-pages expects a whole number of 1 or more, got '${options.maxPages}'\n`)
    return exitCodes.usage
  }
  const text = await readFile(file, 'utf8')
  const definition = findDefinition(text, file, options.query)
  const params = definition ? paramsFromArgs(definition, options.param) : {}
  const query = parseQuery(text, {
    source: file,
    params,
    ...(options.query === undefined ? {} : { query: options.query }),
  })

  const target = await connect(io, options)
  if (typeof target === 'number') return target
  try {
    const items: Record<string, unknown>[] = []
    let pages = 0
    for await (const page of target.client.pages(query, { maxPages })) {
      pages++
      items.push(...itemsOf(page))
      if (io.interactive) io.stderr(`\rpage ${pages}, ${items.length} items`)
    }
    if (io.interactive) io.stderr('\n')
    io.stdout(options.json ? JSON.stringify(items, null, 2) + '\n' : renderTable(items))
    return exitCodes.ok
  } finally {
    await target.close()
  }
}

async function connect(
  io: CliIo,
  options: RunOptions,
): Promise<{ client: Client; close: () => Promise<void> } | number> {
  if (options.baseUrl === undefined) {
    const service = await createService()
    const auth = passwordGrant({
      authUrl: service.authUrl,
      clientId: service.demo.clientId,
      clientSecret: service.demo.clientSecret,
      username: service.demo.username,
      password: service.demo.password,
      scope: defaultScope,
    })
    return { client: createClient({ baseUrl: service.baseUrl, auth }), close: () => service.close() }
  }
  const {
    HQL_CLIENT_ID: clientId,
    HQL_CLIENT_SECRET: clientSecret,
    HQL_USERNAME: username,
    HQL_PASSWORD: password,
  } = io.env
  const authUrl = options.authUrl ?? io.env.HQL_AUTH_URL
  if (authUrl === undefined || clientId === undefined || clientSecret === undefined) {
    io.stderr(
      'error: --base-url needs --auth-url (or HQL_AUTH_URL) and the HQL_CLIENT_ID and HQL_CLIENT_SECRET variables\n',
    )
    return exitCodes.usage
  }
  const auth: Auth =
    username !== undefined && password !== undefined
      ? passwordGrant({
          authUrl,
          clientId,
          clientSecret,
          username,
          password,
          scope: io.env.HQL_SCOPE ?? defaultScope,
        })
      : clientCredentialsGrant({
          authUrl,
          clientId,
          clientSecret,
          ...(io.env.HQL_SCOPE ? { scope: io.env.HQL_SCOPE } : {}),
        })
  return { client: createClient({ baseUrl: options.baseUrl, auth }), close: async () => {} }
}

/** The items of a page: its content, or each silo's content tagged with the silo's title. */
function itemsOf(page: unknown): Record<string, unknown>[] {
  const value = page as { content?: unknown[]; silos?: { title?: string; content?: unknown[] }[] }
  if (Array.isArray(value.silos))
    return value.silos.flatMap((silo) =>
      (silo.content ?? []).map((item) => ({ ...(item as Record<string, unknown>), silo: silo.title ?? '' })),
    )
  return (value.content ?? []) as Record<string, unknown>[]
}
