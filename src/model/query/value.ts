import { HqlError } from '../errors'
import { checkComponentTree, checkPage, checkPageSize, silosPageError } from '../rules'
import { checkLimit } from '../limits'
import type { ObjectTypeName } from '../ids'
import type { FilterName } from '../vocabulary'
import type { Operator } from '../request/filters'
import type { ComponentRequest } from '../request/components'
import type { Sort } from '../request/sort'
import type { RequestBody } from '../request/bodies'
import { bodyKeys, type BodyKey, type EndpointName } from '../wire'
import type { Query } from './query'
import { checkLookupId } from './check-ids'
import { checkOperator, orderFilters } from './check-filters'
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

// Copies are written out field by field: named property stores keep this hot path
// monomorphic, where a spread or a loop over key names would be several times slower (bench/).
const copyParts = (p: Parts): { -readonly [K in PartName]: Parts[K] } => ({
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

/**
 * The body of a query's parts: the parts that are set, frozen, in the one order of `Parts`, which holds every
 * endpoint's canonical order (`bodyKeys`, wire.ts) as a subsequence, and a part an endpoint does not take is
 * never set (`#copy`). Written out with named stores: a loop over `bodyKeys` (a store under a varying key)
 * cost ~10% of building the quickstart query (bench/build-compile.bench.ts). Checked against `bodyKeys` when
 * the request schemas load (request/bodies.ts).
 */
export function bodyOf(p: Parts): RequestBody {
  const body: { -readonly [K in PartName]?: Parts[K] } = {}
  if (p.ids !== undefined) body.ids = p.ids
  if (p.factors !== undefined) body.factors = p.factors
  if (p.filters !== undefined) body.filters = p.filters
  if (p.sort !== undefined) body.sort = p.sort
  if (p.blueprints !== undefined) body.blueprints = p.blueprints
  if (p.components !== undefined) body.components = p.components
  if (p.page !== undefined) body.page = p.page
  if (p.pageSize !== undefined) body.pageSize = p.pageSize
  if (p.siloPageSize !== undefined) body.siloPageSize = p.siloPageSize
  return Object.freeze(body) as RequestBody
}

export class QueryValue implements Query {
  // Private names (#) rather than `private`: a minifier shortens them.
  #body: RequestBody | undefined
  readonly #parts: Parts
  declare readonly endpoint: EndpointName
  /** The object types the query returns, for checking components as they are added. */
  declare readonly types: readonly ObjectTypeName[]

  constructor(endpoint: EndpointName, parts: Parts, types: readonly ObjectTypeName[], body?: RequestBody) {
    this.endpoint = endpoint
    this.#parts = parts
    this.types = types
    this.#body = body
  }

  /** A query from a body that is already canonical and frozen (the builder's entry points, fromJSON). */
  static of(endpoint: EndpointName, body: RequestBody, types: readonly ObjectTypeName[]): QueryValue {
    // copyParts reads every key, absent ones as undefined: the parts get their full, shared shape.
    return new QueryValue(endpoint, copyParts(body as Partial<Parts> as Parts), types, body)
  }

  /** The request body, canonical key order, frozen. */
  get body(): RequestBody {
    if (this.#body === undefined) this.#body = bodyOf(this.#parts)
    return this.#body
  }

  /** A copy of the parts, to change `key` in; throws unless this endpoint's body has `key`. */
  #copy(key: PartName): { -readonly [K in PartName]: Parts[K] } {
    if (!(bodyKeys[this.endpoint] as readonly PartName[]).includes(key))
      throw new HqlError('unknown_key', `${this.endpoint} queries take no '${key}'`, { path: [key] })
    return copyParts(this.#parts)
  }

  #next(parts: Parts, types = this.types): QueryValue {
    return new QueryValue(this.endpoint, parts, types)
  }

  filter(...inputs: readonly FilterInput[]): QueryValue {
    const filters: Record<string, unknown> = { ...this.#parts.filters }
    let types = this.types
    for (const { filter, operator } of inputs) {
      const path = ['filters', filter]
      // checkOperator checks the filter's name too, before it is used as a key.
      checkOperator(filter, operator, path)
      if (filters[filter] !== undefined)
        throw new HqlError(
          'duplicate_filter',
          `filter '${filter}' is already set; combine values with .in(), .all() or .or() instead`,
          { path },
        )
      filters[filter] = operator
      if (filter === 'returnType') types = typesOfReturnType(operator, browsableTypes)
    }
    const components = this.#parts.components
    if (types !== this.types && components) checkComponentTree(components, types, ['components'])
    const parts = this.#copy('filters')
    parts.filters = orderFilters(filters)
    return this.#next(parts, types)
  }

  sort(...sorts: readonly Sort[]): QueryValue {
    // Sort helpers return frozen constants; a hand-written sort object is frozen here.
    const added = sorts.map((s) => (Object.isFrozen(s) ? s : Object.freeze(s)))
    const parts = this.#copy('sort')
    parts.sort = Object.freeze(this.#parts.sort ? [...this.#parts.sort, ...added] : added)
    return this.#next(parts)
  }

  with(...inputs: readonly (ComponentInput | string)[]): QueryValue {
    // A name stands for the component with nothing nested (the builder's `.with('primaryImage')`); the tree
    // check below refuses an unknown or misplaced name as it does a value.
    const added = inputs.map((input) =>
      typeof input === 'string' ? (Object.freeze({ name: input }) as ComponentRequest) : input.request,
    )
    const before = this.#parts.components
    const components = Object.freeze(before ? [...before, ...added] : added)
    // The components already here were checked against these types: only what is added is (with its index).
    checkComponentTree(components, this.types, ['components'], 1, before ? before.length : 0)
    const parts = this.#copy('components')
    parts.components = components
    return this.#next(parts)
  }

  page(page: number): QueryValue {
    // The spec's silos take no page: a later page of silos is the response's `next` (whose body has one,
    // and which fromJSON accepts as written), never one a caller builds.
    if (this.endpoint === 'silos') throw silosPageError(['page'])
    checkPage(page, ['page'])
    const parts = this.#copy('page')
    parts.page = page
    return this.#next(parts)
  }

  pageSize(size: number): QueryValue {
    checkPageSize(size, ['pageSize'])
    const parts = this.#copy('pageSize')
    parts.pageSize = size
    return this.#next(parts)
  }

  siloPageSize(size: number): QueryValue {
    checkPageSize(size, ['siloPageSize'])
    const parts = this.#copy('siloPageSize')
    parts.siloPageSize = size
    return this.#next(parts)
  }

  ids(...ids: readonly string[]): QueryValue {
    const start = this.#parts.ids?.length ?? 0
    checkLimit('ids', start + ids.length)
    ids.forEach((id, index) => checkLookupId(id, ['ids', start + index]))
    const parts = this.#copy('ids')
    parts.ids = Object.freeze([...(this.#parts.ids ?? []), ...ids])
    return this.#next(parts)
  }
}
