import { isObject as isRecord } from '../../model/check/kit'
import { isComponentName } from '../../model/core'
import { PagingRefusedError } from '../errors'
import type { Step } from './steps'
import type { EndpointName } from '../types'

/**
 * Where a list the client handed out came from, so that its `next` can be held to continuing it: a whole
 * response of an endpoint, a list component of one object (its name and the object's id: none when the object
 * has no string mhid), or one silo.
 */
export type ListOrigin =
  | { readonly kind: 'response'; readonly endpoint: EndpointName }
  | { readonly kind: 'component'; readonly name: string; readonly parentId: string | undefined }
  | { readonly kind: 'silo'; readonly title: string }

/** How deep lists nest in a response: components nest `maxComponentDepth` (5) levels; a little more is free. */
const MAX_DEPTH = 8

/**
 * The origins of the lists in the answers one client received (held weakly: a page the app drops is
 * forgotten). `register` walks an answer once: the answer itself, each silo, and every list component of
 * every object at any depth, each with the id of the object that holds it.
 */
export function listOrigins() {
  const origins = new WeakMap<object, ListOrigin>()

  function visitPairs(content: unknown, depth: number): void {
    if (!Array.isArray(content) || depth > MAX_DEPTH) return
    for (const pair of content) {
      const object = isRecord(pair) ? pair['object'] : undefined
      if (!isRecord(object)) continue
      const id = object['mhid']
      for (const name of Object.keys(object)) {
        const value = object[name]
        if (!isRecord(value)) continue
        // A one-object component (primaryImage) is a pair. Any other is recorded whatever it holds and whatever
        // its object's id: a list left out would have its next followed unchecked (the parent's page of movies
        // returned as contributors). Only components are lists the service continues; any other key is the
        // server's own.
        if (isRecord(value['object'])) visitPairs([value], depth + 1)
        else {
          if (isComponentName(name))
            origins.set(value, { kind: 'component', name, parentId: typeof id === 'string' ? id : undefined })
          visitPairs(value['content'], depth + 1)
        }
      }
    }
  }

  return {
    /** Records the lists of an answer of `endpoint` (a page read from a continuation is registered by its answer). */
    register(answer: unknown, endpoint: EndpointName): void {
      if (!isRecord(answer)) return
      origins.set(answer, { kind: 'response', endpoint })
      const silos = answer['silos']
      if (Array.isArray(silos))
        for (const silo of silos) {
          if (isRecord(silo) && typeof silo['title'] === 'string') {
            origins.set(silo, { kind: 'silo', title: silo['title'] })
            visitPairs(silo['content'], 1)
          }
        }
      visitPairs(answer['content'], 1)
    },
    /** Records a silo's page, which the client builds from a lookup's answer. */
    registerSilo(page: unknown, title: string): void {
      if (isRecord(page)) origins.set(page, { kind: 'silo', title })
    },
    originOf: (list: unknown): ListOrigin | undefined => (isRecord(list) ? origins.get(list) : undefined),
  }
}

export type ListOrigins = ReturnType<typeof listOrigins>

/**
 * Refuses a step that does not continue the list it was read from: a response's next must page the same
 * endpoint (not continue a component); a list component's must continue that component of that object; a
 * silo's must be a lookup of its remaining ids. Otherwise the answer would come back typed as the list while
 * holding something else (the parent's page of movies typed as contributors). The error names the list.
 */
export function checkContinues(
  step: Step,
  origin: ListOrigin | undefined,
  scrub: (text: string) => string,
): void {
  if (origin === undefined) return
  // What the server wrote (an id, a title) is quoted cut short, and scrubbed before it is cut.
  const quoted = (text: string) => JSON.stringify(scrub(text).slice(0, 80))
  const { endpoint, name } = step
  const ids = step.request.body['ids']
  const id: unknown = Array.isArray(ids) ? ids[0] : undefined
  // One sentence frame for the three kinds of list: only the list's description and the test differ.
  const component = origin.kind === 'component'
  const list = component
    ? `${origin.name} (of ${origin.parentId === undefined ? 'an object without an mhid' : quoted(origin.parentId)})`
    : origin.kind === 'response'
      ? `this ${origin.endpoint} response`
      : `the silo ${quoted(origin.title)}`
  const continues = component
    ? name === origin.name && id === origin.parentId
    : name === undefined && endpoint === (origin.kind === 'response' ? origin.endpoint : 'lookup')
  if (!continues)
    throw new PagingRefusedError(
      `the next of ${list} does not continue it (it asks ${endpoint}${name === undefined ? ' for a page of its own' : ` for the ${name} of ${typeof id === 'string' ? quoted(id) : 'no object'}`})`,
      ['pagingInfo', 'next'],
    )
}
