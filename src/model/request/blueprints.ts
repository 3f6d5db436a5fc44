import * as z from 'zod/mini'
import { AnyIdSchema, CollectionIdSchema } from './ids'
import { FiltersSchema } from './filters'
import { blueprintTypes } from '../vocabulary'

const title = z.exactOptional(z.string({ error: 'expected a title' }))
const nameGenerator = z.exactOptional(z.string({ error: 'expected a title template ($1 is the seed)' }))

// Params by type (SERVICE-SPEC.md). Content and Collection are not shown there: a curated set of titles and
// an editorial collection are what their descriptions need, so those are their params.
// Frozen as the rest of a body is: a query's params must not change under it.
const paramsByType = {
  RecommendedForYou: z.readonly(z.strictObject({ name: title })),
  Explore: z.readonly(z.strictObject({ name: title })),
  BasedOnItem: z.readonly(z.strictObject({ nameGenerator })),
  GraphLens: z.readonly(z.strictObject({})),
  ExploreGraphLens: z.readonly(z.strictObject({ nameGenerator })),
  Content: z.readonly(
    z.strictObject({
      name: title,
      ids: z.readonly(z.array(AnyIdSchema).check(z.minLength(1, { error: 'expected at least one id' }))),
    }),
  ),
  Collection: z.readonly(z.strictObject({ name: title, id: CollectionIdSchema })),
}

const placement = {
  positions: z.exactOptional(
    z.readonly(
      z.array(
        z
          .int({ error: 'expected a whole number' })
          .check(z.gte(0, { error: 'expected a position of 0 or more' })),
      ),
    ),
  ),
  probability: z.exactOptional(
    z
      .number({ error: 'expected a number' })
      .check(
        z.gte(0, { error: 'expected a probability from 0 to 1' }),
        z.lte(1, { error: 'expected a probability from 0 to 1' }),
      ),
  ),
  filters: z.exactOptional(FiltersSchema),
}

// Blueprints whose params are all optional may leave `params` out.
const withOptionalParams = <
  Type extends 'RecommendedForYou' | 'Explore' | 'BasedOnItem' | 'GraphLens' | 'ExploreGraphLens',
>(
  type: Type,
) => z.strictObject({ type: z.literal(type), ...placement, params: z.exactOptional(paramsByType[type]) })

const BlueprintUnion = z.discriminatedUnion(
  'type',
  [
    withOptionalParams('RecommendedForYou'),
    withOptionalParams('Explore'),
    withOptionalParams('BasedOnItem'),
    withOptionalParams('GraphLens'),
    withOptionalParams('ExploreGraphLens'),
    z.strictObject({ type: z.literal('Content'), ...placement, params: paramsByType.Content }),
    z.strictObject({ type: z.literal('Collection'), ...placement, params: paramsByType.Collection }),
  ],
  { error: `expected a blueprint type: ${blueprintTypes.join(', ')}` },
)

/** A silo blueprint. `positions` and `probability` exclude each other. */
export const BlueprintSchema = z.readonly(
  BlueprintUnion.check(
    z.refine((blueprint) => blueprint.positions === undefined || blueprint.probability === undefined, {
      error: 'positions and probability cannot be combined: choose fixed positions or a probability',
      path: ['probability'],
    }),
  ),
)
export type Blueprint = z.infer<typeof BlueprintSchema>
