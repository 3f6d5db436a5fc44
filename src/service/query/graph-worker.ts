import { getPriority, setPriority } from 'node:os'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { HqlError, type JsonPath } from '../../model/errors'
import type { HqlErrorCode } from '../../model/error-codes'
import type { UserConfig } from '../auth/registry'
import type { RawCatalog } from '../catalog/raw'
import { defaultCatalogDir } from '../catalog/load'
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

/** What differs between services sharing a thread: their limits, and the origin their placeholder image names. */
type ServiceSide = Pick<GraphWorkerConfig, 'limits' | 'baseUrl'>

type Ask = WorkerRequest & ServiceSide & { readonly id: number; readonly username: string | undefined }

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
  // Services sharing this thread differ in their limits and origin: each request brings its own.
  let image = { baseUrl: config.baseUrl, value: defaultImage(config.baseUrl) }
  const depsOf = ({ limits, baseUrl }: ServiceSide): AnswerDeps => {
    if (image.baseUrl !== baseUrl) image = { baseUrl, value: defaultImage(baseUrl) }
    const value = image.value
    return { graph, limits, defaultImage: () => value }
  }
  warmUp(depsOf(config))
  port.on('message', (ask: Ask) => {
    const { id, username } = ask
    let reply: Reply
    try {
      const deps = depsOf(ask)
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

/** A request on the thread: who sent it, and how it settles. */
interface Waiting {
  readonly owner: GraphWorker
  readonly resolve: (value: RawJson) => void
  readonly reject: (e: unknown) => void
}

/**
 * One worker thread and the graph it built, shared by every service of this process over the same catalog
 * folder and users (the services of a test suite, mostly): building the graph is most of a thread's cost (about
 * a second of CPU), and a process starting a service per test file paid it once per file. A thread stops
 * `LINGER_MS` after the last service using it closed, unless another takes it meanwhile, and never keeps the
 * process alive.
 */
class GraphThread {
  private worker: Worker | undefined
  isReady = false
  private nextId = 0
  private readonly pending = new Map<number, Waiting>()
  private readonly holders = new Set<GraphWorker>()
  private linger: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly key: string | undefined,
    config: GraphWorkerConfig,
  ) {
    this.start(config)
  }

  /** Whether the thread runs (or is starting); one that stopped or failed is never used again. */
  get alive(): boolean {
    return this.worker !== undefined
  }

  /** `owner` uses the thread from now on; a thread lingering for lack of users stays. */
  take(owner: GraphWorker): void {
    this.holders.add(owner)
    clearTimeout(this.linger)
    this.linger = undefined
  }

  /** `owner` is done: what it had on the thread fails now; the thread stops a while after its last user. */
  release(owner: GraphWorker, lingerMs: number): Promise<void> {
    this.holders.delete(owner)
    this.fail((waiting) => waiting.owner === owner)
    if (this.holders.size > 0) return Promise.resolve()
    // A thread of no shared catalog (one given as data) has nobody to wait for.
    if (this.key === undefined) return this.stop()
    this.linger = setTimeout(() => void this.stop().catch(() => undefined), lingerMs)
    this.linger.unref()
    return Promise.resolve()
  }

  run(owner: GraphWorker, request: WorkerRequest, side: ServiceSide, username: string | undefined) {
    const worker = this.worker
    if (worker === undefined || !this.isReady)
      return Promise.reject(new Error('the graph worker is not ready'))
    const id = this.nextId++
    return new Promise<RawJson>((resolve, reject) => {
      this.pending.set(id, { owner, resolve, reject })
      try {
        worker.postMessage({ ...request, ...side, id, username } satisfies Ask)
      } catch (error) {
        // Not sent (a value that cannot be cloned): nothing will answer it.
        this.pending.delete(id)
        throw error
      }
    })
  }

  private async stop(): Promise<void> {
    const worker = this.worker
    this.forget()
    if (worker !== undefined) await worker.terminate()
  }

  // Out of the registry and out of use: what was on it fails, the next costly request starts another thread.
  private forget(): void {
    if (threads.get(this.key) === this) threads.delete(this.key)
    this.worker?.removeAllListeners('message')
    this.worker = undefined
    this.isReady = false
    this.fail(() => true)
  }

  private fail(which: (waiting: Waiting) => boolean): void {
    for (const [id, waiting] of this.pending)
      if (which(waiting)) {
        this.pending.delete(id)
        waiting.reject(new Error('the graph worker stopped'))
      }
  }

  private start(config: GraphWorkerConfig): void {
    const url = import.meta.url
    const options = { workerData: { [MARK]: true, config } }
    // From the sources (tests, tsx), the module is TypeScript. A test run bundles it into one JavaScript file
    // first and names it in HQL_GRAPH_WORKER_BUNDLE (test/support/graph-worker-bundle.ts): a thread that loads
    // the ~100 modules through tsx's loader spent ~1.4 s of CPU on it (and a loader thread of its own), one
    // bundled file ~0.5 s. Otherwise the worker registers tsx's loader first. tsx is a development tool, not a
    // dependency: the built package (.js) never takes this branch.
    const fromSources = url.endsWith('.ts')
    const bundled = fromSources ? process.env['HQL_GRAPH_WORKER_BUNDLE'] : undefined
    const worker = !fromSources
      ? new Worker(new URL(url), options)
      : bundled
        ? new Worker(bundled, options)
        : new Worker(
            `import(${JSON.stringify(TS_LOADER)}).then(({ register }) => { register(); return import(${JSON.stringify(url)}) })`,
            { ...options, eval: true },
          )
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
      if (this.worker === worker) this.forget()
    }
    worker.on('error', gone)
    worker.on('exit', gone)
    // Neither a service that is not closed nor a thread lingering after its last service keeps the process
    // alive. Last: a 'message' listener refs the worker's port again (it did, and a closed demo waited 30 s).
    worker.unref()
  }
}

/**
 * How long a thread outlives the last service using it: a test suite's next file starts its service by then (in
 * a test runner's worker, files of a folder follow one another), and a process done with services is not held.
 */
const LINGER_MS = 30_000

/** The threads of this process by catalog folder and users (graphFor's key); one given as data is not shared. */
const threads = new Map<string | undefined, GraphThread>()

function threadFor(config: GraphWorkerConfig): GraphThread {
  const key =
    typeof config.catalog === 'object'
      ? undefined
      : JSON.stringify([config.catalog ?? defaultCatalogDir(), config.users])
  const shared = key === undefined ? undefined : threads.get(key)
  if (shared !== undefined) return shared
  const thread = new GraphThread(key, config)
  if (key !== undefined) threads.set(key, thread)
  return thread
}

/**
 * A service's handle on the graph worker. `ready()` takes a thread the first time it is asked (starting one, or
 * sharing the one this process has for the same catalog and users) and answers true once it has built its graph;
 * `run` sends it a request admitted as costly and settles as the request would have on the event loop: the
 * answer (as JSON bytes), or the same ServiceError, with this service's limits and origin.
 *
 * @example
 * const worker = new GraphWorker(() => ({ catalog: undefined, users: [], limits: DEFAULT_LIMITS, baseUrl }))
 * const answer = worker.ready() ? await worker.run({ query }, 'demo') : runQuery(deps, query, 'demo')
 */
export class GraphWorker {
  private thread: GraphThread | undefined
  // Closed for good: costly requests its service queued before closing still ask, and must not take a thread
  // again (one taken then would never be let go).
  private closed = false

  /** `lingerMs`: how long the thread outlives this service if it is the last to use it (tests shorten it). */
  constructor(
    private readonly config: () => GraphWorkerConfig,
    private readonly lingerMs = LINGER_MS,
  ) {}

  /** Whether the worker answers now; the first call starts it, or joins the thread of the same catalog. */
  ready(): boolean {
    if (this.closed) return false
    // A thread that failed is out of the registry: the next costly request starts another.
    if (this.thread === undefined || !this.thread.alive) {
      this.thread = threadFor(this.config())
      this.thread.take(this)
    }
    return this.thread.isReady
  }

  /** Answers a request on the worker: prepared already, or a body it reads itself. */
  run(request: WorkerRequest, username: string | undefined): Promise<RawJson> {
    const thread = this.thread
    if (thread === undefined) return Promise.reject(new Error('the graph worker is not ready'))
    const { limits, baseUrl } = this.config()
    return thread.run(this, request, { limits, baseUrl }, username)
  }

  /** Lets go of the thread for good; requests this service still has on it fail, and it takes no thread again. */
  close(): Promise<void> {
    this.closed = true
    const thread = this.thread
    this.thread = undefined
    return thread?.release(this, this.lingerMs) ?? Promise.resolve()
  }
}
