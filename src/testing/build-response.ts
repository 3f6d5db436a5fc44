import {
  componentCatalogue,
  describeId,
  isDefaultField,
  objectTypeNames,
  prefixTypes,
  type ComponentEntry,
  type ComponentRequest,
  type ObjectTypeName,
  type ResponsePromise,
} from '../model'
import { sampleContext, sampleMhid, sampleObject, samplePrimitive } from './samples'

// Builds the response a promise (readPromise, the per-query check's reading of a query) describes, walking it
// beside two optional values: `base`, an answer to start from (the catalog's), and `override`, the test's
// deep partial. What the promise asks for is built (or taken from the base) and the override merged in at every
// level, so an override reaches any depth and a list grows to the highest index it names.

type Json = Record<string, unknown>

/** The override's keys are the test's, but still never reach a prototype: only own, plain-object keys are read. */
export const isPlainObject = (value: unknown): value is Json =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value))

/** Reads `key` of `value` only when it is an own property (a key named `__proto__` or `constructor` included). */
const own = (value: unknown, key: string): unknown =>
  isPlainObject(value) && Object.hasOwn(value, key) ? value[key] : undefined

/** Sets `key` as an own property, even `__proto__`, which assignment would take as the prototype. */
const put = (object: Json, key: string, value: unknown) =>
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })

/** The elements an override gives a list: an array, or an object keyed by index (`{ 2: … }`). */
function indexed(override: unknown): Map<number, unknown> | undefined {
  if (Array.isArray(override)) return new Map(override.map((value, i) => [i, value]))
  if (!isPlainObject(override)) return undefined
  const elements = new Map<number, unknown>()
  for (const key of Object.keys(override))
    if (/^(0|[1-9]\d{0,5})$/.test(key)) elements.set(Number(key), override[key])
  return elements
}

/**
 * A list's length: `length`, or past the highest index an override names. A loop, not `Math.max(...indexes)`:
 * spreading an override of 200,000 items into arguments overflowed the stack.
 */
function lengthFor(length: number, elements: Map<number, unknown> | undefined): number {
  let longest = length
  for (const index of elements?.keys() ?? []) if (index >= longest) longest = index + 1
  return longest
}

/** The override merged into `base`: objects key by key, lists index by index; anything else replaces. */
export function merge(base: unknown, override: unknown): unknown {
  if (override === undefined) return base
  if (Array.isArray(base)) {
    const elements = indexed(override)
    if (elements === undefined) return override
    const length = lengthFor(base.length, elements)
    return Array.from({ length }, (_, i) => merge(base[i], elements.get(i)))
  }
  if (!isPlainObject(base) || !isPlainObject(override)) return override
  const merged: Json = {}
  for (const key of Object.keys(base)) put(merged, key, base[key])
  for (const key of Object.keys(override)) put(merged, key, merge(own(base, key), override[key]))
  return merged
}

export interface BuildOptions {
  /** How many items the top-level list (and each silo) holds when the override does not say. */
  readonly items: number
}

/** One response, built from a promise; `next` numbers the objects, so every one has its own mhid. */
export class ResponseBuilder {
  #next = 1
  constructor(
    private readonly promise: ResponsePromise,
    private readonly options: BuildOptions,
  ) {}

  /** The whole response: `{ content, pagingInfo }`, or `{ silos, pagingInfo }` for silos. */
  response(body: Json, base: unknown, override: unknown): unknown {
    const { types, components, endpoint } = this.promise
    if (override !== undefined && !isPlainObject(override)) return override
    if (endpoint === 'silos') {
      const silo = (i: number, base: unknown, override: unknown) =>
        this.paged(
          (j, b, o) => this.pair(types, components, {}, j, b, o),
          base,
          override,
          this.options.items,
          { title: `Silo ${i + 1}` },
        )
      const silos = this.list(silo, own(base, 'silos'), own(override, 'silos'), this.options.items)
      return this.withPaging({}, { silos }, base, override)
    }
    // A lookup answers one item per id, of the type the id names (with the id itself when it is an mhid).
    const ids = endpoint === 'lookup' && Array.isArray(body['ids']) ? (body['ids'] as string[]) : undefined
    const item = (i: number, b: unknown, o: unknown) => {
      const id = ids?.[i]
      // (Not over the catalog's answer: an altId alias there is not the object's altId.)
      const seed = id === undefined || b !== undefined ? undefined : lookupSeed(id)
      return this.pair(seed?.types ?? types, components, {}, i, b, merge(seed?.override, o))
    }
    return this.paged(item, base, override, ids?.length ?? this.options.items)
  }

  /** A paged list: its items, then `pagingInfo` (the end of the list, unless the base or override say more). */
  private paged(
    item: (i: number, base: unknown, override: unknown) => unknown,
    base: unknown,
    override: unknown,
    length: number,
    extra: Json = {},
  ): unknown {
    // An override that is no object replaces the list: the check then names it.
    if (override !== undefined && !isPlainObject(override)) return override
    const content = this.list(item, own(base, 'content'), own(override, 'content'), length)
    return this.withPaging(extra, { content }, base, override)
  }

