import * as z from 'zod/mini'
import { componentNames } from '../components'
import type { ComponentName } from '../components'
import { PageSchema, PageSizeSchema } from './paging'

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

export const ComponentNameSchema = z.enum(componentNames as [ComponentName, ...ComponentName[]], {
  error: 'expected a component name',
})

export const ComponentRequestSchema: z.ZodMiniType<ComponentRequest> = z.readonly(
  z.strictObject({
    name: ComponentNameSchema,
    pageSize: z.exactOptional(PageSizeSchema),
    page: z.exactOptional(PageSchema),
    get components() {
      return z.exactOptional(ComponentListSchema)
    },
  }),
)

export const ComponentListSchema: z.ZodMiniType<readonly ComponentRequest[]> = z.readonly(
  z.array(ComponentRequestSchema),
)
