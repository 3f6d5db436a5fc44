// The query as a model value, and the checks it runs as it is built (see value.ts).
export type { Query, ResultOf } from './query'
export { QueryValue, requestOf, requestsOf } from './value'
export { emptyFilters, withRequiredFilters } from './required-filters'
export type { FilterInput, ComponentInput } from './value'
export {
  browsableTypes,
  recommendedTypes,
  typesOfReturnType,
  typesOfIds,
  typesOfBody,
} from './returned-types'
export {
  madeByHelper,
  mustBeMade,
  MadeFilter,
  MadeComponent,
  madeSorts,
  madeNestings,
  madeFragments,
  madeFilter,
  madeSort,
  madeComponent,
} from './made'
