import { HqlError } from '../errors'
import { checkComponentName, checkComponentTree } from '../rules'
import type { ObjectTypeName } from '../ids'
import type { FilterName } from '../vocabulary'
import type { Operator } from '../request/filters'
import { duplicateFilter } from '../request/filters'
import type { ComponentRequest } from '../request/components'
import type { Sort } from '../request/sort'
import type { RequestBody } from '../request/bodies'
import { PageRule, PageSizeRule } from '../request/paging'
import { checked, unknownName } from '../request/rule'
import type { Rule } from '../request/rule'
import { bodyKeys, type BodyKey, type EndpointName } from '../wire'
import type { Query } from './query'
import { filterSlots, filtersOfSlots } from './check-filters'
import { filterNames } from '../vocabulary'
import { requestLimits, tooMany } from '../limits'
import {
  MadeComponent,
  MadeFilter,
  madeComponent,
  madeFilter,
  madeNestings,
  madeSort,
  madeSorts,
  mustBeMade,
} from './made'
import { browsableTypes, typesOfReturnType } from './returned-types'

// The query as a model value: the one runtime class behind every door. The builder's typed interfaces
// (src/builder) are a typed face over it; fromJSON and text make it from JSON. It is loosely typed on
// purpose: the public types live in the builder's interfaces. Every method returns a new value and leaves
// this one as it was. The parts live in a fixed-shape record (cheap to copy); the body is assembled in
// canonical key order (wire.ts), and frozen, once, when first read.

/** A filter as the query takes it: a filter name and its operator tree. (A builder `FilterSpec` is one.) */
export interface FilterInput {
  readonly filter: FilterName
  readonly operator: Operator<string>
}

/**
 * A component as the query takes it: its request in object form, under `request`. (A builder `ComponentSpec`
 * is one, so a query from fromJSON or text takes the builder's components as they are.)
 */
export interface ComponentInput {
  readonly request: ComponentRequest
}

/** The parts of a request body. Every key is always present (undefined when unset), so copies are cheap. */
export interface Parts {
  readonly ids: readonly string[] | undefined
  readonly factors: readonly unknown[] | undefined
  readonly filters: Readonly<Record<string, unknown>> | undefined
  readonly sort: readonly Sort[] | undefined
  readonly blueprints: readonly unknown[] | undefined
  readonly components: readonly ComponentRequest[] | undefined
  readonly page: number | undefined
  readonly pageSize: number | undefined
  readonly siloPageSize: number | undefined
}
type PartName = keyof Parts
type IsAPart<Key extends PartName> = Key
export type EveryBodyKeyIsAPart = IsAPart<BodyKey>

// The body's keys are `bodyKeys` (wire.ts), each a part (`EveryBodyKeyIsAPart`: a type error otherwise). A method whose key is absent from its endpoint's `bodyKeys` does not apply to the endpoint.

/**
 * The body of a query's parts: the parts that are set, frozen, in the one order of `Parts`, which holds every
 * endpoint's canonical order (`bodyKeys`, wire.ts) as a subsequence, and a part an endpoint does not take is
 * never set (`#next`). `parts` is a record `copyParts` made, which has every key, in that order (the loop keeps
 * it). A loop rather than a store per key written out: ~70 B less in every bundle of the builder, for ~4% of
 * bench/build-compile.bench.ts's builder + compile + stringify (it runs once per body read, when compiled).
 * test/model/query-value.test.ts holds it to `bodyKeys`. Own keys only (`Object.keys`, not `for…in`): a key
 * some other code put on Object.prototype must never reach a body sent to the service.
 */
export function bodyOf(parts: Parts): RequestBody {
  const body: Record<string, unknown> = {}
  for (const key of Object.keys(parts) as PartName[]) if (parts[key] !== undefined) body[key] = parts[key]
  return Object.freeze(body) as RequestBody
}

// Copies are written out field by field: named property stores keep this hot path
// monomorphic, where a spread or a loop over key names would be several times slower (bench/).
export const copyParts = (p: Parts): { -readonly [K in PartName]: Parts[K] } => ({
  ids: p.ids,
  factors: p.factors,
  filters: p.filters,
  sort: p.sort,
  blueprints: p.blueprints,
  components: p.components,
  page: p.page,
  pageSize: p.pageSize,
  siloPageSize: p.siloPageSize,
})

