// hql/tanstack: query options for TanStack Query (React, Vue, Solid, Svelte, Angular) over hql's client. No
// runtime dependency: only types from @tanstack/query-core, an optional peer dependency.
export { queryKey, type HqlQueryKey, type KeyedRequest } from './query-key'
export {
  hqlQueries,
  type HqlQueries,
  type HqlPagingQueries,
  type HqlQueriesOptions,
  type HqlQueryOptions,
  type HqlInfiniteQueryOptions,
  type HqlOptionsKey,
  type HqlPageParam,
  type HqlScope,
  type KeyExtras,
  type QueryCallOptions,
} from './queries'
