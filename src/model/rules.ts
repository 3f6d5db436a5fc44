import { HqlError } from './errors'
import type { JsonPath } from './errors'
import { componentCatalogue, componentNames, isComponentName } from './components'
import type { ComponentEntry } from './components'
import { describeId, mediaTypeNames, returnTypeNames } from './ids'
import type { ObjectTypeName, ReturnTypeName } from './ids'
import type { ComponentRequest } from './request/components'
import type { FilterName } from './vocabulary'
import { checkLimit } from './limits'
import { didYouMean } from './suggest'
import { clipped, quoted, shown, shownValue } from './shown'

// The rules the request schemas cannot state alone, because they need the query around a value: whether a
// component applies to the types the query returns, and what an id's prefix must be where it stands. The
// builder runs these as each call is made; fromJSON runs them after the schema.

/** How deep components may nest: `keyContributors(contributions(keyContributors(primaryImage)))` is 4. */
export const maxComponentDepth = 5

/** The types of id each id-valued filter compares. */
export const filterIdTypes: Readonly<Record<Exclude<FilterName, 'returnType'>, readonly ObjectTypeName[]>> = {
  contributors: ['Contributor'],
  contributorsOf: mediaTypeNames,
  sources: ['Source'],
  traits: ['Trait'],
  collections: ['Collection'],
}

/** The types a relate factor may name. */
export const factorIdTypes: readonly ObjectTypeName[] = ['User', ...mediaTypeNames, 'Contributor']

/** Whether `id` is a prefixed id (mhid, altId or alias) of one of `types`. */
export function isIdOfType(id: string, types: readonly ObjectTypeName[]): boolean {
  const description = describeId(id)
  return (
    description.form !== 'unknown' &&
    description.form !== 'mappedSourceId' &&
    types.includes(description.type)
  )
}

/** Throws `wrong_id_prefix` unless `id` is a prefixed id (mhid, altId or alias) of one of `types`. */
export function checkIdType(id: unknown, types: readonly ObjectTypeName[], path: JsonPath): void {
  if (typeof id !== 'string' || !isIdOfType(id, types)) {
    const found = quoted(id)
    throw new HqlError('wrong_id_prefix', `expected ${types.join(' or ')} id, got ${found}`, { path })
  }
}

/** Throws unless `name` is a component, suggesting the closest name when it is not. */
export function checkComponentName(
  name: string,
  path: JsonPath,
): asserts name is keyof typeof componentCatalogue {
  // A JavaScript caller may pass anything: only a string is looked up, quoted and compared with the names
  // (an object without a prototype cannot even become a key).
  if (typeof name != 'string' || !isComponentName(name))
    throw new HqlError(
      'unknown_component',
      `unknown component ${typeof name == 'string' ? clipped(name) + didYouMean(name, componentNames) : shownValue(name)}`,
      {
        path,
      },
    )
}

// The catalogue as a Map: one lookup finds a component's entry or tells that the name is none, where
// `Object.hasOwn` on the catalogue and then reading the entry cost ~4% of fromJSON on the quickstart body
// (measured, bench/from-json-compile.bench.ts). A Map, not the object, also answers `__proto__` as no entry.
const catalogueEntries: ReadonlyMap<string, ComponentEntry> = new Map(
  componentNames.map((name) => [name, componentCatalogue[name]]),
)

/**
 * Checks a component tree against the types of the objects it is requested on: every component must apply to
 * at least one of them, nested components to what their parent returns, and no name may repeat at a level.
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
  if (depth > maxComponentDepth && components.length > 0)
    throw new HqlError('too_deep', `components nest at most ${maxComponentDepth} levels deep`, { path })
  checkLimit('componentsPerLevel', components.length, path)
  // This runs on every `.with()`: paths are only built when there is an error to report.
  for (let index = from; index < components.length; index++) {
    const component = components[index] as ComponentRequest
    const name = component.name
    const entry = catalogueEntries.get(name)
    if (entry === undefined) {
      checkComponentName(name, [...path, index, 'name'])
      continue // not reached: checkComponentName throws for a name with no entry
    }
    for (let before = 0; before < index; before++)
      // The response has one field per component name: a second request of the same name would be lost.
      if (components[before]?.name === name)
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
    if (!shallow) checkInside(component, entry, path, index, depth)
  }
}

// What a component is inside: its page size and page, and its nested components against what it returns.
function checkInside(
  component: ComponentRequest,
  entry: ComponentEntry,
  path: JsonPath,
  index: number,
  depth: number,
): void {
  const name = component.name
  if (component.pageSize !== undefined) {
    if (entry.shape !== 'list')
      throw new HqlError('invalid_page_size', `component '${name}' is not a list: it takes no page size`, {
        path: [...path, index, 'pageSize'],
      })
    checkPageSize(component.pageSize, [...path, index, 'pageSize'])
  }
  if (component.page !== undefined) {
    // A list's n-th page, as the service's continuation of a list component asks for it.
    if (entry.shape !== 'list')
      throw new HqlError('invalid_page', `component '${name}' is not a list: it takes no page`, {
        path: [...path, index, 'page'],
      })
    checkPage(component.page, [...path, index, 'page'])
  }
  const nested = component.components
  if (nested !== undefined && nested.length > 0) {
    if (entry.of === undefined)
      throw new HqlError(
        'component_not_applicable',
        `component '${name}' returns a plain value: it takes no nested components`,
        {
          path: [...path, index, 'components'],
        },
      )
    checkComponentTree(nested, entry.of, [...path, index, 'components'], depth + 1)
  }
}

function appliesToAny(entry: ComponentEntry, types: readonly ObjectTypeName[]): boolean {
  for (const type of types) if (entry.appliesTo.includes(type)) return true
  return false
}

export function checkPageSize(size: unknown, path: JsonPath): void {
  // Number.isSafeInteger is false for anything but a number.
  if (!Number.isSafeInteger(size) || (size as number) < 1)
    throw new HqlError('invalid_page_size', `expected a positive whole number, got ${shown(size)}`, { path })
}

export function checkPage(page: unknown, path: JsonPath): void {
  if (!Number.isSafeInteger(page) || (page as number) < 0)
    throw new HqlError(
      'invalid_page',
      `expected a page number of 0 or more (pages are zero-based), got ${shown(page)}`,
      {
        path,
      },
    )
}

export const silosPageReason = "silos has no page; its next page comes from the response's next"

/** The error of a page number on a silos query, where builder or text would set one. */
export const silosPageError = (path: JsonPath): HqlError =>
  new HqlError('silos_page', silosPageReason, { path })

/** Throws `unknown_type` unless `name` is a type `returnType` can ask for (`returnTypeNames`). */
export function checkTypeName(name: unknown, path: JsonPath): asserts name is ReturnTypeName {
  if ((returnTypeNames as readonly unknown[]).includes(name)) return
  const owned = name === 'Image' || name === 'Subscription'
  throw new HqlError(
    'unknown_type',
    owned
      ? `${name} cannot be retrieved on its own (ask for it as a component of what owns it); returnType takes ${returnTypeNames.join(', ')}`
      : `expected a type name (${returnTypeNames.join(', ')}), got ${shownValue(name)}${typeof name === 'string' ? didYouMean(name, returnTypeNames) : ''}`,
    { path },
  )
}

/** How deep a request body may nest: far beyond any real query, far below what would exhaust the stack. */
export const maxJsonDepth = 48

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