export class QueryValue implements Query {
  // Private names (#) rather than `private`: a minifier shortens them. The parts are a private record that
  // never changes once its value is returned (a step copies it), so values share what they did not change.
  #body: RequestBody | undefined
  #parts: { -readonly [K in PartName]: Parts[K] }
  /**
   * The rule `.ids()` checks with, given by what starts a query of an endpoint whose body has ids (lookup,
   * silos): an explore or relate program, which never adds ids, then carries no id rule.
   */
  #idsRule: Rule<readonly string[]> | undefined
  declare readonly endpoint: EndpointName
  /** The object types the query returns, for checking components as they are added. */
  declare readonly types: readonly ObjectTypeName[]

  constructor(
    endpoint: EndpointName,
    parts: Parts,
    types: readonly ObjectTypeName[],
    idsRule: Rule<readonly string[]> | undefined,
    body?: RequestBody,
  ) {
    this.endpoint = endpoint
    // copyParts reads every key, absent ones as undefined: the parts get their full, shared shape.
    this.#parts = copyParts(parts)
    this.types = types
    this.#idsRule = idsRule
    this.#body = body
  }

  /**
   * A query from a body that is already canonical and frozen (the builder's entry points, fromJSON); `idsRule`,
   * for an endpoint whose body has ids, is the rule `.ids()` checks them with (IdListRule).
   */
  static of(
    endpoint: EndpointName,
    body: RequestBody,
    types: readonly ObjectTypeName[],
    idsRule?: Rule<readonly string[]>,
  ): QueryValue {
    return new QueryValue(endpoint, body as Partial<Parts> as Parts, types, idsRule, body)
  }

