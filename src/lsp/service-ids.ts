import { createClient, paging, passwordGrant, strictCheck } from '../client'
import type { PagingClient } from '../client'
import { listedEntry, readIds } from '../language'
import type { IdEntry, IdProvider, ReadIds } from '../language'
import { typeOfId } from '../model/ids'
import { parseQuery } from '../text'
import { scrubSecrets } from './service-settings'
import type { ServiceSettings } from './service-settings'

// Ids from the service the `hql.service` setting names, read ahead into memory by the language core's
// readIds (the playground reads its service's the same way), once per configuration. Only the first request
// waits for the index, and no longer than `waitMs`; a hover that misses it looks the id up. Diagnostics never
// ask for ids.

export interface ServiceIdsOptions {
  /** Each request's time limit (no retries): a service that does not answer soon is not waited for. */
  readonly timeoutMs?: number
  /** Objects read per type at most (pages of 100, sorted by name). */
  readonly maxPerType?: number
}

/** A pair of a lookup's answer, as the language core's `listedEntry` reads it. */
type Pair = Parameters<typeof listedEntry>[0]

export class ServiceIds {
  private readonly client: PagingClient
  private index: ReadIds | undefined
  private failed = false
  /** Looked up by id after a hover missed the index (the index holds at most maxPerType of each type). */
  private readonly looked = new Map<string, IdEntry | undefined>()
  readonly loaded: Promise<void>

  constructor(
    private readonly settings: ServiceSettings,
    private readonly fallback: IdProvider,
    private readonly warn: (message: string) => void,
    private readonly options: ServiceIdsOptions = {},
  ) {
    this.client = createClient({
      baseUrl: settings.baseUrl,
      auth: passwordGrant({
        authUrl: settings.authUrl,
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        username: settings.username,
        password: settings.password,
        ...(settings.scope === undefined ? {} : { scope: settings.scope }),
      }),
      timeoutMs: options.timeoutMs ?? 2000,
      totalTimeoutMs: (options.timeoutMs ?? 2000) * 3,
      // No retries: the editor works without the service's ids, and must not wait for them.
      check: strictCheck,
      paging: paging(),
    })
    this.loaded = this.load()
  }

  /** What the core asks: the service's index once loaded, the fallback if it failed, nothing meanwhile. */
  readonly provider: IdProvider = {
    search: (text, types, limit) =>
      (this.index ?? (this.failed ? this.fallback : undefined))?.search(text, types, limit) ?? [],
    nameOf: (id) => {
      if (this.failed) return this.fallback.nameOf(id)
      return this.index?.nameOf(id) ?? this.looked.get(id)
    },
  }

  /** How many ids the index holds, once read. */
  get size(): number | undefined {
    return this.index?.size
  }

  /** Whether reading ahead is over (read or failed). */
  get settled(): boolean {
    return this.index !== undefined || this.failed
  }

  /** Whether `id` may be worth a lookup: the index is loaded, misses it, and it was not looked up yet. */
  needsLookup(id: string): boolean {
    return this.index !== undefined && this.index.nameOf(id) === undefined && !this.looked.has(id)
  }

  /** Looks `id` up on the service and remembers the answer (none when the service does not know it). */
  async lookup(id: string): Promise<void> {
    try {
      const page = await this.client.run(parseQuery(`lookup ${JSON.stringify(id)}`))
      const pair = (page as unknown as { content: Pair[] }).content[0]
      const type = pair && (typeOfId(pair.object.mhid) ?? typeOfId(id))
      this.looked.set(id, type && listedEntry(pair, type).entry)
    } catch {
      // An id the service refuses (malformed, unknown) has no name; hover then tells its type by prefix.
      this.looked.set(id, undefined)
    }
  }

  private async load(): Promise<void> {
    try {
      this.index = await readIds(this.client, this.options.maxPerType ?? 5000)
    } catch (error) {
      this.failed = true
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      this.warn(
        `hql: ids from ${this.settings.baseUrl} unavailable, using the embedded sample catalog (${scrubSecrets(reason, this.settings)})`,
      )
    }
  }
}
