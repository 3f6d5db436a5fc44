// The size limits every door enforces on a request before any deep work (schema parsing, component checks,
// the service's graph walks). They bound what one call to fromJSON, one parsed query or one request to the
// reference service can cost, so that no input, however large, reaches a stack overflow or a long stall.
// The service's own limits (`QueryLimits`) may be set lower, never higher: these are checked first.
//
// The service's documentation names no limits (SERVICE-SPEC.md, "Limits": not shown); these numbers are far
// beyond any query in its examples and far below what would cost more than a few milliseconds.

/** The request limits, one per kind of list a body holds; each has its own error code. */
export const requestLimits = {
  /** Ids in a lookup, in silos seeds, in an idsOrder sort, in a Content blueprint (`too_many_ids`). */
  ids: 1000,
  /** Factors of one relate request (`too_many_factors`). */
  factors: 100,
  /** Blueprints of one silos request (`too_many_blueprints`). */
  blueprints: 50,
  /** Values in one operator (`$in`, `$all`, `$or` alternatives) (`too_many_values`). */
  values: 1000,
  /** Components at one level of the component tree (`too_many_components`). */
  componentsPerLevel: 32,
  /** JSON values (objects, arrays and leaves) in the whole body (`too_many_nodes`). */
  nodes: 20_000,
} as const

export type RequestLimitName = keyof typeof requestLimits
