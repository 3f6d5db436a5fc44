// The zod-free part of the model: what the builder, compile and the client import, so that a bundle of them
// carries no schema library. (The request schemas, in request/, are zod/mini: fromJSON, the service, the CLI.)
export * from './errors'
export * from './ids'
export * from './is-type'
export * from './vocabulary'
export * from './components'
export * from './rules'
export * from './limits'
export * from './suggest'
export * from './shown'
export * from './token'
export * from './response/values'
export * from './response/resources'
export * from './response/envelopes'
export * from './response/schemas'
export * from './response/envelope-schemas'
export * from './response/query-check'
export * from './wire'
export * from './query'
export type { Checker, CheckIssue, SafeParseResult, Infer } from './check/kit'
export type { Operator } from './request/filters'
export type { Filters } from './request/filters'
export type { Sort, SortType } from './request/sort'
export type { ComponentRequest } from './request/components'
export type { Factor } from './request/factors'
export type { Blueprint } from './request/blueprints'
export type {
  RequestBodies,
  RequestBody,
  ExploreRequest,
  RelateRequest,
  LookupRequest,
  SilosRequest,
} from './request/bodies'
