import { isObject as isRecord } from '../../model/check/kit'
import { endpointAtPath, graphPath, isComponentName, maxSortedJsonDepth } from '../../model/core'
import { InvalidResponseError, PagingLoopError, PagingRefusedError } from '../errors'
import type { EndpointName, GraphRequest } from '../types'

// What a `next` answers depends on the list it belongs to (docs/paging.md):
// - a list component's next is a *component continuation*, a lookup of its parent asking for that one
//   component at page n: the next page is the list at `content[0].object[name]` of the answer;
// - a silo's next is a lookup of its remaining ids: the answer is the page, with the silo's title copied on;
// - any other next (a response's) answers the next page itself.

/** One request of a paging run: where it goes, which endpoint answers, and how its page is read. */
export interface Step {
  readonly request: GraphRequest
  readonly endpoint: EndpointName
  /** The request's hash (`requestHash`), which the loop guard keeps; a query's first request has none yet. */
  readonly key?: number
  /** The continued list component: the page is `content[0].object[name]` of the answer. */
  readonly name?: string | undefined
  /** The silo's title, copied onto the answer. */
  readonly title?: string | undefined
}

/** Which way a list is followed: its `pagingInfo.next`, or its `pagingInfo.previous`. */
export type Direction = 'next' | 'previous'

/**
 * Finds the request of the page after (or before) a page: what the server put there, before any check. The
 * default reads `pagingInfo.next` (or `.previous`); a service that pages some other way can be given its own.
 */
export type NextFinder = (page: unknown, direction: Direction) => unknown

/** The default NextFinder: `pagingInfo.next` or `pagingInfo.previous`, as the service writes them. */
export const pagingInfoNext: NextFinder = (page, direction) => {
  const pagingInfo = field(page, 'pagingInfo')
  if (pagingInfo === undefined || pagingInfo === null) return undefined
  if (!isRecord(pagingInfo)) throw invalid('expected an object', ['pagingInfo'])
  return pagingInfo[direction]
}

/**
 * The step a `next` (what a NextFinder found) asks for, or undefined at the list's end (null or absent).
 * Reads only what paging needs, so it works (and fails with a typed error naming the path) whatever the
 * response check. `paging` is the endpoint a query pages (its next answers the page itself); undefined for a
 * list of a response, whose next may go to any graph endpoint and is read as the table above says.
 */
export function stepOf(
  list: unknown,
  next: unknown,
  paging: EndpointName | undefined,
  scrub: (text: string) => string,
): Step | undefined {
  if (next === undefined || next === null) return undefined
  if (!isRecord(next)) throw invalid('expected an object or null', ['pagingInfo', 'next'])
  const { endpoint, method, body } = next
  if (typeof method !== 'string' || method.toUpperCase() !== 'POST')
    throw new PagingRefusedError('only POST is followed: queries are sent as POST bodies', [
      'pagingInfo',
      'next',
      'method',
    ])
  if (typeof endpoint !== 'string') throw invalid('expected a string', ['pagingInfo', 'next', 'endpoint'])
  if (!isRecord(body)) throw invalid('expected an object', ['pagingInfo', 'next', 'body'])
  return stepTo(list, endpoint, body, paging, scrub)
}

/**
 * The step of a request of `list` (its next, or a `resumeFrom`), its endpoint checked and its body hashed: a body
 * nested deeper than any query is an `InvalidResponseError` here, before anything walks it (the loop guard, the
 * JSON sent, the components compared), for a single step as for a run.
 */
export function stepTo(
  list: unknown,
  endpoint: string,
  body: Readonly<Record<string, unknown>>,
  paging: EndpointName | undefined,
  scrub: (text: string) => string,
): Step {
  const name = pagedEndpoint(endpoint, paging, scrub)
  const path = graphPath(name)
  const step = {
    request: { endpoint: path, method: 'POST', body } as const,
    endpoint: name,
    key: requestHash(path, body),
  }
  if (paging) return step
  const title = field(list, 'title')
  // The component a body continues, if it is a component continuation: a lookup of one id asking for one known
  // component that carries a `page`, and no page of its own.
  const { ids, components, page } = body
  const [component] = Array.isArray(components) && components.length === 1 ? components : []
  const continued = field(component, 'name')
  return {
    ...step,
    name:
      step.endpoint === 'lookup' &&
      page === undefined &&
      Array.isArray(ids) &&
      ids.length === 1 &&
      typeof continued === 'string' &&
      isComponentName(continued) &&
      field(component, 'page') !== undefined
        ? continued
        : undefined,
    title: typeof title === 'string' ? title : undefined,
  }
}

