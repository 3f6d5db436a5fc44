import { isObject as isRecord } from '../../model/check/kit'
import type { Query } from '../../model/core'
import { PagingRefusedError } from '../errors'
import { field, type Step } from './steps'

/**
 * Where a list the client handed out came from, so that its `next` can be held to continuing it: a whole
 * response of an endpoint (with the query it answers, whose promise its next pages are checked against), a
 * list component of one object (its name, and the object's id: none when the object has no string mhid), or
 * one silo. `components` are what the list's items were asked for (the query's, or the component's nested
 * ones): a next that asks for others would answer another list.
 */
export type ListOrigin = (
  | { readonly kind: 'response'; readonly query: Query }
  | { readonly kind: 'component'; readonly name: string; readonly parentId: string | undefined }
  | { readonly kind: 'silo'; readonly title: string }
) & { readonly components: unknown }

/** The origin of a query's pages. */
export const responseOrigin = (query: Query): ListOrigin => ({
  kind: 'response',
  query,
  components: query.body.components,
})

/**
 * The origins of the lists one client handed out (held weakly: a page the app drops is forgotten). `adopt`
 * records a list and walks it once: each silo of a response, and every list component asked for of every object
 * at any depth, each with the id of the object that holds it and the components asked of its items.
 */
export function listOrigins() {
  const origins = new WeakMap<object, ListOrigin>()

  function adopt(list: unknown, origin: ListOrigin, depth = 1): void {
    if (!isRecord(list)) return
    origins.set(list, origin)
    const { components } = origin
    const silos = list['silos']
    if (origin.kind === 'response' && Array.isArray(silos))
      for (const silo of silos) {
        const title = field(silo, 'title')
        if (typeof title === 'string') adopt(silo, { kind: 'silo', title, components }, depth)
      }
    visitPairs(list['content'], components, depth)
  }

  /**
   * Records the lists of the objects of `content`: each component `requested` of them (the query's, so a name of
   * the catalogue) that the object holds as its own. What the query did not ask for is not in the list's type.
   */
  function visitPairs(content: unknown, requested: unknown, depth: number): void {
    // Lists nest no deeper than components do (`maxComponentDepth`, 5 levels): 8 leaves room. A number here, not a
    // constant: a bundle kept the constant as a variable of its own.
    if (!Array.isArray(content) || !Array.isArray(requested) || depth > 8) return
    for (const pair of content) {
      const object = field(pair, 'object')
      if (!isRecord(object)) continue
      const id = object['mhid']
      for (const asked of requested) {
        const name = field(asked, 'name') as string
        const value = Object.hasOwn(object, name) ? object[name] : undefined
        if (!isRecord(value)) continue
        const components = field(asked, 'components')
        // A one-object component (primaryImage) is a pair. Any other is recorded whatever it holds and whatever
        // its object's id: a list left out would have its next followed unchecked (the parent's page of movies
        // returned as contributors).
        if (isRecord(value['object'])) visitPairs([value], components, depth + 1)
        else
          adopt(
            value,
            { kind: 'component', name, parentId: typeof id === 'string' ? id : undefined, components },
            depth + 1,
          )
      }
    }
  }

  return {
    /** Records a list the client hands out (an answer, a page read from one), and the lists it holds. */
    adopt,
    // WeakMap's get answers undefined for what it cannot hold (a string, null): no test of the list first.
    originOf: (list: unknown): ListOrigin | undefined => origins.get(list as object),
  }
}

export type ListOrigins = ReturnType<typeof listOrigins>

/**
 * What a list of component requests asks for, as text: each name (quoted, so that no name reads as structure)
 * with what it nests, in sorted order, sizes and pages aside. Missing is none; anything else that is no list
 * (`null`) is `?`. Used on a body already bounded in depth, and on a query.
 */
const asked = (components: unknown): string =>
  components === undefined
    ? ''
    : Array.isArray(components)
      ? components
          .map((one) => `${JSON.stringify(field(one, 'name'))}(${asked(field(one, 'components'))})`)
          .sort()
          .join()
      : '?'

/**
 * Refuses a step that does not continue the list it was read from: a response's next must page the same
 * endpoint (not continue a component); a list component's must continue that component of that object; a
 * silo's must be a lookup of its remaining ids; and a continuation (a component's, a silo's) must ask for the
 * components the list's items were asked for. Otherwise the answer would come back typed as the list while
 * holding something else (the parent's page of movies typed as contributors, contributors without the
 * contributions asked of them). The error names the list.
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
  const { ids, components } = step.request.body
  const id: unknown = Array.isArray(ids) ? ids[0] : undefined
  // One sentence frame for the three kinds of list: only the list's description and the test differ.
  const component = origin.kind === 'component'
  const response = origin.kind === 'response'
  const list = component
    ? `${origin.name} (of ${origin.parentId === undefined ? 'an object without an mhid' : quoted(origin.parentId)})`
    : response
      ? `this ${origin.query.endpoint} response`
      : `the silo ${quoted(origin.title)}`
  // A response's next pages its query, whose promise its pages are checked against (when there is a check),
  // whatever the body asks for. A continuation is checked against its own body: that must ask for what the
  // list's items were asked for. A component continuation nests them in its one component.
  const same =
    response ||
    asked(
      component ? field(Array.isArray(components) ? components[0] : undefined, 'components') : components,
    ) === asked(origin.components)
  const continues = component
    ? name === origin.name && id === origin.parentId
    : name === undefined && endpoint === (response ? origin.query.endpoint : 'lookup')
  if (!continues || !same)
    throw new PagingRefusedError(
      `the next of ${list} does not continue it (it asks ${endpoint}${name === undefined ? ' for a page of its own' : ` for the ${name} of ${typeof id === 'string' ? quoted(id) : 'no object'}`}${same ? '' : ', with other components'})`,
      ['pagingInfo', 'next'],
    )
}
