import { HqlError } from '../../model/errors'
import { prepareQuery, runQuery, type AnswerDeps, type GraphEndpoint } from '../query/answer'
import { ServiceError } from './errors'
import type { FairQueue, FairQueueLimits } from './fair-queue'

/**
 * Units of work a request may cost and still be answered as it arrives (about 1–2 ms of a core). A one-id
 * lookup costs a few hundred, a page of 20 titles with a few components a few thousand.
 */
export const LIGHT_WORK = 20_000

/**
 * How many costly requests (over LIGHT_WORK) the service takes at once: one runs (the engine is synchronous,
 * a second would only take turns on the same thread), 4 per address may be running or waiting, 32 wait in all;
 * beyond, 503 `overloaded` with Retry-After.
 */
export const DEFAULT_ADMISSION: FairQueueLimits = { concurrency: 1, perKey: 4, waiting: 32 }

export interface AdmissionDeps extends AnswerDeps {
  /** The queue of costly requests, in turns by source address. */
  readonly heavyWork: FairQueue
}

/**
 * Answers a graph request with admission of costly work. Each request is first answered with a budget of
 * LIGHT_WORK units, at once: nearly every request fits, and a cheap one never waits behind an expensive one.
 * A request over that budget is stopped there (it has cost ~1 ms) and queued for the full `limits.maxWork`
 * in the queue of costly requests, in turns by address, one at a time, each on a turn of the event loop of its
 * own, so that whatever arrives meanwhile is read and, if cheap, answered between two of them. A request the
 * queue cannot take is answered 503 at once rather than queued without bound.
 *
 * @example
 * const answer = await admitQuery(deps, 'lookup', { ids: ['mhmov-gladiator'] }, 'demo', '203.0.113.9')
 */
export function admitQuery(
  deps: AdmissionDeps,
  endpoint: GraphEndpoint,
  json: unknown,
  username: string | undefined,
  address: string,
): unknown {
  const query = prepareQuery(deps, endpoint, json)
  if (deps.limits.maxWork > LIGHT_WORK)
    try {
      return runQuery(deps, query, username, 'text', LIGHT_WORK)
    } catch (error) {
      // Over the light budget: the answer (or the real too_much_work) comes from the full run below.
      if (!(error instanceof HqlError && error.code === 'too_much_work')) throw error
    }
  const admitted = deps.heavyWork.enter(address, () => runQuery(deps, query, username))
  if (admitted !== undefined) return admitted
  const wait = deps.heavyWork.retryAfterSeconds()
  throw new ServiceError(
    503,
    'overloaded',
    `the service is busy with as many costly requests as it takes (${deps.heavyWork.limits.perKey} from one ` +
      `address, ${deps.heavyWork.limits.waiting} waiting in all); retry in ${wait} s, or ask for less`,
    { headers: { 'Retry-After': String(wait) } },
  )
}
