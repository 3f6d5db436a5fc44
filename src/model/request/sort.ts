import * as z from 'zod/mini'
import { AnyIdSchema } from './ids'
import { plainSortTypes, sortOrders, sortProperties } from '../vocabulary'

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
export type Sort = z.infer<typeof SortSchema>
export type SortType = Sort['type']
