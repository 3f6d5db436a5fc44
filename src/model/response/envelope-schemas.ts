import * as c from '../check/kit'

// Schemas built at load are marked pure (why: check/kit.ts).
import { pagedOf, silosOf } from './envelopes'

// The envelope of each endpoint's response, items unchecked: what the client's 'loose' mode checks, so that
// paging (content, pagingInfo, silos) can rely on its shape while the objects are taken as they come.

const paged = /* @__PURE__ */ pagedOf(c.unknown)

export const envelopeSchemas = {
  explore: paged,
  relate: paged,
  lookup: paged,
  silos: /* @__PURE__ */ silosOf(c.unknown),
} as const
