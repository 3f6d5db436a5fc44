// The words of HQL requests, as plain constants: the request rules (request/), the builder and the text share
// them.

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

// The unions below are written out, not read from the lists (`(typeof sortOrders)[number]`): reading a list's
// type costs a program's first use of it 7 to 12 type instantiations (bench/types.bench.ts).
// test/builder/types-agree.test-d.ts holds each to its list.
export type SortOrder = 'ascending' | 'descending'
export const sortOrders = ['ascending', 'descending'] as const satisfies readonly SortOrder[]
export type SortProperty = 'name' | 'releaseDate'
export const sortProperties = ['name', 'releaseDate'] as const satisfies readonly SortProperty[]
/** The sort types that take nothing but an optional order. */
export const plainSortTypes = ['popularity', 'collectionOrder', 'likeOrder', 'followOrder', 'random'] as const

export type BlueprintType =
  | 'RecommendedForYou'
  | 'Explore'
  | 'BasedOnItem'
  | 'GraphLens'
  | 'ExploreGraphLens'
  | 'Content'
  | 'Collection'
export const blueprintTypes = [
  'RecommendedForYou',
  'Explore',
  'BasedOnItem',
  'GraphLens',
  'ExploreGraphLens',
  'Content',
  'Collection',
] as const satisfies readonly BlueprintType[]
