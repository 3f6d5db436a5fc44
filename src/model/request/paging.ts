import * as z from 'zod/mini'

export const PageSchema = z
  .int({ error: 'expected a whole number' })
  .check(z.gte(0, { error: 'expected a page number of 0 or more (pages are zero-based)' }))
export const PageSizeSchema = z
  .int({ error: 'expected a whole number' })
  .check(z.gte(1, { error: 'expected a positive page size' }))
