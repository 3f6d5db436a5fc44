// zod (classic), imported the way its README shows: one small schema, one parse.
import { z } from 'zod'

const Page = z.object({
  content: z.array(z.object({ mhid: z.string(), name: z.string() })),
  total: z.number(),
})
console.log(Page.safeParse(JSON.parse('{}')).success)