/** The page a step's answer holds, or an `InvalidResponseError` naming where it should have been. */
export function readPage(answer: unknown, step: Step): unknown {
  const { name, title } = step
  if (name !== undefined) {
    const object = field(arrayAt(field(answer, 'content'), ['content'])[0], 'object')
    // The name comes from the server: read as an own property only.
    const list = isRecord(object) && Object.hasOwn(object, name) ? object[name] : undefined
    // Read as a list whatever the check: an answer only the envelope was checked against may hold anything here.
    if (
      !isRecord(list) ||
      !Array.isArray(list['content']) ||
      !(list['pagingInfo'] === null || isRecord(list['pagingInfo']))
    )
      throw invalid(`expected the next page of '${name}'`, ['content', 0, 'object', name])
    return list
  }
  // The silo's title wins over any the answer carries: the page is that silo's.
  return title !== undefined && isRecord(answer) ? { ...answer, title } : answer
}

/** The items of one page: the pairs of `content`, or of each silo tagged with its title. */
export function pageItems(response: unknown, paging: EndpointName | undefined): unknown[] {
  if (paging !== 'silos' && (paging || !Array.isArray(field(response, 'silos'))))
    return arrayAt(field(response, 'content'), ['content'])
  const items: unknown[] = []
  arrayAt(field(response, 'silos'), ['silos']).forEach((silo, index) => {
    const title = field(silo, 'title')
    if (typeof title !== 'string') throw invalid('expected a string', ['silos', index, 'title'])
    for (const pair of arrayAt(field(silo, 'content'), ['silos', index, 'content']))
      // The silo's title wins over a `silo` key of the pair's own.
      items.push(isRecord(pair) ? { ...pair, silo: title } : pair)
  })
  return items
}

/**
 * Requests of one run the loop guard remembers, most recent first: 16 bytes or so each, so at most a few MB
 * however long a run goes (a cycle longer than this is still stopped by maxPages).
 */
export const REMEMBERED_REQUESTS = 100_000

/**
 * Remembers the requests of one paging run, so that a `next` that comes back to one of them (the same page
 * again, or a cycle) ends the run with an error instead of an endless loop. The visit function it returns
 * records a request, or throws `PagingLoopError` if it was made before. Each request is kept as a 53-bit hash
 * (`requestHash`), not as its text: a server's next bodies may be megabytes, and keeping each one grew a run by
 * megabytes a page until the process ran out of memory.
 */
export function visitedRequests(): (request: GraphRequest, key?: number) => void {
  const seen = new Set<number>()
  // A step's key was computed when it was read (`stepTo`): not hashed twice.
  return (request, key = requestHash(request.endpoint, request.body)) => {
    if (seen.has(key)) throw new PagingLoopError(`next repeats an earlier request to ${request.endpoint}`)
    // A Set iterates in insertion order: the first key is the oldest.
    if (seen.size >= REMEMBERED_REQUESTS) seen.delete(seen.values().next().value!)
    seen.add(key)
  }
}

// The state of the hash being computed: 32 bits of FNV-1a and 21 of djb2 (xor variant), two textbook hashes,
// fed one number (a UTF-16 unit, a tag, a length) at a time. Module state, not a closure's: a hash is computed
// synchronously from start to end, and the loop guard runs on every page. Not meant to resist a server that
// crafts collisions: one would only end its own paging with an error.
// Each hash starts from the two hashes' offsets (FNV-1a's 0x811c9dc5, djb2's 5381) and ends in a 53-bit number,
// written out in each hash rather than as functions of their own: a program's bundle carries requestHash alone.
let fnv = 0
let djb = 0

function mix(code: number): void {
  fnv = Math.imul(fnv ^ code, 0x01000193)
  djb = Math.imul(djb, 33) ^ code
}

/**
 * A string, after its length: `"ab"` then `"c"` is not `"a"` then `"bc"`. `mix` written out over locals: a
 * next body can be megabytes, and reading and writing the module's state per character cost four times this.
 */
function mixText(text: string): void {
  mix(text.length)
  let f = fnv
  let d = djb
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    f = Math.imul(f ^ code, 0x01000193)
    d = Math.imul(d, 33) ^ code
  }
  fnv = f
  djb = d
}

/** The 53-bit hash of a string. */
export function hash53(text: string): number {
  fnv = 0x811c9dc5
  djb = 5381
  mixText(text)
  return (djb & 0x1fffff) * 0x100000000 + (fnv >>> 0)
}

