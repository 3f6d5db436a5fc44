import { componentCatalogue, type ComponentName } from '../../model'
import { HqlError } from '../../model/errors'
import {
  prepareQuery,
  runQuery,
  type AnswerDeps,
  type GraphEndpoint,
  type PreparedQuery,
} from '../query/answer'
import type { GraphWorker } from '../query/graph-worker'
import { parseJson } from './body'
import { ServiceError } from './errors'
import { FairQueue, type FairQueueLimits } from './fair-queue'

/**
 * Units of work a request may cost in its first pass (about a millisecond or two of a core for most shapes): a
 * one-id lookup costs ~60, a page of 20 titles with a few components ~40,000, the largest ordinary request
 * ~370,000. Nearly every request a person sends is answered in that pass.
 */
export const LIGHT_WORK = 50_000

/**
 * Bodies larger than this (8 KiB: a lookup of some 300 ids) have no first pass: reading and checking them costs
 * milliseconds already, so they go to the costly queue as they came, and the graph worker reads them there.
 */
export const FIRST_PASS_BODY_BYTES = 8 * 1024

/**
 * First passes: one at a time (on the event loop), 16 per address waiting or running and 1,000 in all (the
 * connections the service keeps); an address sending more at once gets 503 before its body is parsed.
 */
export const FIRST_PASSES: FairQueueLimits = { concurrency: 1, perKey: 16, waiting: 1000 }

/**
 * Costly requests (over LIGHT_WORK): one at a time (on the graph worker), 4 per address running or waiting and
 * 32 waiting in all; one more is answered 503 `overloaded` with Retry-After.
 */
export const DEFAULT_COSTLY: FairQueueLimits = { concurrency: 1, perKey: 4, waiting: 32 }

/** The two queues every graph request passes through: its first pass, then, if costly, the costly queue. */
export interface GraphQueues {
  readonly firstPasses: FairQueue
  readonly costly: FairQueue
}

/** The queues of graph work, the costly one's share per address and total as given. */
export function graphQueues(
  costly: Pick<FairQueueLimits, 'perKey' | 'waiting'> = DEFAULT_COSTLY,
): GraphQueues {
  return { firstPasses: new FairQueue(FIRST_PASSES), costly: new FairQueue({ ...costly, concurrency: 1 }) }
}

export interface AdmissionDeps extends AnswerDeps {
  readonly graphWork: GraphQueues
  /**
   * The thread costly requests are answered on, once it is up (../query/graph-worker.ts); without one, or
   * until it is up, they are answered on the event loop.
   */
  readonly graphWorker?: GraphWorker
}

type FirstPass = { readonly answer: unknown } | { readonly costly: PreparedQuery }

/**
 * Answers a graph request (its body as read) with admission of costly work. Every request of a small body
 * (FIRST_PASS_BODY_BYTES) first has a pass of its own, in turns by address, on the event loop: the JSON,
 * fromJSON, the service's limits, and an answer within LIGHT_WORK units. Nearly every request is answered there;
 * a larger body goes to the costly queue as it is, and a request of a costly shape (COSTLY_SHAPE) after fromJSON. One over that budget is stopped (it has
 * cost a few milliseconds) and waits in the queue of costly requests, in turns by address, for the full
 * `limits.maxWork`, answered on the graph worker's thread once it is up: the event loop goes on with first
 * passes meanwhile, so a cheap request waits for one other first pass at most, whatever the costly requests
 * queued or running. What a queue cannot take is answered 503 at once, rather than queued without bound.
 *
 * @example
 * const body = Buffer.from(JSON.stringify({ ids: ['mhmov-gladiator'] }))
 * const answer = await admitQuery(deps, 'lookup', body, 'demo', '203.0.113.9')
 */
export async function admitQuery(
  deps: AdmissionDeps,
  endpoint: GraphEndpoint,
  body: Buffer,
  username: string | undefined,
  address: string,
): Promise<unknown> {
  const { firstPasses, costly } = deps.graphWork
  const worker = deps.graphWorker
  if (body.length > FIRST_PASS_BODY_BYTES) {
    const answer = costly.enter(address, () =>
      worker?.ready() === true
        ? worker.run({ endpoint, body }, username)
        : runQuery(deps, prepareQuery(deps, endpoint, parseJson(body)), username),
    )
    return answer ?? busy(costly, 'costly requests')
  }
  const first = firstPasses.enter(address, () => firstPass(deps, endpoint, body, username))
  const passed = await (first ?? busy(firstPasses, 'requests'))
  if ('answer' in passed) return passed.answer
  const answer = costly.enter(address, () =>
    worker?.ready() === true
      ? worker.run({ query: passed.costly }, username)
      : runQuery(deps, passed.costly, username),
  )
  return answer ?? busy(costly, 'costly requests')
}

