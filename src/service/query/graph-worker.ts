import { getPriority, setPriority } from 'node:os'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { HqlError, type JsonPath } from '../../model/errors'
import type { HqlErrorCode } from '../../model/error-codes'
import type { UserConfig } from '../auth/registry'
import type { RawCatalog } from '../catalog/raw'
import { graphFor } from '../graph/shared-graph'
import { ServiceError } from '../http/errors'
import { parseJson } from '../http/body'
import { prepareQuery, runQuery, type AnswerDeps, type GraphEndpoint, type PreparedQuery } from './answer'
import type { QueryLimits } from './context'
import { JsonOut } from './json-out'
import { jsonBytes, RawJson } from './json-text'
import { defaultImage } from './objects'
import { warmUp } from './warm-up'

// Costly graph requests answered on a thread of their own (issue 24): the engine is synchronous, and one worst
// request took 31–206 ms of the event loop in one piece, long enough to hold every other request (a one-id
// lookup waited for it) and every timer. A worker thread holds its own graph of the same catalog and answers
// the requests the service's queue admits as costly (../http/admission.ts), one at a time; the event loop
// meanwhile reads, checks and answers everything else. The worker starts on the first costly request: until it
// has built its graph (a fraction of a second), costly requests are answered on the event loop as before.

/** What the worker needs to build the same graph and answer as the service would. */
export interface GraphWorkerConfig {
  readonly catalog: string | RawCatalog | undefined
  /** The users of the graph (their passwords are not sent: the graph needs names only). */
  readonly users: readonly Omit<UserConfig, 'password'>[]
  readonly limits: QueryLimits
  /** Where the placeholder image's URL points. */
  readonly baseUrl: string
}

/** tsx's API, which a worker started from the TypeScript sources registers before it imports this module. */
const TS_LOADER = ['tsx', 'esm', 'api'].join('/')

/** workerData's key that makes a thread loading this module the graph worker. */
const MARK = 'hqlGraphWorker'

/** What the worker is asked: a request prepared already, or a body still to read (large, left to the worker). */
export type WorkerRequest =
  { readonly query: PreparedQuery } | { readonly endpoint: GraphEndpoint; readonly body: Uint8Array }

type Ask = WorkerRequest & { readonly id: number; readonly username: string | undefined }

/** A failure as the worker reports it: the parts of the ServiceError the event loop throws in its place. */
interface Failure {
  readonly status: number
  readonly code: HqlErrorCode
  readonly reason: string
  readonly path: JsonPath
  readonly headers: Readonly<Record<string, string>>
}

type Reply =
  | { readonly ready: true }
  | { readonly id: number; readonly bytes: Uint8Array }
  | { readonly id: number; readonly failure: Failure }

function failureOf(error: unknown): Failure {
  if (error instanceof ServiceError)
    return {
      status: error.status,
      code: error.code,
      reason: error.reason,
      path: error.path,
      headers: error.headers,
    }
  if (error instanceof HqlError)
    return { status: 400, code: error.code, reason: error.reason, path: error.path, headers: {} }
  return {
    status: 500,
    code: 'internal_error',
    reason: 'the service failed to answer this request',
    path: [],
    headers: {},
  }
}

/**
 * Lowers this thread's CPU priority (by 10, as `nice` does), so that when the cores are busy the event loop,
 * which answers everyone, goes before a costly request, which answers one. Linux only: there a priority set for
 * "0" is the calling thread's; elsewhere it would be the whole process's.
 */
function yieldToTheEventLoop(): void {
  if (process.platform !== 'linux') return
  try {
    setPriority(0, Math.min(19, getPriority(0) + 10))
  } catch {
    // Not allowed here (a sandbox): the worker runs at the process's priority.
  }
}

