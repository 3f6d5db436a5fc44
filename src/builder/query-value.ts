import { HqlError, checkComponentTree, checkPage, checkPageSize, filterNames } from '../model'
import type { ComponentRequest, FilterName, ObjectTypeName, RequestBody, Sort } from '../model'
import type { ComponentSpec } from './component-spec'
import type { FilterSpec } from './filters'
import type { EndpointName, Query } from './query'
import { checkOperator, orderFilters, typesOfReturnType, browsableTypes } from './check-filters'

// The one runtime class behind the typed builder interfaces (explore.ts, relate.ts, lookup.ts, silos.ts).
// It is loosely typed on purpose: the public types live in those interfaces. Every method returns a new
// frozen value; the body is always kept in canonical key order, so compiling it is free.

/** Body keys by endpoint, in canonical order. A method whose key is absent does not apply to the endpoint. */
const bodyKeys: Readonly<Record<EndpointName, readonly string[]>> = {
  explore: ['filters', 'sort', 'components', 'page', 'pageSize'],
  relate: ['factors', 'filters', 'components', 'page', 'pageSize'],
  lookup: ['ids', 'components', 'page', 'pageSize'],
  silos: ['ids', 'filters', 'blueprints', 'components', 'page', 'pageSize', 'siloPageSize'],
}

type Body = Readonly<Record<string, unknown>>

export class QueryValue implements Query {
  constructor(
    readonly endpoint: EndpointName,
    readonly body: RequestBody,
    /** The object types the query returns, for checking components as they are added. */
    readonly types: readonly ObjectTypeName[],
  ) {}

  /** A copy with one body key set, in canonical key order. */
  private set(key: string, value: unknown, types: readonly ObjectTypeName[] = this.types): QueryValue {
    const keys = bodyKeys[this.endpoint]
    if (!keys.includes(key))
      throw new HqlError('not_applicable', `${this.endpoint} queries take no '${key}'`, { path: [key] })
    const body = this.body as Body
    const next: Record<string, unknown> = {}
    for (const k of keys) {
      const v = k === key ? value : body[k]
      if (v !== undefined) next[k] = v
    }
    return new QueryValue(this.endpoint, Object.freeze(next) as RequestBody, types)
  }

  filter(...specs: FilterSpec[]): QueryValue {
    const filters: Record<string, unknown> = { ...((this.body as Body).filters as Body | undefined) }
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
    const components = (this.body as Body).components as readonly ComponentRequest[] | undefined
    if (types !== this.types && components) checkComponentTree(components, types, ['components'])
    return this.set('filters', orderFilters(filters), types)
  }

  sort(...sorts: Sort[]): QueryValue {
    const existing = ((this.body as Body).sort as readonly Sort[] | undefined) ?? []
    return this.set('sort', Object.freeze([...existing, ...sorts.map((s) => Object.freeze(s))]))
  }

  with(...specs: ComponentSpec[]): QueryValue {
    const existing = ((this.body as Body).components as readonly ComponentRequest[] | undefined) ?? []
    const components = Object.freeze([...existing, ...specs.map((spec) => spec.request)])
    checkComponentTree(components, this.types, ['components'])
    return this.set('components', components)
  }

  page(page: number): QueryValue {
    checkPage(page, ['page'])
    return this.set('page', page)
  }

  pageSize(size: number): QueryValue {
    checkPageSize(size, ['pageSize'])
    return this.set('pageSize', size)
  }

  siloPageSize(size: number): QueryValue {
    checkPageSize(size, ['siloPageSize'])
    return this.set('siloPageSize', size)
  }

  ids(...ids: string[]): QueryValue {
    return this.set(
      'ids',
      Object.freeze([...(((this.body as Body).ids as string[] | undefined) ?? []), ...ids]),
    )
  }
}