/**
 * Shapes that cost more than a first pass whatever the data, known from the request alone: many factors (each a
 * walk of what a user likes, or of a title's neighbours), many blueprints or seed ids (a recommendation each),
 * many ids to look up, or list components nested so deep and wide that their objects number in thousands. Their
 * first pass would spend most of its budget before the engine's first count of work (resolving, then scoring a
 * whole seed): they go to the costly queue after fromJSON alone.
 */
export const COSTLY_SHAPE = { factors: 10, blueprints: 4, seedIds: 20, ids: 100, objects: 2000 } as const

interface Shape {
  readonly factors?: readonly unknown[]
  readonly blueprints?: readonly unknown[]
  readonly ids?: readonly unknown[]
  readonly pageSize?: number
  readonly components?: readonly ComponentShape[]
}
interface ComponentShape {
  readonly name: ComponentName
  readonly pageSize?: number
  readonly components?: readonly ComponentShape[]
}

/** The most objects a component tree can render per object it hangs on: lists multiply by their page size. */
function objectsPer(components: readonly ComponentShape[] | undefined, defaultPageSize: number): number {
  let most = 1
  for (const component of components ?? []) {
    const list = componentCatalogue[component.name].shape === 'list'
    most +=
      (list ? (component.pageSize ?? defaultPageSize) : 1) * objectsPer(component.components, defaultPageSize)
  }
  return most
}

function costlyShape(endpoint: GraphEndpoint, body: Shape, defaultPageSize: number): boolean {
  const ids = body.ids?.length ?? 0
  if ((body.factors?.length ?? 0) > COSTLY_SHAPE.factors) return true
  if ((body.blueprints?.length ?? 0) > COSTLY_SHAPE.blueprints) return true
  if (endpoint === 'silos' ? ids > COSTLY_SHAPE.seedIds : ids > COSTLY_SHAPE.ids) return true
  // A lookup answers one object per id: a page holds no more than the ids asked for.
  const page = Math.min(body.pageSize ?? defaultPageSize, endpoint === 'lookup' ? ids : Infinity)
  return page * objectsPer(body.components, defaultPageSize) > COSTLY_SHAPE.objects
}

function firstPass(
  deps: AdmissionDeps,
  endpoint: GraphEndpoint,
  body: Buffer,
  username: string | undefined,
): FirstPass {
  const query = prepareQuery(deps, endpoint, parseJson(body))
  if (deps.limits.maxWork <= LIGHT_WORK) return { answer: runQuery(deps, query, username) }
  if (costlyShape(endpoint, query.body as Shape, deps.limits.defaultPageSize)) return { costly: query }
  try {
    return { answer: runQuery(deps, query, username, 'text', LIGHT_WORK) }
  } catch (error) {
    // Over the first budget: the answer (or the real too_much_work) comes from the costly queue.
    if (error instanceof HqlError && error.code === 'too_much_work') return { costly: query }
    throw error
  }
}

/**
 * The 503 a request would get from the queue its body goes to, told before the body is read (from its
 * Content-Length; a body without one, chunked, counts as small): a flood of requests the queues cannot take
 * costs their headers only, not their bodies read, parsed and dropped.
 *
 * @example
 * const refusal = earlyRefusal(deps.graphWork, '203.0.113.9', Number(request.headers['content-length']))
 * if (refusal) throw refusal
 */
export function earlyRefusal(
  queues: GraphQueues,
  address: string,
  declaredBytes: number,
): ServiceError | undefined {
  const large = Number.isFinite(declaredBytes) && declaredBytes > FIRST_PASS_BODY_BYTES
  const queue = large ? queues.costly : queues.firstPasses
  if (!queue.refuses(address)) return undefined
  try {
    busy(queue, large ? 'costly requests' : 'requests')
  } catch (error) {
    return error as ServiceError
  }
}

function busy(queue: FairQueue, what: string): never {
  const wait = queue.retryAfterSeconds()
  const { perKey, waiting } = queue.limits
  throw new ServiceError(
    503,
    'overloaded',
    `the service is busy with as many ${what} as it takes (${perKey} from one address, ${waiting} waiting ` +
      `in all); retry in ${wait} s`,
    { headers: { 'Retry-After': String(wait) } },
  )
}
