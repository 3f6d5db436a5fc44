import { isObject as isRecord } from '../model/check/kit'
import { isComponentName } from '../model/core'
import { arrayAt, field, invalid, nextLink, pageItems } from './paging'
import type { EndpointName, GraphRequest } from './types'
import { graphEndpointAt } from './urls'

// Paging a list from a response: the top-level response, a list component at any depth, or one silo. What a
// `next` answers depends on the list (see SERVICE-NOTES.md and the reference service):
// - a list component's next is a *component continuation*, a lookup of its parent asking for that one
//   component at page n: the next page is the list at `content[0].object[name]` of the answer;
// - a silo's next is a lookup of its remaining ids: the answer is the next page, and the silo's title is
//   copied onto it;
// - any other next answers the next page itself.

/** How the page is read from the answer to a step's request. */
export type Reading =
  | { readonly kind: 'page' }
  | { readonly kind: 'component'; readonly name: string }
  | { readonly kind: 'silo'; readonly title: string }

/** One request of a paging run: what to send, which endpoint answers it, and how its page is read. */
export interface Step {
  readonly request: GraphRequest
  readonly endpoint: EndpointName
  readonly reading: Reading
}

/**
 * The component a continuation body asks the next page of, or undefined if `body` is not a component
 * continuation: a lookup of one id with one known component that carries a `page`, and no page of its own.
 */
export function continuedComponent(endpoint: EndpointName, body: Readonly<Record<string, unknown>>) {
  if (endpoint !== 'lookup' || body['page'] !== undefined) return undefined
  const ids = body['ids']
  const components = body['components']
  if (!Array.isArray(ids) || ids.length !== 1 || !Array.isArray(components) || components.length !== 1)
    return undefined
  const [component] = components as unknown[]
  const name = field(component, 'name')
  if (typeof name !== 'string' || !isComponentName(name) || field(component, 'page') === undefined)
    return undefined
  return name
}

/** The step a request of a list takes: its endpoint checked (any graph endpoint on baseUrl), its reading. */
export function listStep(
  list: unknown,
  next: { readonly endpoint: string; readonly body: Readonly<Record<string, unknown>> },
  scrub?: (text: string) => string,
): Step {
  const { name: endpoint, path } = graphEndpointAt(next.endpoint, scrub)
  const request: GraphRequest = { endpoint: path, method: 'POST', body: next.body }
  const component = continuedComponent(endpoint, next.body)
  if (component !== undefined) return { request, endpoint, reading: { kind: 'component', name: component } }
  const title = field(list, 'title')
  if (typeof title === 'string') return { request, endpoint, reading: { kind: 'silo', title } }
  return { request, endpoint, reading: { kind: 'page' } }
}

/** The step after a list (or a page read from an answer), or undefined at its end. */
export function stepAfter(list: unknown, scrub?: (text: string) => string): Step | undefined {
  const next = nextLink(list)
  return next && listStep(list, next, scrub)
}

/** The page a step's answer holds, or an `InvalidResponseError` naming where it should have been. */
export function readPage(answer: unknown, reading: Reading): unknown {
  switch (reading.kind) {
    case 'page':
      return answer
    case 'silo':
      if (!isRecord(answer)) throw invalid('expected an object', [])
      return { title: reading.title, ...answer }
    case 'component': {
      const path = ['content', 0, 'object', reading.name]
      const [first] = arrayAt(field(answer, 'content'), ['content'])
      const object = field(first, 'object')
      // The name comes from the server's next body: read as an own property only.
      const list = isRecord(object) && Object.hasOwn(object, reading.name) ? object[reading.name] : undefined
      if (!isRecord(list))
        throw invalid(`expected the next page of '${reading.name}' (the continued list component)`, path)
      return list
    }
  }
}

/** The items of a page of a list: the pairs of `content`, or of each silo tagged with its title. */
export function listItems(page: unknown): unknown[] {
  return Array.isArray(field(page, 'silos')) ? pageItems(page, 'silos') : pageItems(page, 'lookup')
}
