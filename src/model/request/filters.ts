import * as z from 'zod/mini'
import { returnTypeNames, type ReturnTypeName } from '../ids'
import { filterNames, type FilterName } from '../vocabulary'
import { checkKeyOrder } from '../wire'
import { filterSlots, orderFilters } from '../query/check-filters'
import { CollectionIdSchema, ContributorIdSchema, MediaIdSchema, SourceIdSchema, TraitIdSchema } from './ids'

/** An operator over values of type V; `$or` nests operators. */
export type Operator<V> =
  | { readonly $eq: V }
  | { readonly $ne: V }
  | { readonly $in: readonly V[] }
  | { readonly $all: readonly V[] }
  | { readonly $or: readonly Operator<V>[] }

const nonEmpty = <T extends z.ZodMiniType>(item: T) =>
  z.readonly(z.array(item).check(z.minLength(1, { error: 'expected at least one value' })))

// The operator schema for one value schema. The union's own message is what a reader sees when the object
// matches no operator at all; a mistake inside a recognised operator is reported at its own path.
function operatorOf<V>(value: z.ZodMiniType<V>): z.ZodMiniType<Operator<V>> {
  const operator: z.ZodMiniType<Operator<V>> = z.union(
    [
      z.readonly(z.strictObject({ $eq: value })),
      z.readonly(z.strictObject({ $ne: value })),
      z.readonly(z.strictObject({ $in: nonEmpty(value) })),
      z.readonly(z.strictObject({ $all: nonEmpty(value) })),
      z.readonly(
        z.strictObject({
          get $or() {
            return nonEmpty(operator)
          },
        }),
      ),
    ],
    { error: 'expected exactly one operator: $eq, $ne, $in, $all or $or' },
  ) as z.ZodMiniType<Operator<V>>
  return operator
}

/** What `returnType` compares: a type that can be retrieved (`returnTypeNames`, ids.ts). */
export const ObjectTypeNameSchema = z.enum(
  returnTypeNames as readonly ReturnTypeName[] as [ReturnTypeName, ...ReturnTypeName[]],
  {
    error: (issue) =>
      issue.input === 'Image' || issue.input === 'Subscription'
        ? `${issue.input} cannot be retrieved on its own (ask for it as a component of what owns it); returnType takes ${returnTypeNames.join(', ')}`
        : `expected a type name: ${returnTypeNames.join(', ')}`,
  },
)

/** The filter names, in canonical order, with the values each one compares. */
export const filterValueSchemas = {
  returnType: ObjectTypeNameSchema,
  contributors: ContributorIdSchema,
  contributorsOf: MediaIdSchema,
  sources: SourceIdSchema,
  traits: TraitIdSchema,
  collections: CollectionIdSchema,
} as const satisfies Record<FilterName, z.ZodMiniType>
export type { FilterName } from '../vocabulary'

const filtersObject = z.strictObject({
  returnType: z.exactOptional(operatorOf(filterValueSchemas.returnType)),
  contributors: z.exactOptional(operatorOf(filterValueSchemas.contributors)),
  contributorsOf: z.exactOptional(operatorOf(filterValueSchemas.contributorsOf)),
  sources: z.exactOptional(operatorOf(filterValueSchemas.sources)),
  traits: z.exactOptional(operatorOf(filterValueSchemas.traits)),
  collections: z.exactOptional(operatorOf(filterValueSchemas.collections)),
})
// Parsing yields this key order, and the query value writes its own out (orderFilters): both must be the
// canonical one, `filterNames`' (vocabulary.ts). Checked here, on load, and not in orderFilters' module, so that
// the check stays out of a browser bundle that only builds queries (the schemas never reach one).
checkKeyOrder('filters schema', Object.keys(filtersObject.shape), filterNames)
const everyFilter = Object.fromEntries(filterNames.map((name) => [name, name]))
checkKeyOrder('orderFilters', Object.keys(orderFilters(everyFilter)), filterNames)
// Each name's operator under its own key, and each slot at its name's index (the query value finds a slot by
// `filterNames.indexOf`): a filter whose operator would land under another filter's key fails here.
checkKeyOrder(
  'orderFilters values',
  Object.values(orderFilters(everyFilter)) as unknown as string[],
  filterNames,
)
checkKeyOrder('filterSlots', filterSlots(everyFilter) as string[], filterNames)
export const FiltersSchema = z.readonly(filtersObject)
export type Filters = z.infer<typeof FiltersSchema>
export type FilterValue<Name extends FilterName> = z.infer<(typeof filterValueSchemas)[Name]>
