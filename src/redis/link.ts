import type { RedisStateInfo } from '../client'
import type { SendCommand } from './client'
import { probeScript } from './own-keys'
import { isNoScript, type Script } from './script'

/** Thrown (internally) when Redis cannot be used now: the caller goes on with its per-process behaviour. */
export class RedisUnavailable extends Error {
  override name = 'RedisUnavailable'
}

/** How a link watches Redis; every option has a default (see `SharedOptions`). */
export interface LinkOptions {
  readonly component: RedisStateInfo['component']
  readonly key: string
  /** The part's keys (`key` first), which its scripts and its probe run on. Default: none. */
  readonly keys?: readonly string[]
  /**
   * The part's probe: its keys made its own as each of its scripts does, and a write (see `probeScript`).
   * Default: the write alone.
   */
  readonly probe?: Script
  /** A command without an answer by then counts as a failure: Redis is too slow to wait for. */
  readonly commandTimeoutMs: number
  /** While falling back, Redis is tried again at most this often. */
  readonly retryMs: number
  readonly onStateChange: ((info: RedisStateInfo) => void) | undefined
  readonly now: () => number
}

const DETAIL_LIMIT = 200

const writeProbe = probeScript('hql-probe', '')

/**
 * One component's connection state: `shared` while Redis answers, `fallback` from the first command that fails
 * or times out until a probe (every `retryMs`, in the background) gets an answer again. The probe is a write
 * through a script (`SET <key>:probe` in Lua), not a PING: a Redis that answers but refuses writes (a replica,
 * `min-replicas-to-write`, out of memory) or scripts (an ACL without @scripting) would pass a PING and fail
 * the next booking, and the part would flap between shared and fallback every `retryMs`, announcing each
 * change. While falling back,
 * commands reject at once with `RedisUnavailable`: no caller ever waits on a Redis that is down for more than
 * the one `commandTimeoutMs` that revealed it.
 */
export class RedisLink {
  readonly #send: SendCommand
  readonly #options: LinkOptions
  #fallbackSince: number | undefined
  /** A probe was sent and neither answered nor failed yet. */
  #probeUnanswered = false
  /** Called once each time Redis answers again after a fallback. */
  onRecover: (() => Promise<void>) | undefined

  constructor(send: SendCommand, options: LinkOptions) {
    this.#send = send
    this.#options = options
  }

  /** The part's keys, which its scripts run on. */
  get keys(): readonly string[] {
    return this.#options.keys ?? []
  }

  get shared(): boolean {
    return this.#fallbackSince === undefined
  }

  /** Runs `script` (EVALSHA, or EVAL where the server does not have it yet); throws `RedisUnavailable`. */
  async eval(script: Script, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    if (this.#fallbackSince !== undefined) throw new RedisUnavailable()
    try {
      return await this.#evalOnce(script, keys, args)
    } catch (error) {
      this.#failed(error, args)
      throw new RedisUnavailable()
    }
  }

  async #evalOnce(
    script: Script,
    keys: readonly string[],
    args: readonly string[],
    watch?: (sent: Promise<unknown>) => void,
  ): Promise<unknown> {
    const tail = [String(keys.length), ...keys, ...args]
    try {
      return await this.#timed(['EVALSHA', await script.sha(), ...tail], watch)
    } catch (error) {
      if (!isNoScript(error)) throw error
      return await this.#timed(['EVAL', script.lua, ...tail], watch)
    }
  }

