// hql: the typed builder, compile and fromJSON, HQL text (parseQuery, printQuery), the client, the errors and
// the model's main words. No Node imports: this entry runs in browsers, Deno, Bun and edge runtimes.
// A chosen list of at most 150 names (test/package/entries.test.ts): the rest lives under subpaths named for
// what it is: `hql/types` (the builder's type vocabulary), `hql/schemas` (the model: its request rules,
// response schemas and their types), `hql/syntax` (the syntax tree of HQL text) and `hql/language` (the
// language service). Every public name is listed here: what is not listed is internal and may change without
// notice. api/report.md records this list with each name's kind; test/package/api-report.test.ts keeps it honest.

// The builder: `hql.explore()` and friends, the filters, sorts and components they take, and the types that
// describe a query and the result it is inferred to return.
export {
  hql,
  explore,
  silo,
  returnType,
  traits,
  contributorsOf,
  contributors,
  sources,
  collections,
  releaseDate,
  byName,
  popularity,
  collectionOrder,
  likeOrder,
  followOrder,
  random,
  idsOrder,
  component,
  primaryName,
  primaryImage,
  secondaryImage,
  images,
  keyContributors,
  keyTraits,
  keySuitabilities,
  primaryGroup,
  contributions,
  followers,
  likers,
  following,
  liking,
  ownedCollections,
  allSubscriptions,
  allMediums,
  items,
  primaryOwner,
  socialMetrics,
  userSocial,
  metadata,
  thumbnail,
  unknownFields,
  fragment,
} from './builder'
export type {
  Query,
  ResultOf,
  EndpointName,
  ExploreQuery,
  RelateQuery,
  LookupQuery,
  SilosQuery,
  BlueprintSpec,
  BlueprintOptions,
  FilterSpec,
  SortKey,
  ComponentSpec,
  Component,
  FragmentOf,
} from './builder'

// compile and fromJSON: a query to its canonical request, and untrusted JSON to a query.
export { compile } from './compile'
export type { CompiledRequest } from './compile'

// A query's cache key (TanStack Query, SWR): the whole request, equal for equal queries. hql/tanstack builds on it
// (its types, HqlQueryKey and KeyedRequest: hql/types).
// From its file, not hql/tanstack's entry: the built index.js would import that entry for its effects.
export { queryKey } from './tanstack/query-key'

// The HQL text language: queries to and from text, and the errors that carry line, column and a code frame.
// (Documents, the syntax tree and resolution: hql/syntax; printQuery's options, PrintQueryOptions: hql/types.)
export { parseQuery, printQuery, HqlTextError, HqlSyntaxError } from './text'
export type { ParseQueryOptions } from './text'

// Typed inline text: `hqlText('explore Movie …')` types HQL text where it is written (docs/text.md).
export { hqlText } from './inline'

// The client: the core (createClient, the Auth interface and its grants, the errors it throws), and the pieces
// a program imports when it wants them: retries, response checks, paging, middleware (rate budget, hooks),
// and `recommended()`, the usual set of them.
export {
  createClient,
  recommended,
  passwordGrant,
  refreshTokenGrant,
  clientCredentialsGrant,
  staticTokenGrant,
  memoryTokenStore,
  retries,
  strictCheck,
  looseCheck,
  paging,
  rateLimit,
  hooks,
  memoryRateBudget,
  budgetedFetch,
  RateBudgetError,
  ClientError,
  HttpError,
  TimeoutError,
  AbortedError,
  NetworkError,
  OAuthError,
  InvalidResponseError,
  PagingRefusedError,
  PagingLoopError,
  LimitExceededError,
  ClientConfigError,
} from './client'
export type {
  Client,
  PagingClient,
  ClientOptions,
  CallOptions,
  RequestSpec,
  RequestOptions,
  Auth,
  PasswordGrantOptions,
  RefreshTokenGrantOptions,
  ClientCredentialsGrantOptions,
  TokenStore,
  StoredToken,
  TokenRenewal,
  RetryOptions,
  RetryPolicy,
  ResponseCheck,
  CheckFunction,
  StandardSchemaV1,
  Paging,
  PagingOptions,
  PagesOptions,
  ItemsOptions,
  CollectOptions,
  Middleware,
  FetchLike,
  RateBudget,
  RateBudgetOptions,
  Hooks,
  TokenRefreshInfo,
  OAuthErrorCode,
  ServiceErrorCode,
  SafeResult,
  GraphRequest,
} from './client'

// The model's errors: every error hql throws is an HqlError; fromJSON's lists every issue.
export { HqlError, HqlValidationError } from './model'
export type { HqlErrorCode, JsonPath } from './model'

// The model's main words: the object types and their ids (every id type `hql generate` writes), the names a
// query is made of, the request limits every door enforces, and the request bodies' types. (All of it, with the
// request rules and the response schemas and types: hql/schemas.)
export {
  objectTypeNames,
  returnTypeNames,
  typeOfId,
  isType,
  filterNames,
  componentNames,
  requestLimits,
} from './model'
export type {
  ObjectTypeName,
  ReturnTypeName,
  AnyId,
  MovieId,
  ShowSeriesId,
  MediaId,
  ContributorId,
  UserId,
  SourceId,
  TraitId,
  CollectionId,
  FilterName,
  ComponentName,
} from './model'

// fromJSON is compile's untyped door; the entry gives it the builder's query types (compile does not import
// the builder: docs/architecture.md), so that the query it returns can be extended with the builder.
import { fromJSON as readQueryJSON } from './compile'
import type { EndpointName } from './model'
import type { QueriesByEndpoint } from './builder'

/**
 * Turns untrusted JSON into a query: validates it against the endpoint's request schema, accepts the older
 * forms (string factors and components, `boostOnly: "true"`, the filter key `source`, lowercase type names),
 * and checks components against the types the query returns. Errors are `HqlError`s (`HqlValidationError`
 * lists every schema issue) naming the JSON path and what was expected.
 *
 * @example
 * const q = fromJSON('explore', JSON.parse(text))
 * compile(q).body // the canonical form
 */
export function fromJSON<E extends EndpointName>(endpoint: E, json: unknown): QueriesByEndpoint[E] {
  return readQueryJSON(endpoint, json) as never
}