  /**
   * `built` (the parts made from the promise) with `pagingInfo` and `defaults` (a silo's title), then the rest
   * of the base and of the override merged in: their pagingInfo, title, and any key of the test's own.
   */
  private withPaging(defaults: Json, built: Json, base: unknown, override: unknown): unknown {
    const handled = Object.keys(built)
    const made = { ...defaults, ...built, pagingInfo: { next: null, previous: null } }
    return merge(merge(made, omit(base, handled)), omit(override, handled))
  }

  private list(
    item: (i: number, base: unknown, override: unknown) => unknown,
    base: unknown,
    override: unknown,
    length: number,
  ): unknown {
    const elements = indexed(override)
    // An override that is no list replaces it: the check then names it.
    if (override !== undefined && elements === undefined) return override
    const from = Array.isArray(base) ? base : undefined
    const count = lengthFor(from?.length ?? length, elements)
    return Array.from({ length: count }, (_, i) => item(i, from?.[i], elements?.get(i)))
  }

  /** `{ object, context }`: an object of one of `types` with the requested components. */
  private pair(
    types: readonly ObjectTypeName[],
    requested: readonly ComponentRequest[],
    context: Json,
    i: number,
    base: unknown,
    override: unknown,
  ): unknown {
    if (override !== undefined && !isPlainObject(override)) return override
    const object = this.object(types, requested, i, own(base, 'object'), own(override, 'object'))
    const built = { object, context: merge(own(base, 'context') ?? context, own(override, 'context')) }
    return merge(merge(built, omit(base, ['object', 'context'])), omit(override, ['object', 'context']))
  }

  private object(
    types: readonly ObjectTypeName[],
    requested: readonly ComponentRequest[],
    i: number,
    base: unknown,
    override: unknown,
  ): unknown {
    if (override !== undefined && !isPlainObject(override)) return override
    // The type the override's (or base's) mhid names, so that an override of another promised type fits.
    const type = typeOf(own(override, 'mhid')) ?? typeOf(own(base, 'mhid')) ?? types[i % types.length]!
    const object = isPlainObject(base) ? (merge({}, base) as Json) : sampleObject(type, this.#next++)
    const built: string[] = []
    for (const request of requested) {
      const entry: ComponentEntry = componentCatalogue[request.name]
      // A component that is a default field (an image's thumbnail) is that field; one of another type, absent.
      if (!entry.appliesTo.includes(type) || isDefaultField(type, request.name)) continue
      const value = this.component(
        entry,
        request.components ?? [],
        own(base, request.name),
        own(override, request.name),
      )
      put(object, request.name, value)
      built.push(request.name)
    }
    return merge(object, omit(override, built))
  }

  private component(
    entry: ComponentEntry,
    nested: readonly ComponentRequest[],
    base: unknown,
    override: unknown,
  ): unknown {
    if (entry.shape === 'primitive') return merge(base ?? samplePrimitive(entry.value, this.#next), override)
    const types = entry.of ?? objectTypeNames
    const item = (i: number, b: unknown, o: unknown) =>
      this.pair(types, nested, sampleContext(entry.context, i), i, b, o)
    if (entry.shape === 'pair') return item(0, base, override)
    // A list of contributors holds two: a director and producer, and a cast member with a role.
    const length = entry.context === 'ContributorContext' || entry.context === 'ContributionContext' ? 2 : 1
    // Any list, `array` ones too (allSubscriptions), as the user gets it from the client: a page (the strict
    // check hands a plain array on as `{ content, pagingInfo: { next: null } }`).
    return this.paged(item, base, override, length)
  }
}

/** The type an mhid names, when it is a string with a known prefix. */
function typeOf(mhid: unknown): ObjectTypeName | undefined {
  return typeof mhid === 'string' ? prefixTypes.get(mhid.slice(0, 5)) : undefined
}

/** A lookup id's type, and the field it fills: an mhid is the object's mhid, an altId its altId. */
function lookupSeed(id: string): { types?: ObjectTypeName[]; override?: Json } | undefined {
  const { form, type } = describeId(id) as { form: string; type?: ObjectTypeName }
  if (type === undefined) return undefined
  if (form === 'mhid') return { types: [type], override: { object: { mhid: id } } }
  if (form === 'altId' && sampleMhid(type, 0) !== undefined)
    return { types: [type], override: { object: { altId: id } } }
  return { types: [type] }
}

/** `value` without `keys` (the parts already built from it), or undefined when it is no object. */
function omit(value: unknown, keys: readonly string[]): Json | undefined {
  if (!isPlainObject(value)) return undefined
  const rest: Json = {}
  for (const key of Object.keys(value)) if (!keys.includes(key)) put(rest, key, value[key])
  return rest
}
