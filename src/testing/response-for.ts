import { errorCodes } from '../model/error-codes'
import { HqlError, readPromise, type HqlErrorCode, type Query, type ResultOf } from '../model'
import { createQueryEngine, type QueryEngine } from '../service'
import { expected, got, optionsOf } from './arguments'
import { ResponseBuilder, isPlainObject } from './build-response'
import { canonical } from './canonical'
import { checkAnswer } from './promise-check'

/**
 * A deep partial of a response, to change the parts a test cares about: objects key by key, lists by index,
 * either as a list (`[{}, { object: { name: 'Up' } }]`) or keyed by index (`{ 1: { object: { name: 'Up' } } }`).
 * An index past the end of a list adds items, built as the query promises.
 */
export type ResponseOverride<T> = T extends readonly (infer E)[]
  ? readonly ResponseOverride<E>[] | { readonly [index: number]: ResponseOverride<E> }
  : T extends object
    ? { readonly [K in keyof T]?: ResponseOverride<T[K]> }
    : T

/** Options of {@link responseFor}. */
export interface ResponseForOptions {
  /**
   * Where the values come from: `'samples'` (the default) makes plausible ones (`Movie 1`, an image with its
   * five renditions); `'catalog'` runs the query against the reference service's engine over the embedded
   * catalog, as the demo user, and builds only what an override adds.
   */
  readonly from?: 'samples' | 'catalog'
  /** Items in the top-level list and in each silo, with samples (default 2; nested lists get 1). */
  readonly items?: number
  /**
   * Whether to refuse a response that breaks what the query promises (default true): set false to build a
   * broken one on purpose, for a test of the client's `validate: 'strict'`.
   */
  readonly check?: boolean
}

const optionKeys: readonly (keyof ResponseForOptions)[] = ['from', 'items', 'check']

let engine: QueryEngine | undefined

/**
 * A response that keeps what `query` promises, typed `ResultOf<typeof query>`: every returned object of a type
 * the query returns, every requested component at every depth with its shape, contexts and paging info, with
 * plausible values (or the embedded catalog's). `override` changes any part by path; an override that breaks
 * the query's promise (or nests deeper than the client's check allows) is refused with an `HqlError`
 * (`response_breaks_query`) naming its path. A bad argument or option is a TypeError (RangeError) naming it.
 *
 * @example
 * const q = hql.explore().filter(returnType.eq('Movie')).with(primaryImage, keyContributors)
 * fixture(q, responseFor(q, { content: { 0: { object: { name: 'Alien' } } } }))
 */
export function responseFor<Q extends Query>(
  query: Q,
  override?: ResponseOverride<ResultOf<Q>>,
  options: ResponseForOptions = {},
): ResultOf<Q> {
  const { endpoint, body } = canonical(query, 'query')
  const { from = 'samples', items = 2, check = true } = optionsOf(options, 'options', optionKeys)
  if (from !== 'samples' && from !== 'catalog')
    throw expected(`options.from to be 'samples' or 'catalog'`, from)
  if (typeof items !== 'number') throw expected('options.items to be a whole number of 0 or more', items)
  if (!Number.isSafeInteger(items) || items < 0)
    throw new RangeError(`expected options.items to be a whole number of 0 or more, got ${got(items)}`)
  if (typeof check !== 'boolean') throw expected('options.check to be true or false', check)
  const promise = readPromise(endpoint, body)
  // canonical() validated the query, and every valid query has a promise.
  if (promise === undefined) throw new TypeError(`no response promise for this ${endpoint} query`)
  const base = from === 'catalog' ? catalogAnswer(endpoint, body) : undefined
  const response = new ResponseBuilder(promise, { items }).response(body, base, override)
  if (check) checkAnswer(endpoint, body, response)
  return response as ResultOf<Q>
}

/** The reference engine's answer to a request; its error (an unknown id's 404) as the HqlError it names. */
function catalogAnswer(endpoint: string, body: unknown): unknown {
  engine ??= createQueryEngine()
  const { status, body: answer } = engine.answer(endpoint, body)
  if (status === 200) return answer
  const error = isPlainObject(answer) ? answer : {}
  const code = typeof error['error'] === 'string' ? error['error'] : ''
  const known: HqlErrorCode = Object.hasOwn(errorCodes, code) ? (code as HqlErrorCode) : 'internal_error'
  const where = typeof error['path'] === 'string' ? ` at ${error['path']}` : ''
  throw new HqlError(
    known,
    `the catalog answered ${status}: ${String(error['message'] ?? 'no detail')}${where}`,
  )
}
