import * as z from 'zod/mini'
import { AnyIdSchema } from './ids'
import { FiltersSchema } from './filters'
import { SortSchema } from './sort'
import { ComponentListSchema } from './components'
import { FactorSchema } from './factors'
import { BlueprintSchema } from './blueprints'
import { PageSchema, PageSizeSchema } from './paging'
import { bodyKeys, checkKeyOrder, type EndpointName } from '../wire'
import { bodyOf } from '../query/value'

// The four request bodies. Parsing with these schemas yields their key order, so each is checked, as it
// loads, against the one declaration of canonical order (`bodyKeys`, wire.ts), which is what `compile` emits.

/** The body schema, frozen when parsed, after checking its keys are `endpoint`'s canonical keys, in order. */
function canonicalBody<S extends z.ZodMiniObject>(endpoint: EndpointName, schema: S): z.ZodMiniReadonly<S> {
  checkKeyOrder(`${endpoint} request schema`, Object.keys(schema.shape), bodyKeys[endpoint])
  return z.readonly(schema)
}

// The query value writes its body out in one order for every endpoint (bodyOf): each endpoint's keys must
// come out of it in that endpoint's canonical order. Checked here, on load, as the filters' order is.
const everyPart = bodyOf({
  ids: [],
  factors: [],
  filters: {},
  sort: [],
  blueprints: [],
  components: [],
  page: 0,
  pageSize: 1,
  siloPageSize: 1,
})
for (const [endpoint, keys] of Object.entries(bodyKeys))
  checkKeyOrder(
    `the query value's ${endpoint} body`,
    Object.keys(everyPart).filter((key) => (keys as readonly string[]).includes(key)),
    keys,
  )

const atLeastOne = <T extends z.ZodMiniType>(item: T, what: string) =>
  z.readonly(z.array(item).check(z.minLength(1, { error: `expected at least one ${what}` })))

export const ExploreRequestSchema = canonicalBody(
  'explore',
  z.strictObject({
    filters: FiltersSchema,
    sort: z.exactOptional(z.readonly(z.array(SortSchema))),
    components: z.exactOptional(ComponentListSchema),
    page: z.exactOptional(PageSchema),
    pageSize: z.exactOptional(PageSizeSchema),
  }),
)

export const RelateRequestSchema = canonicalBody(
  'relate',
  z.strictObject({
    factors: atLeastOne(FactorSchema, 'factor'),
    filters: z.exactOptional(FiltersSchema),
    components: z.exactOptional(ComponentListSchema),
    page: z.exactOptional(PageSchema),
    pageSize: z.exactOptional(PageSizeSchema),
  }),
)

export const LookupRequestSchema = canonicalBody(
  'lookup',
  z.strictObject({
    ids: atLeastOne(AnyIdSchema, 'id'),
    components: z.exactOptional(ComponentListSchema),
    page: z.exactOptional(PageSchema),
    pageSize: z.exactOptional(PageSizeSchema),
  }),
)

export const SilosRequestSchema = canonicalBody(
  'silos',
  z.strictObject({
    ids: z.exactOptional(z.readonly(z.array(AnyIdSchema))),
    filters: z.exactOptional(FiltersSchema),
    blueprints: atLeastOne(BlueprintSchema, 'blueprint'),
    components: z.exactOptional(ComponentListSchema),
    page: z.exactOptional(PageSchema),
    pageSize: z.exactOptional(PageSizeSchema),
    siloPageSize: z.exactOptional(PageSizeSchema),
  }),
)

export type ExploreRequest = z.infer<typeof ExploreRequestSchema>
export type RelateRequest = z.infer<typeof RelateRequestSchema>
export type LookupRequest = z.infer<typeof LookupRequestSchema>
export type SilosRequest = z.infer<typeof SilosRequestSchema>

/** The request schema of each endpoint, by the endpoint's name. */
export const requestSchemas = {
  explore: ExploreRequestSchema,
  relate: RelateRequestSchema,
  silos: SilosRequestSchema,
  lookup: LookupRequestSchema,
} as const

export interface RequestBodies {
  explore: ExploreRequest
  relate: RelateRequest
  silos: SilosRequest
  lookup: LookupRequest
}
export type RequestBody = RequestBodies[keyof RequestBodies]
