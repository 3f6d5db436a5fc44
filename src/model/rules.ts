import { HqlError } from './errors'
import type { JsonPath } from './errors'
import { componentCatalogue } from './components'
import type { ComponentEntry } from './components'
import type { ObjectTypeName } from './ids'
import type { ComponentRequest } from './request/components'
import { ComponentNameRule } from './request/components'
import { checked } from './request/rule'

// The rules a request's declarations (request/) cannot state alone, because they need the query around a
// value: whether a component applies to the types the query returns, whether it takes a page, and how deep
// components nest. The builder runs these as each call is made; fromJSON and text after the body's rule.
/** How deep components may nest: `keyContributors(contributions(keyContributors(primaryImage)))` is 4. */
export const maxComponentDepth = 5

/**
 * Throws `unknown_component` (the component name rule's mistake) unless `name` is a component. (Asked of the Map
 * below, which every builder program holds, rather than of `isComponentName`, which it would hold for this alone.)
 */
export function checkComponentName(
  name: string,
  path: JsonPath,
): asserts name is keyof typeof componentCatalogue {
  if (typeof name != 'string' || !catalogueEntries.has(name)) checked(ComponentNameRule, name, path)
}

// The catalogue as a Map: one lookup finds a component's entry or tells that the name is none, where
// `Object.hasOwn` on the catalogue and then reading the entry cost ~4% of fromJSON on the quickstart body
// (measured, bench/from-json-compile.bench.ts). A Map, not the object, also answers `__proto__` as no entry.
const catalogueEntries: ReadonlyMap<string, ComponentEntry> = new Map(Object.entries(componentCatalogue))

/**
 * Checks a component tree, which the component rule (request/components.ts) has checked, against the types of
 * the objects it is requested on: every component must apply to at least one of them, nested components to
 * what their parent returns, and no name may repeat at a level.
 * `from` skips components already checked at this level against these types (`.with()` checks what it adds);
 * `shallow` checks only the top level of a checked list against new types.
 */
export function checkComponentTree(
  components: readonly ComponentRequest[],
  types: readonly ObjectTypeName[],
  path: JsonPath,
  depth = 1,
  from = 0,
  shallow = false,
): void {
  // Each level multiplies the response by up to a page of objects: a bound keeps requests answerable.
  if (depth > maxComponentDepth && components.length)
    throw new HqlError('too_deep', `components nest at most ${maxComponentDepth} levels deep`, { path })
  // This runs on every `.with()`: paths are only built when there is an error to report.
  for (let index = from; index < components.length; index++) {
    const component = components[index] as ComponentRequest
    const name = component.name
    // The component rule (request/components.ts) has checked the name, and the count at each level.
    const entry = catalogueEntries.get(name) as ComponentEntry
    for (let before = 0; before < index; before++)
      // The response has one field per component name: a second request of the same name would be lost.
      if ((components[before] as ComponentRequest).name === name)
        throw new HqlError('duplicate_component', `component '${name}' is requested twice at this level`, {
          path: [...path, index, 'name'],
        })
    if (!appliesToAny(entry, types))
      throw new HqlError(
        'component_not_applicable',
        `component '${name}' does not apply to ${types.join(' or ')}; it applies to ${entry.appliesTo.join(', ')}`,
        { path: [...path, index, 'name'] },
      )
    // Shallow: a returnType filter narrowed the query's types, and only whether a component applies depends on
    // them; what nests under it, its page size and depth hold as they were checked (the tree is frozen).
    if (shallow) continue
    // What the component is inside: whether it takes a page size (one it has is 1 or more, by its rule) and a
    // page (a list's n-th page, as the service's continuation of a list component asks for it), and its nested
    // components against what it returns.
    if (component.pageSize && entry.shape !== 'list')
      throw new HqlError('invalid_page_size', `component '${name}' is not a list: it takes no page size`, {
        path: [...path, index, 'pageSize'],
      })
    if (component.page !== undefined && entry.shape !== 'list')
      throw new HqlError('invalid_page', `component '${name}' is not a list: it takes no page`, {
        path: [...path, index, 'page'],
      })
    const nested = component.components
    if (nested?.length) {
      if (!entry.of)
        throw new HqlError(
          'component_not_applicable',
          `component '${name}' returns a plain value: it takes no nested components`,
          { path: [...path, index, 'components'] },
        )
      checkComponentTree(nested, entry.of, [...path, index, 'components'], depth + 1)
    }
  }
}

// A loop, not `types.some(…)`: its closure, made on every call, cost `.with()` measurably (bench:build-compile).
function appliesToAny(entry: ComponentEntry, types: readonly ObjectTypeName[]): boolean {
  for (const type of types) if (entry.appliesTo.includes(type)) return true
  return false
}

/**
 * Throws `invalid_request` at `path` unless `value` is an object (or a function: a nesting component is one): a
 * JavaScript caller without types who passes `null`, a number or a string where a builder value belongs gets an
 * `HqlError` naming the argument, not a `TypeError` from reading a field of it. (One short message for all: each
 * byte here is in every browser bundle of the builder.)
 */
export function checkArgShape(value: unknown, path: JsonPath): void {
  if (!value || (typeof value != 'object' && typeof value != 'function'))
    throw new HqlError('invalid_request', 'expected a value of the builder', { path })
}
