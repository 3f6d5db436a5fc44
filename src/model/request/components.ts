import { componentNames } from '../components'
import type { ComponentName } from '../components'
import { lazy, list, name, object } from './rule'
import type { Rule } from './rule'
import { PageRule, PageSizeRule } from './paging'

/**
 * A component in object form: its name, the components of the objects it returns, and (for a list) a page size
 * and a zero-based page. `page` is what the service's continuation of a list component asks for (the next page
 * of that list); requests the builder makes never set it.
 */
export interface ComponentRequest {
  readonly name: ComponentName
  readonly pageSize?: number
  readonly page?: number
  readonly components?: readonly ComponentRequest[]
}

/** A component's name: one of the catalogue's (components.ts). */
export const ComponentNameRule: Rule<ComponentName> = /* @__PURE__ */ name(
  componentNames,
  'unknown_component',
  'component',
)

/**
 * A component request. Whether it applies where it stands, takes a page, or nests too deep depends on the query
 * around it: `checkComponentTree` (rules.ts) checks that, from the catalogue.
 */
export const ComponentRequestRule: Rule<ComponentRequest> = /* @__PURE__ */ object<ComponentRequest>(
  {
    name: ComponentNameRule,
    pageSize: PageSizeRule,
    page: PageRule,
    components: /* @__PURE__ */ lazy(() => ComponentListRule),
  },
  'invalid_request',
  'a component ({ name, pageSize?, page?, components? })',
  ['name'],
)

/** The components at one level of a request. */
export const ComponentListRule: Rule<readonly ComponentRequest[]> = /* @__PURE__ */ list(
  ComponentRequestRule,
  'invalid_request',
  'a list of components',
  0,
  'componentsPerLevel',
)
