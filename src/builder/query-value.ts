import { HqlError, checkComponentTree, checkPage, checkPageSize, filterNames } from '../model/core'
import type { ComponentRequest, FilterName, ObjectTypeName, RequestBody, Sort } from '../model/core'
import type { ComponentSpec } from './component-spec'
import type { FilterSpec } from './filters'
import type { EndpointName, Query } from './query'
import { checkLookupId } from './check-ids'
import { checkOperator, orderFilters, typesOfReturnType, browsableTypes } from './check-filters'

// The one runtime class behind the typed builder interfaces (explore.ts, relate.ts, lookup.ts, silos.ts).
// It is loosely typed on purpose: the public types live in those interfaces. Every method returns a new
// value and leaves this one as it was. The parts live in a fixed-shape record (cheap to copy); the body is
// assembled in canonical key order, and frozen, once, when first read.

/** The parts of a request body. Every key is always present (undefined when unset), so copies are cheap. */
interface Parts {
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

/** Body keys by endpoint, in canonical order. A method whose key is absent does not apply to the endpoint. */
const bodyKeys: Readonly<Record<EndpointName, readonly PartName[]>> = {
  explore: ['filters', 'sort', 'components', 'page', 'pageSize'],
  relate: ['factors', 'filters', 'components', 'page', 'pageSize'],
  lookup: ['ids', 'components', 'page', 'pageSize'],
  silos: ['ids', 'filters', 'blueprints', 'components', 'page', 'pageSize', 'siloPageSize'],
}

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

const noParts: Parts = {
  ids: undefined,
  factors: undefined,
  filters: undefined,
  sort: undefined,
  blueprints: undefined,
  components: undefined,
  page: undefined,
  pageSize: undefined,
  siloPageSize: undefined,
}

export class QueryValue implements Query {
  #body: RequestBody | undefined

  constructor(
    readonly endpoint: EndpointName,
    private readonly parts: Parts,
    /** The object types the query returns, for checking components as they are added. */
    readonly types: readonly ObjectTypeName[],
    body?: RequestBody,
  ) {
    this.#body = body
  }

  /** A query from a body that is already canonical and frozen (the builder's entry points, fromJSON). */
  static of(endpoint: EndpointName, body: RequestBody, types: readonly ObjectTypeName[]): QueryValue {
    return new QueryValue(endpoint, { ...noParts, ...(body as Partial<Parts>) }, types, body)
  }

  /** The request body, canonical key order, frozen. */
  get body(): RequestBody {
    if (this.#body === undefined) {
      const body: Record<string, unknown> = {}
      for (const key of bodyKeys[this.endpoint])
        if (this.parts[key] !== undefined) body[key] = this.parts[key]
      this.#body = Object.freeze(body) as RequestBody
    }
    return this.#body
  }

  /** Throws unless this endpoint's body has `key`. */
  private applies(key: PartName): void {
    if (!bodyKeys[this.endpoint].includes(key))
      throw new HqlError('not_applicable', `${this.endpoint} queries take no '${key}'`, { path: [key] })
  }

  filter(...specs: FilterSpec[]): QueryValue {
    const filters: Record<string, unknown> = { ...this.parts.filters }
    let types = this.types
    for (const { filter, operator } of specs) {
      if (!(filterNames as readonly string[]).includes(filter))
        throw new HqlError('invalid_request', `unknown filter '${String(filter)}'`, {
          path: ['filters', filter],
        })
      if (filters[filter] !== undefined)
        throw new HqlError(
          'duplicate_filter',
          `filter '${filter}' is already set; combine values with .in(), .all() or .or() instead`,
          { path: ['filters', filter] },
        )
      checkOperator(filter as FilterName, operator, ['filters', filter])
      filters[filter] = operator
      if (filter === 'returnType') types = typesOfReturnType(operator, browsableTypes)
    }
    const components = this.parts.components
    if (types !== this.types && components) checkComponentTree(components, types, ['components'])
    this.applies('filters')
    const parts = copyParts(this.parts)
    parts.filters = orderFilters(filters)
    return new QueryValue(this.endpoint, parts, types)
  }

  sort(...sorts: Sort[]): QueryValue {
    // Sort helpers return frozen constants; a hand-written sort object is frozen here.
    const added = sorts.map((s) => (Object.isFrozen(s) ? s : Object.freeze(s)))
    this.applies('sort')
    const parts = copyParts(this.parts)
    parts.sort = Object.freeze(this.parts.sort ? [...this.parts.sort, ...added] : added)
    return new QueryValue(this.endpoint, parts, this.types)
  }

  with(...specs: ComponentSpec[]): QueryValue {
    const added = specs.map((spec) => spec.request)
    const components = Object.freeze(this.parts.components ? [...this.parts.components, ...added] : added)
    checkComponentTree(components, this.types, ['components'])
    this.applies('components')
    const parts = copyParts(this.parts)
    parts.components = components
    return new QueryValue(this.endpoint, parts, this.types)
  }

  page(page: number): QueryValue {
    checkPage(page, ['page'])
    this.applies('page')
    const parts = copyParts(this.parts)
    parts.page = page
    return new QueryValue(this.endpoint, parts, this.types)
  }

  pageSize(size: number): QueryValue {
    checkPageSize(size, ['pageSize'])
    this.applies('pageSize')
    const parts = copyParts(this.parts)
    parts.pageSize = size
    return new QueryValue(this.endpoint, parts, this.types)
  }

  siloPageSize(size: number): QueryValue {
    checkPageSize(size, ['siloPageSize'])
    this.applies('siloPageSize')
    const parts = copyParts(this.parts)
    parts.siloPageSize = size
    return new QueryValue(this.endpoint, parts, this.types)
  }

  ids(...ids: string[]): QueryValue {
    const start = this.parts.ids?.length ?? 0
    ids.forEach((id, index) => checkLookupId(id, ['ids', start + index]))
    this.applies('ids')
    const parts = copyParts(this.parts)
    parts.ids = Object.freeze([...(this.parts.ids ?? []), ...ids])
    return new QueryValue(this.endpoint, parts, this.types)
  }
}
