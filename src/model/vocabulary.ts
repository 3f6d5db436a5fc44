// The words of HQL requests, as plain constants: the request schemas (zod) and the builder (no zod) share
// them, so the builder can check names without loading a schema.

export const operatorKeys = ['$eq', '$ne', '$in', '$all', '$or'] as const
export type OperatorKey = (typeof operatorKeys)[number]

/** Filter names in canonical order. */
export const filterNames = [
  'returnType',
  'contributors',
  'contributorsOf',
  'sources',
  'traits',
  'collections',
] as const
export type FilterName = (typeof filterNames)[number]

export const sortOrders = ['ascending', 'descending'] as const
export type SortOrder = (typeof sortOrders)[number]
export const sortProperties = ['name', 'releaseDate'] as const
export type SortProperty = (typeof sortProperties)[number]
/** The sort types that take nothing but an optional order. */
export const plainSortTypes = ['popularity', 'collectionOrder', 'likeOrder', 'followOrder', 'random'] as const

export const blueprintTypes = [
  'RecommendedForYou',
  'Explore',
  'BasedOnItem',
  'GraphLens',
  'ExploreGraphLens',
  'Content',
  'Collection',
] as const
export type BlueprintType = (typeof blueprintTypes)[number]
