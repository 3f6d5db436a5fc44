import { bodyKeys } from '../wire'
import type { EndpointName } from '../wire'
import { object } from './rule'
import type { Rule } from './rule'
import { IdListRule, SomeIdsRule } from './ids'
import { FiltersRule } from './filters'
import type { Filters } from './filters'
import { SortListRule } from './sort'
import type { Sort } from './sort'
import { ComponentListRule } from './components'
import type { ComponentRequest } from './components'
import { FactorListRule } from './factors'
import type { Factor } from './factors'
import { BlueprintListRule } from './blueprints'
import type { Blueprint } from './blueprints'
import { PageRule, PageSizeRule } from './paging'

// The four request bodies, each made of the parts below in its endpoint's canonical key order (`bodyKeys`,
// wire.ts): the order a body checked here is copied in, and the order `compile` emits.

// Type aliases, not interfaces: a body is a JSON object (`Readonly<Record<string, unknown>>`) where one is taken.
// Each written out whole: an intersection with the shared parts cost each query's type a few instantiations more.
export type ExploreRequest = {
  readonly filters: Filters
  readonly sort?: readonly Sort[]
  readonly components?: readonly ComponentRequest[]
  readonly page?: number
  readonly pageSize?: number
}
export type RelateRequest = {
  readonly factors: readonly Factor[]
  readonly filters?: Filters
  readonly components?: readonly ComponentRequest[]
  readonly page?: number
  readonly pageSize?: number
}
export type LookupRequest = {
  readonly ids: readonly string[]
  readonly components?: readonly ComponentRequest[]
  readonly page?: number
  readonly pageSize?: number
}
export type SilosRequest = {
  readonly ids?: readonly string[]
  /** Required by SERVICE-SPEC.md; every door writes it (`{}` without filters), and accepts a body without it. */
  readonly filters?: Filters
  readonly blueprints: readonly Blueprint[]
  readonly components?: readonly ComponentRequest[]
  readonly page?: number
  readonly pageSize?: number
  readonly siloPageSize?: number
}

export interface RequestBodies {
  explore: ExploreRequest
  relate: RelateRequest
  silos: SilosRequest
  lookup: LookupRequest
}
export type RequestBody = RequestBodies[keyof RequestBodies]

/** Each part a body may have, by its key. */
const parts = {
  ids: IdListRule,
  factors: FactorListRule,
  filters: FiltersRule,
  sort: SortListRule,
  blueprints: BlueprintListRule,
  components: ComponentListRule,
  page: PageRule,
  pageSize: PageSizeRule,
  siloPageSize: PageSizeRule,
}

/** The rule of `endpoint`'s body: its keys (`bodyKeys`), the `required` ones, and a part of its own where it differs. */
/* @__NO_SIDE_EFFECTS__ */ function body<E extends EndpointName>(
  endpoint: E,
  required: readonly (keyof RequestBodies[E] & string)[],
  own: Partial<Record<keyof typeof parts, Rule>> = {},
): Rule<RequestBodies[E]> {
  const fields = Object.fromEntries(bodyKeys[endpoint].map((key) => [key, own[key] ?? parts[key]]))
  return object(
    fields as never,
    'invalid_request',
    `${endpoint === 'explore' ? 'an' : 'a'} ${endpoint} request body`,
    required as never,
  )
}

/** The rule of each endpoint's request body, by the endpoint's name. */
export const requestRules: { readonly [E in EndpointName]: Rule<RequestBodies[E]> } = {
  explore: body('explore', ['filters']),
  relate: body('relate', ['factors']),
  silos: body('silos', ['blueprints']),
  lookup: body('lookup', ['ids'], { ids: SomeIdsRule }),
}
