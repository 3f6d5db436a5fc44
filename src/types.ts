// hql/types: the type vocabulary of the builder and the client, for code that names the types a query, its
// arguments and its result are written in (a function that takes any explore query, a helper that builds
// components) or the details a client's pieces hand to a hook, a middleware or a check: the types the package
// entry's values are typed with beyond those it lists itself. Types only; no code.
export type {
  Narrowed,
  TypesOfIds,
  UnknownIdItem,
  Placement,
  PositionsWithProbability,
  IdFilter,
  MediaIdFilter,
  MediaIdArg,
  ReturnTypeFilter,
  BrowsableType,
  IdArg,
  ComponentArg,
  SpecOfArg,
  ListComponentSpec,
  NestingComponent,
  NestingList,
  ComponentValue,
  Shaped,
  TypedObject,
  Item,
  ItemContext,
  ComponentMismatch,
  ComponentTooDeep,
  DuplicateComponent,
  UnknownFields,
  QueriesByEndpoint,
  ListResult,
  SilosResult,
  SiloTypes,
  SiloBuilders,
  Fragment,
  FactorId,
  FactorInput,
  IdsOrderKey,
} from './builder'
// A query's cache key, as queryKey (the package entry) and hql/tanstack make it.
export type { HqlQueryKey, KeyedRequest } from './tanstack/query-key'
export type { CheckedId, CheckedIds, CheckedIdList, WrongIdType, MalformedId } from './model'

// The client's details: what its hooks, middleware, checks, retries and paging are handed, and the parts of a
// token and an auth that code writing its own names.
export type {
  AuthContext,
  SecretKeeper,
  TokenOptions,
  RetryFailure,
  CheckInfo,
  PagingMethods,
  NextRequestLike,
  NextFinder,
  Direction,
  MiddlewareRequest,
  AttemptInfo,
  RetryInfo,
  RequestChanges,
  BeforeRequestInfo,
  AfterResponseInfo,
  ClientLimit,
  RequestDescription,
  ItemOf,
  PageableList,
  SiloItem,
  RedisStateInfo,
} from './client'

// printQuery's options (the text language: hql/syntax holds its documents and syntax tree).
export type { PrintQueryOptions } from './text'
