import * as c from '../check/kit'
import { PagingInfoSchema } from './envelopes'

// The envelope of each endpoint's response, items unchecked: what the client's 'loose' mode checks, so that
// paging (content, pagingInfo, silos) can rely on its shape while the objects are taken as they come.

const paged = c.object({ content: c.array(c.unknown), pagingInfo: PagingInfoSchema })

export const envelopeSchemas = {
  explore: paged,
  relate: paged,
  lookup: paged,
  silos: c.object({
    silos: c.array(c.object({ title: c.string, content: c.array(c.unknown), pagingInfo: PagingInfoSchema })),
    pagingInfo: PagingInfoSchema,
  }),
} as const