/** The worker's side: builds the graph, warms the engine, then answers each request with its JSON bytes. */
function serve(config: GraphWorkerConfig, port: NonNullable<typeof parentPort>): void {
  yieldToTheEventLoop()
  const users = config.users.map((user) => ({ ...user, password: '' }))
  const { graph } = graphFor(config.catalog, users)
  const image = defaultImage(config.baseUrl)
  const deps: AnswerDeps = { graph, limits: config.limits, defaultImage: () => image }
  warmUp(deps)
  port.on('message', (ask: Ask) => {
    const { id, username } = ask
    let reply: Reply
    try {
      const query =
        'query' in ask ? ask.query : prepareQuery(deps, ask.endpoint, parseJson(Buffer.from(ask.body)))
      reply = { id, bytes: jsonBytes(runQuery(deps, query, username)) }
    } catch (error) {
      reply = { id, failure: failureOf(error) }
    }
    // A large answer has a memory of its own (Buffer.allocUnsafe pools only small ones): handed over, not copied.
    const bytes = 'bytes' in reply ? reply.bytes : undefined
    const own = bytes !== undefined && bytes.byteOffset === 0 && bytes.byteLength > 4096
    port.postMessage(reply, own ? [bytes.buffer as ArrayBuffer] : [])
  })
  port.postMessage({ ready: true } satisfies Reply)
}

if (!isMainThread && parentPort !== null && (workerData as Record<string, unknown> | null)?.[MARK] === true)
  serve((workerData as { config: GraphWorkerConfig }).config, parentPort)

/**
 * The event loop's handle on the graph worker. `ready()` starts the worker the first time it is asked and
 * answers true once the worker has built its graph; `run` sends it a request admitted as costly and settles
 * as the request would have on the event loop: the answer (as JSON bytes), or the same ServiceError.
 *
 * @example
 * const worker = new GraphWorker(() => ({ catalog: undefined, users: [], limits: DEFAULT_LIMITS, baseUrl }))
 * const answer = worker.ready() ? await worker.run({ query }, 'demo') : runQuery(deps, query, 'demo')
 */
export class GraphWorker {
  private worker: Worker | undefined
  private isReady = false
  private nextId = 0
  private readonly pending = new Map<
    number,
    { resolve: (value: RawJson) => void; reject: (e: unknown) => void }
  >()

  constructor(private readonly config: () => GraphWorkerConfig) {}

  /** Whether the worker answers now; the first call starts it. */
  ready(): boolean {
    if (this.worker === undefined) this.start()
    return this.isReady
  }

  /** Answers a request on the worker: prepared already, or a body it reads itself. */
  run(request: WorkerRequest, username: string | undefined): Promise<RawJson> {
    const worker = this.worker
    if (worker === undefined || !this.isReady)
      return Promise.reject(new Error('the graph worker is not ready'))
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      worker.postMessage({ ...request, id, username } satisfies Ask)
    })
  }

  /** Stops the worker; requests still on it fail. */
  async close(): Promise<void> {
    const worker = this.worker
    this.worker = undefined
    this.isReady = false
    // What is on the worker fails now, whatever it answers while it stops.
    worker?.removeAllListeners('message')
    this.failAll()
    if (worker !== undefined) await worker.terminate()
  }

  private start(): void {
    const url = import.meta.url
    const options = { workerData: { [MARK]: true, config: this.config() } }
    // From the sources (tests, tsx), the module is TypeScript: the worker registers tsx's loader first. tsx is
    // a development tool, not a dependency: the built package (.js) never takes this branch.
    const worker = url.endsWith('.ts')
      ? new Worker(
          `import(${JSON.stringify(TS_LOADER)}).then(({ register }) => { register(); return import(${JSON.stringify(url)}) })`,
          { ...options, eval: true },
        )
      : new Worker(new URL(url), options)
    // A service that is not closed must not keep its process alive for the worker's sake.
    worker.unref()
    this.worker = worker
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        this.isReady = true
        return
      }
      const waiting = this.pending.get(reply.id)
      this.pending.delete(reply.id)
      if ('bytes' in reply) {
        const out = new JsonOut()
        out.bytes(reply.bytes)
        waiting?.resolve(new RawJson(out))
      } else {
        const { status, code, reason, path, headers } = reply.failure
        waiting?.reject(new ServiceError(status, code, reason, { path, headers: { ...headers } }))
      }
    })
    // A worker that fails is forgotten (the next costly request starts another); what was on it fails with a 500.
    const gone = (): void => {
      if (this.worker !== worker) return
      this.worker = undefined
      this.isReady = false
      this.failAll()
    }
    worker.on('error', gone)
    worker.on('exit', gone)
  }

  private failAll(): void {
    for (const { reject } of this.pending.values()) reject(new Error('the graph worker stopped'))
    this.pending.clear()
  }
}
