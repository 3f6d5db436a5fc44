// zod/mini: the same small schema and parse as zod.ts.
import * as z from 'zod/mini'

const Page = z.object({
  content: z.array(z.object({ mhid: z.string(), name: z.string() })),
  total: z.number(),
})
console.log(Page.safeParse(JSON.parse('{}')).success)
