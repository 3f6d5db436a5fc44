import { whole } from './rule'

/** A list's page: zero-based. */
export const PageRule = /* @__PURE__ */ whole(
  0,
  'invalid_page',
  'a page number of 0 or more (pages are zero-based)',
)
/** How many items a page holds (or silos a page of silos, or titles a silo). */
export const PageSizeRule = /* @__PURE__ */ whole(1, 'invalid_page_size', 'a positive whole number')