/**
 * The 53-bit hash of a request: its endpoint and its body, each object's fields combined in a way that no order
 * changes, so that two bodies that differ only in key order hash alike. Fed to the hash as it is walked, not
 * written out as sorted JSON first: the loop guard runs on every page, and writing the text cost four times the
 * hash (9 µs against 2 for a quickstart body). A body nested deeper than any query (`maxSortedJsonDepth`, 64
 * levels) is refused: it comes from a server, and walking it could exhaust the stack.
 */
export function requestHash(endpoint: string, body: unknown): number {
  fnv = 0x811c9dc5
  djb = 5381
  mixText(endpoint)
  mixValue(body, 0)
  return (djb & 0x1fffff) * 0x100000000 + (fnv >>> 0)
}

// Each kind of JSON value is tagged (string 1, other primitive 2, array 3, object 4), so that `1` and `"1"`,
// `[]` and `{}` hash apart. Written as numbers: a bundle kept each name as a variable of its own.
function mixValue(value: unknown, depth: number): void {
  if (depth > maxSortedJsonDepth) throw invalid('nests too deep to follow', ['pagingInfo', 'next', 'body'])
  if (typeof value === 'string') {
    mix(1)
    mixText(value)
  } else if (Array.isArray(value)) {
    mix(3)
    mix(value.length)
    for (let i = 0; i < value.length; i++) mixValue(value[i], depth + 1)
  } else if (isRecord(value)) {
    // Each field hashed on its own, from the offsets, and the hashes added: a sum is the same in any order, so
    // bodies that differ in key order alone hash alike with no list of each object's keys to sort (sorting them
    // took a quarter of a quickstart next's hash, listing them a fifth). `for…in`: parsed JSON has no inherited
    // fields, and a body that had some would hash them too, alike each time.
    const f = fnv
    const d = djb
    let sumF = 0
    let sumD = 0
    for (const key in value) {
      fnv = 0x811c9dc5
      djb = 5381
      mixText(key)
      mixValue(value[key], depth + 1)
      sumF = (sumF + fnv) | 0
      sumD = (sumD + djb) | 0
    }
    fnv = f
    djb = d
    mix(4)
    mix(sumF)
    mix(sumD)
  } else {
    mix(2)
    mixText(String(value))
  }
}

/** `value[key]` if `value` is an object, else undefined. */
export function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined
}

function arrayAt(value: unknown, path: (string | number)[]): unknown[] {
  if (!Array.isArray(value)) throw invalid('expected an array', path)
  return value
}

function invalid(message: string, path: (string | number)[]): InvalidResponseError {
  return new InvalidResponseError(message, { path })
}

/**
 * The canonical graph path a `next.endpoint` names, or a `PagingRefusedError`. Accepted: `/graph/<name>` and,
 * because relate's responses say `/relate`, the bare `/<name>`, where `<name>` is the endpoint being paged, or
 * any graph endpoint when `paging` is undefined (a list of a response: a list component continues with a
 * lookup). Anything else (an absolute URL, `//host`, another endpoint, dot segments) is refused, so the token
 * only ever goes to `baseUrl`'s graph endpoints. The refused value is quoted, scrubbed of known secrets.
 */
export const pagedEndpointPath = (
  endpoint: string,
  paging: EndpointName | undefined,
  scrub: (text: string) => string,
): `/graph/${EndpointName}` => graphPath(pagedEndpoint(endpoint, paging, scrub))

/** The endpoint `pagedEndpointPath` names: what a step reads, and builds its path from. */
function pagedEndpoint(
  endpoint: string,
  paging: EndpointName | undefined,
  scrub: (text: string) => string,
): EndpointName {
  // A graph endpoint's path is one on the configured origin: the tests below only choose the error's words. A
  // next that passes (every page of a run) is read with no pattern and no closure.
  const name = endpointAtPath(endpoint)
  if (name !== undefined && (!paging || name === paging)) return name
  // Scrubbed before it is cut short: half a token is no longer a known value, and would slip through.
  const refuse = (why: string) =>
    new PagingRefusedError(
      `${JSON.stringify(scrub(endpoint).slice(0, 120))} ${why}; the client only follows paths of ${paging ? graphPath(paging) : 'the graph endpoints'} on baseUrl`,
      ['pagingInfo', 'next', 'endpoint'],
    )
  if (!endpoint.startsWith('/') || endpoint.startsWith('//') || /[\\?#%]/.test(endpoint))
    throw refuse('is not a path on the configured origin')
  throw refuse(paging ? `does not page the ${paging} endpoint` : 'is not a graph endpoint')
}
