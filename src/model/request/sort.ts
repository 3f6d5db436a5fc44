import * as z from 'zod/mini'
import { AnyIdSchema } from './ids'
import { plainSortTypes, sortOrders, sortProperties } from '../vocabulary'
import type { SortOrder, SortProperty } from '../vocabulary'
import type { MappedSourceId } from '../ids'

const order = z.exactOptional(z.enum(sortOrders, { error: 'expected "ascending" or "descending"' }))

export const SortSchema = z.readonly(
  z.discriminatedUnion(
    'type',
    [
      z.strictObject({
        type: z.literal('property'),
        property: z.enum(sortProperties, { error: 'expected a sortable property: "name" or "releaseDate"' }),
        order,
      }),
      z.strictObject({ type: z.enum(plainSortTypes), order }),
      z.strictObject({
        type: z.literal('idsOrder'),
        ids: z.readonly(z.array(AnyIdSchema).check(z.minLength(1, { error: 'expected at least one id' }))),
        order,
      }),
    ],
    {
      error:
        'expected a sort type: property, popularity, collectionOrder, likeOrder, followOrder, idsOrder or random',
    },
  ),
)
/**
 * A sort key of explore: by a property, by one of the plain orders, or by the order of given ids. Written out,
 * not inferred from the schema (test/model/request-types.test-d.ts holds them equal): the declarations users
 * install would otherwise have their editor evaluate zod's inference at each `.sort()`, ~1,200 type
 * instantiations of the quickstart's 2,600 (measured against dist; 1,400 from src, where it is cached sooner).
 */
export type Sort =
  | { readonly type: 'property'; readonly property: SortProperty; readonly order?: SortOrder }
  | { readonly type: (typeof plainSortTypes)[number]; readonly order?: SortOrder }
  | {
      readonly type: 'idsOrder'
      readonly ids: readonly (string | MappedSourceId)[]
      readonly order?: SortOrder
    }
export type SortType = Sort['type']
