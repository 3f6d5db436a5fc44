import type { IdProvider } from '../language'
import { ServiceIds } from './service-ids'
import type { ServiceIdsOptions } from './service-ids'
import { readServiceSettings, scrubSecrets } from './service-settings'

// Which ids the server's completion and hover see: the embedded catalog, or a configured service's (read
// ahead by ServiceIds). A request is computed once; only if it asked for ids the service has not got yet is
// it waited for (at most `waitMs`) and computed again, so nothing else ever waits on the network.

export interface IdLog {
  info(message: string): void
  warn(message: string): void
}

export class IdSource {
  private service: ServiceIds | undefined
  private configured = 'null'

  constructor(
    private readonly embedded: IdProvider,
    private readonly log: IdLog,
    private readonly waitMs = 1500,
    private readonly serviceOptions: ServiceIdsOptions = {},
  ) {}

  /** Applies an `hql.service` value (untrusted JSON); the same value twice keeps the index already read. */
  configure(value: unknown): void {
    // Compared by what was read of it (flat strings, or the sentence saying what is wrong): the raw value may
    // be nested deeper than JSON.stringify recurses ("Maximum call stack size exceeded").
    const settings = readServiceSettings(value)
    const key = JSON.stringify(settings ?? null)
    if (key === this.configured) return
    this.configured = key
    if (typeof settings === 'string') this.log.warn(`${settings}; using the embedded sample catalog`)
    if (typeof settings !== 'object') {
      this.service = undefined
      return
    }
    let service: ServiceIds
    try {
      service = new ServiceIds(settings, this.embedded, (m) => this.log.warn(m), this.serviceOptions)
    } catch (error) {
      // The client refuses options it cannot use (a baseUrl that is not http(s)); its message names them.
      const reason = error instanceof Error ? error.message : String(error)
      this.log.warn(`hql.service: ${scrubSecrets(reason, settings)}; using the embedded sample catalog`)
      this.service = undefined
      return
    }
    this.service = service
    void service.loaded.then(() => {
      if (this.service === service && service.size !== undefined)
        this.log.info(`hql: ${service.size} ids from ${settings.baseUrl}`)
    })
  }

  /** `compute` over the current ids; again after a bounded wait if it searched a service not yet read. */
  async completion<T>(compute: (ids: IdProvider) => T): Promise<T> {
    const service = this.service
    if (service === undefined) return compute(this.embedded)
    let searched = false
    const first = compute({
      ...service.provider,
      search: (...args) => ((searched = true), service.provider.search(...args)),
    })
    if (!searched || service.settled) return first
    await within(service.loaded, this.waitMs)
    return compute(service.provider)
  }

  /** `compute` over the current ids; again after a bounded lookup of the ids it asked for and missed. */
  async hover<T>(compute: (ids: IdProvider) => T): Promise<T> {
    const service = this.service
    if (service === undefined) return compute(this.embedded)
    if (!service.settled) await within(service.loaded, this.waitMs)
    const asked: string[] = []
    const first = compute({
      ...service.provider,
      nameOf: (id) => (asked.push(id), service.provider.nameOf(id)),
    })
    const missed = asked.filter((id) => service.needsLookup(id))
    if (missed.length === 0) return first
    await within(Promise.all(missed.map((id) => service.lookup(id))), this.waitMs)
    return compute(service.provider)
  }
}

function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))
  return Promise.race([promise.then(() => undefined), timeout]).finally(() => clearTimeout(timer))
}
