import * as z from 'zod/mini'
import { FactorIdSchema } from './ids'

/** A relate factor: what the recommendations are based on, with an optional weight (default 1). */
export const FactorSchema = z.readonly(
  z.strictObject({
    id: FactorIdSchema,
    weight: z.exactOptional(
      z.number({ error: 'expected a number' }).check(z.gte(0, { error: 'expected a weight of 0 or more' })),
    ),
    boostOnly: z.exactOptional(z.boolean({ error: 'expected true or false' })),
  }),
)
export type Factor = z.infer<typeof FactorSchema>