  /** The request body, canonical key order, frozen. */
  get body(): RequestBody {
    return (this.#body ??= bodyOf(this.#parts))
  }

  /**
   * What `JSON.stringify(query)` writes: the whole request, `{ endpoint, body }`, the body in canonical key
   * order, so that equal queries give equal text whatever order they were built in, and different ones differ.
   * A cache that keys on JSON (TanStack Query, SWR) can key on the query itself; `fromJSON(endpoint, body)`
   * reads it back.
   *
   * @example
   * JSON.stringify(hql.explore().filter(returnType.eq('Movie')).pageSize(5))
   * // '{"endpoint":"explore","body":{"filters":{"returnType":{"$eq":"Movie"}},"pageSize":5}}'
   */
  toJSON(): { readonly endpoint: EndpointName; readonly body: RequestBody } {
    return { endpoint: this.endpoint, body: this.body }
  }

  /**
   * The next value, with a copy of this one's parts, for a method to set `key` in before it returns it (it
   * is nobody else's until then); throws unless this endpoint's body has `key`.
   */
  #next(key: PartName, types = this.types): QueryValue {
    const keys: readonly string[] = bodyKeys[this.endpoint]
    // What the endpoint's body rule says of a key it does not have (request/bodies.ts).
    if (!keys.includes(key)) throw new HqlError('unknown_key', unknownName('key', key, keys), { path: [key] })
    return new QueryValue(this.endpoint, this.#parts, types, this.#idsRule)
  }

  filter(...inputs: readonly FilterInput[]): QueryValue {
    const slots = filterSlots(this.#parts.filters ?? noFilters)
    let types = this.types
    for (const input of inputs) {
      // A filter helper checked the name and the operator when it made the filter, with the rule of its place.
      mustBeMade(MadeFilter.is(input), 'invalid_request', ['filters'], madeFilter)
      const { filter, operator } = input
      const slot = (filterNames as readonly string[]).indexOf(filter)
      // (A slot that is set holds an operator, an object.)
      if (slots[slot])
        throw new HqlError('duplicate_filter', duplicateFilter(filter), { path: ['filters', filter] })
      slots[slot] = operator
      if (filter === 'returnType') types = typesOfReturnType(operator, browsableTypes)
    }
    const components = this.#parts.components
    // Narrowing changes only whether the components at the top apply: the rest was checked as they were added.
    if (types !== this.types && components) checkComponentTree(components, types, ['components'], 1, 0, true)
    const next = this.#next('filters', types)
    next.#parts.filters = filtersOfSlots(slots)
    return next
  }

  sort(...sorts: readonly Sort[]): QueryValue {
    const next = this.#next('sort')
    const before = this.#parts.sort
    const start = before ? before.length : 0
    // Each sort one a sort helper made (checked and frozen there): a JavaScript caller's `.sort(releaseDate)`,
    // the key not called, or a sort written by hand is refused at its index. `sorts` is this call's own array.
    for (let index = 0; index < sorts.length; index++)
      mustBeMade(madeSorts.has(sorts[index] as object), 'invalid_sort', ['sort', start + index], madeSort)
    next.#parts.sort = Object.freeze(before ? [...before, ...sorts] : sorts)
    return next
  }

  with(...inputs: readonly (ComponentInput | string)[]): QueryValue {
    // The requests after those before (`requestsOf`), then the tree: only what is added, against these types
    // (whether it applies, takes a page, nests).
    const components = Object.freeze(requestsOf(inputs, this.#parts.components))
    checkComponentTree(components, this.types, ['components'], 1, components.length - inputs.length)
    const next = this.#next('components')
    next.#parts.components = components
    return next
  }

  page(page: number): QueryValue {
    return this.#set('page', PageRule, page)
  }

  pageSize(size: number): QueryValue {
    return this.#set('pageSize', PageSizeRule, size)
  }

  siloPageSize(size: number): QueryValue {
    return this.#set('siloPageSize', PageSizeRule, size)
  }

  /** The next value with `key` set to `value`, which `rule` checks. */
  #set(key: 'ids' | 'page' | 'pageSize' | 'siloPageSize', rule: Rule, value: unknown): QueryValue {
    const next = this.#next(key)
    next.#parts[key] = checked(rule, value, [key]) as never
    return next
  }

  ids(...ids: readonly string[]): QueryValue {
    // Every endpoint whose body has ids is started with its rule (lookup, silos: #next refuses the others). The
    // ids come after those before; alone, they are this call's own array. Frozen once set.
    const before = this.#parts.ids
    const next = this.#set('ids', this.#idsRule as Rule, before ? [...before, ...ids] : ids)
    Object.freeze(next.#parts.ids)
    return next
  }
}

const noFilters: Readonly<Record<string, unknown>> = {}

/**
 * The requests of a level's components: `before` (a query's, none unless given), then one for each of `inputs`
 * (`requestOf`), at most `requestLimits.componentsPerLevel` in all, which is checked first. The one way `.with()`,
 * a nesting call (`keyContributors(…)`) and `fragment()` read their arguments.
 *
 * @example
 * requestsOf(['primaryImage']) // [{ name: 'primaryImage' }]
 */
export function requestsOf(
  inputs: readonly unknown[],
  before?: readonly ComponentRequest[],
): ComponentRequest[] {
  const given = before ? [...before] : []
  const count = given.length + inputs.length
  if (count > requestLimits.componentsPerLevel)
    throw new HqlError(...tooMany('componentsPerLevel', count), { path: ['components'] })
  // A name stands for the component with nothing nested (the builder's `.with('primaryImage')`); a value is one
  // a component helper made (its request checked there, nested ones included).
  for (const input of inputs) given.push(requestOf(input, ['components', given.length]))
  return given
}

/**
 * The request of a component argument at `path`: a name's (checked here), or the request a component helper
 * made (its request checked there); anything else is refused with `invalid_request` at `path`.
 *
 * @example
 * requestOf('primaryImage', ['components', 0]) // { name: 'primaryImage' }
 */
export function requestOf(input: unknown, path: (string | number)[]): ComponentRequest {
  if (typeof input == 'string') {
    checkComponentName(input, [...path, 'name'])
    return Object.freeze({ name: input })
  }
  mustBeMade(
    MadeComponent.is(input) || madeNestings.has(input as object),
    'invalid_request',
    path,
    madeComponent,
  )
  return (input as MadeComponent).request
}
