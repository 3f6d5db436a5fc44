import { HqlError } from '../../model/errors'
import {
  prepareQuery,
  runQuery,
  type AnswerDeps,
  type GraphEndpoint,
  type PreparedQuery,
} from '../query/answer'
import { parseJson } from './body'
import { ServiceError } from './errors'
import { FairQueue, type LaneLimits } from './fair-queue'

/**
 * Units of work a request may cost in its first pass (about a millisecond or two of a core for most shapes): a
 * one-id lookup costs ~60, a page of 20 titles with a few components ~40,000, the largest ordinary request
 * ~370,000. Nearly every request a person sends is answered in that pass.
 */
export const LIGHT_WORK = 50_000

/** The lanes of the graph queue: first passes, then costly requests. */
const FIRST_PASS = 0
const COSTLY = 1

/**
 * First passes one address may have waiting or running (16), and in all (1,000, the connections the service
 * keeps): an address sending more at once gets 503 without its body being parsed.
 */
export const FIRST_PASS_LANE: LaneLimits = { perKey: 16, waiting: 1000 }

/**
 * Costly requests (over LIGHT_WORK) the service takes: 4 per address running or waiting, 32 waiting in all;
 * one more is answered 503 `overloaded` with Retry-After.
 */
export const DEFAULT_COSTLY_LANE: LaneLimits = { perKey: 4, waiting: 32 }

/**
 * The queue every graph request passes through: one task at a time (the engine is synchronous; a second at once
 * would only take turns on the same thread), first passes before costly requests, each lane in turns by
 * address.
 */
export function graphQueue(costly: LaneLimits = DEFAULT_COSTLY_LANE): FairQueue {
  return new FairQueue(1, [FIRST_PASS_LANE, costly])
}

export interface AdmissionDeps extends AnswerDeps {
  /** The queue of graph work ({@link graphQueue}). */
  readonly graphWork: FairQueue
}

type FirstPass = { readonly answer: unknown } | { readonly costly: PreparedQuery }

/**
 * Answers a graph request (its body as read) with admission of costly work. Every request first has a pass of
 * its own, in turns by address: the JSON, fromJSON, the service's limits, and an answer within LIGHT_WORK units. Nearly every request is
 * answered there. One over that budget is stopped (it has cost a few milliseconds) and waits in the lane of
 * costly requests for the full `limits.maxWork`; first passes go before it, so a cheap request waits for at
 * most the one costly request running, whatever the number queued. A request the costly lane cannot take is
 * answered 503 at once, rather than queued without bound. Each pass runs on a turn of the event loop of its
 * own: what arrives meanwhile is read and queued between two of them.
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
  const first = deps.graphWork.enter(address, () => firstPass(deps, endpoint, body, username), FIRST_PASS)
  const passed = await (first ?? busy(deps, FIRST_PASS))
  if ('answer' in passed) return passed.answer
  const costly = deps.graphWork.enter(address, () => runQuery(deps, passed.costly, username), COSTLY)
  return costly ?? busy(deps, COSTLY)
}

function firstPass(
  deps: AdmissionDeps,
  endpoint: GraphEndpoint,
  body: Buffer,
  username: string | undefined,
): FirstPass {
  const query = prepareQuery(deps, endpoint, parseJson(body))
  if (deps.limits.maxWork <= LIGHT_WORK) return { answer: runQuery(deps, query, username) }
  try {
    return { answer: runQuery(deps, query, username, 'text', LIGHT_WORK) }
  } catch (error) {
    // Over the first budget: the answer (or the real too_much_work) comes from the costly lane.
    if (error instanceof HqlError && error.code === 'too_much_work') return { costly: query }
    throw error
  }
}

function busy(deps: AdmissionDeps, lane: number): never {
  const wait = deps.graphWork.retryAfterSeconds(lane)
  const { perKey, waiting } = deps.graphWork.limits(lane)
  const what = lane === COSTLY ? 'costly requests' : 'requests'
  throw new ServiceError(
    503,
    'overloaded',
    `the service is busy with as many ${what} as it takes (${perKey} from one address, ${waiting} waiting ` +
      `in all); retry in ${wait} s${lane === COSTLY ? ', or ask for less' : ''}`,
    { headers: { 'Retry-After': String(wait) } },
  )
}
