import type { RedisStateInfo } from '../client'
import type { SendCommand } from './client'
import { isNoScript, type Script } from './script'

/** Thrown (internally) when Redis cannot be used now: the caller goes on with its per-process behaviour. */
export class RedisUnavailable extends Error {
  override name = 'RedisUnavailable'
}

/** How a link watches Redis; every option has a default (see `SharedOptions`). */
export interface LinkOptions {
  readonly component: RedisStateInfo['component']
  readonly key: string
  /** A command without an answer by then counts as a failure: Redis is too slow to wait for. */
  readonly commandTimeoutMs: number
  /** While falling back, Redis is tried again at most this often. */
  readonly retryMs: number
  readonly onStateChange: ((info: RedisStateInfo) => void) | undefined
  readonly now: () => number
}

const DETAIL_LIMIT = 200

/**
 * One component's connection state: `shared` while Redis answers, `fallback` from the first command that fails
 * or times out, until a later command (one at a time, every `retryMs`) gets an answer again. A command that
 * cannot be sent now rejects at once with `RedisUnavailable`, so that no caller ever waits on a Redis that
 * is down for more than `commandTimeoutMs`.
 */
export class RedisLink {
  readonly #send: SendCommand
  readonly #options: LinkOptions
  #fallbackSince: number | undefined
  #nextTryAt = 0
  #trying = false
  /** Called once each time Redis answers again after a fallback, before the next command is sent. */
  onRecover: (() => Promise<void>) | undefined

  constructor(send: SendCommand, options: LinkOptions) {
    this.#send = send
    this.#options = options
  }

  get shared(): boolean {
    return this.#fallbackSince === undefined
  }

  /** Runs `script` (EVALSHA, or EVAL where the server does not have it yet); throws `RedisUnavailable`. */
  async eval(script: Script, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    const recovering = this.#fallbackSince !== undefined
    if (recovering) {
      if (this.#trying || this.#options.now() < this.#nextTryAt) throw new RedisUnavailable()
      this.#trying = true
    }
    try {
      const reply = await this.#evalOnce(script, keys, args)
      if (recovering) await this.#recovered()
      return reply
    } catch (error) {
      this.#failed(error, args)
      throw new RedisUnavailable()
    } finally {
      if (recovering) this.#trying = false
    }
  }

  async #evalOnce(script: Script, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    const tail = [String(keys.length), ...keys, ...args]
    try {
      return await this.#timed(['EVALSHA', await script.sha(), ...tail])
    } catch (error) {
      if (!isNoScript(error)) throw error
      return await this.#timed(['EVAL', script.lua, ...tail])
    }
  }

  /** One command, given up after `commandTimeoutMs` (clients queue commands while disconnected). */
  #timed(args: readonly string[]): Promise<unknown> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const sent = Promise.resolve().then(() => this.#send(args))
    // A command given up may still fail later: that failure is already handled here.
    sent.catch(() => {})
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CommandTimeout()), this.#options.commandTimeoutMs)
    })
    return Promise.race([sent, timeout]).finally(() => clearTimeout(timer))
  }

  async #recovered(): Promise<void> {
    const since = this.#fallbackSince
    if (since === undefined) return
    this.#fallbackSince = undefined
    const { component, key, onStateChange, now } = this.#options
    onStateChange?.({ component, key, state: 'shared', fallbackMs: now() - since })
    // What the process did alone (a token it obtained) goes back to Redis; a failure there is already reported.
    await this.onRecover?.().catch(() => {})
  }

  #failed(error: unknown, args: readonly string[]): void {
    const { component, key, onStateChange, now, retryMs } = this.#options
    this.#nextTryAt = now() + retryMs
    if (this.#fallbackSince !== undefined) return
    this.#fallbackSince = now()
    const cause = error instanceof CommandTimeout ? 'timeout' : 'error'
    onStateChange?.({ component, key, state: 'fallback', cause, detail: describe(error, args) })
  }
}

class CommandTimeout extends Error {
  override message = 'no answer within the command timeout'
}

/**
 * A Redis client's error message without any value the command carried (a stored token, sealed or not): some
 * clients quote a failed command's arguments. Cut short, since it goes to logs.
 */
function describe(error: unknown, args: readonly string[]): string {
  let text = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error'
  for (const value of args) if (value.length >= 4) text = text.replaceAll(value, '[value]')
  return text.length > DETAIL_LIMIT ? `${text.slice(0, DETAIL_LIMIT)}…` : text
}
