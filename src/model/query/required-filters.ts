import type { RequestBody } from '../request/bodies'
import type { EndpointName } from '../wire'
import { bodyOf, copyParts, type Parts } from './value'

// SERVICE-SPEC.md marks `filters` required for silos, as for explore. The doors write it on every silos body,
// `{}` where no filter is given (the builder starts with it, as explore's does; fromJSON and text add it), and
// accept a body without it, as the reference service does, so older bodies and a `next` the service wrote read
// as before.

/** The filters of a query that has none: an empty object, shared and frozen. */
export const emptyFilters: Readonly<Record<string, never>> = Object.freeze({})

/** A silos body without `filters`, given `filters: {}` (in canonical key order); any other body as it is. */
export function withRequiredFilters(endpoint: EndpointName, body: RequestBody): RequestBody {
  if (endpoint !== 'silos' || (body as { filters?: unknown }).filters !== undefined) return body
  // copyParts first: bodyOf keeps the order of the parts it is given, which must be theirs.
  return bodyOf(copyParts({ ...(body as Partial<Parts>), filters: emptyFilters } as Parts))
}
