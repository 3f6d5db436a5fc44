// hql/tanstack: query options for TanStack Query (React, Vue, Solid, Svelte, Angular) over hql's client. No
// runtime dependency: only types from @tanstack/query-core, an optional peer dependency.
export { queryKey, type HqlQueryKey, type KeyedRequest } from './query-key'