  /**
   * One command, given up after `commandTimeoutMs` (clients queue commands while disconnected); `watch` is told
   * of the command itself, which may be answered long after it was given up.
   */
  #timed(args: readonly string[], watch?: (sent: Promise<unknown>) => void): Promise<unknown> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const sent = Promise.resolve().then(() => this.#send(args))
    watch?.(sent)
    // A command given up may still fail later: that failure is already handled here.
    sent.catch(() => {})
    const timeout = new Promise<never>((_, reject) => {
      // Given up after the sockets are read once more: a process that stalled (a long GC, a loaded machine) runs
      // its due timers before it reads its sockets, so an answer Redis sent in time would otherwise be taken for
      // silence, and the whole process would fall back without Redis being at fault.
      timer = setTimeout(
        () => setImmediate(() => reject(new CommandTimeout())),
        this.#options.commandTimeoutMs,
      )
    })
    return Promise.race([sent, timeout]).finally(() => clearTimeout(timer))
  }

  #failed(error: unknown, args: readonly string[]): void {
    if (this.#fallbackSince !== undefined) return
    const { component, key, onStateChange, now } = this.#options
    this.#fallbackSince = now()
    const cause = error instanceof CommandTimeout ? 'timeout' : 'error'
    // The probe first: a hook that throws must not leave the part in fallback for good.
    this.#probeLater()
    tell(onStateChange, { component, key, state: 'fallback', cause, detail: describeFailure(error, args) })
  }

  /** Tries Redis again after `retryMs`, without holding any caller, until it answers. */
  #probeLater(): void {
    const timer = setTimeout(() => void this.#probe().catch(() => {}), this.#options.retryMs)
    // A process that is done must not stay alive for a probe (Node's timers have unref; browsers' do not).
    ;(timer as { unref?: () => void }).unref?.()
  }

  async #probe(): Promise<void> {
    // The last probe is still in the client's queue (a client that queues commands while disconnected answers
    // none until it is back): another would only queue behind it. One each retryMs grew the queue for good
    // (30,337 commands pending after 15 s of 20 parts with retryMs 1 ms, +129 MB).
    if (this.#probeUnanswered) return this.#probeLater()
    const watch = (sent: Promise<unknown>) => {
      this.#probeUnanswered = true
      const answered = () => void (this.#probeUnanswered = false)
      sent.then(answered, answered)
    }
    try {
      // The part's own keys, checked as each of its scripts checks them, and a write that expires by itself,
      // through a script: it passes only where the part's scripts can run (an ACL with -@scripting passed a
      // plain SET; a key no script could use passed a SET on another key; each time the part flapped between
      // shared and fallback every retryMs), and leaves nothing behind for long.
      const { key, keys = [], probe = writeProbe, retryMs } = this.#options
      await this.#evalOnce(probe, [...keys, `${key}:probe`], [String(Math.ceil(retryMs))], watch)
    } catch {
      return this.#probeLater()
    }
    const since = this.#fallbackSince
    this.#fallbackSince = undefined
    const { component, key, onStateChange, now } = this.#options
    if (since !== undefined)
      tell(onStateChange, { component, key, state: 'shared', fallbackMs: now() - since })
    // What the process did alone (a token it obtained) goes back to Redis; a failure there is reported anew.
    await this.onRecover?.().catch(() => {})
  }
}

/**
 * Calls the app's hook. One that throws (a logger that broke) is the app's trouble, not the part's: thrown on,
 * it rejected the call that met Redis's failure with the hook's error, left the part without a probe (in
 * fallback for good), and, on `shared`, skipped handing back what the process did alone.
 */
function tell(hook: LinkOptions['onStateChange'], info: RedisStateInfo): void {
  try {
    hook?.(info)
  } catch {
    // Dropped: there is no caller it belongs to.
  }
}

class CommandTimeout extends Error {
  override message = 'no answer within the command timeout'
}

/**
 * A Redis client's error message without any value the command carried (a stored token, sealed or not): some
 * clients quote a failed command's arguments. Cut short, since it goes to logs.
 */
export function describeFailure(error: unknown, args: readonly string[]): string {
  let text = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error'
  for (const value of args) if (value.length >= 4) text = text.replaceAll(value, '[value]')
  return text.length > DETAIL_LIMIT ? `${text.slice(0, DETAIL_LIMIT)}…` : text
}
