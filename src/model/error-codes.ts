// The one vocabulary of error codes. Every HqlError (and subclass: text, client, service) carries one of these
// codes; the service's graph endpoints answer with the same codes in their JSON error body (`"error"`), since an
// HqlError that reaches the service becomes that body unchanged. The token endpoint is the exception: it speaks
// OAuth 2.0 (RFC 6749 §5.2: `invalid_grant`, `invalid_client`…), a standard vocabulary of its own that the
// client exposes as `OAuthError.error` (OAuthErrorCode), not as an HqlError code.
//
// The core imports only the type from this module (`import type`), so the meanings below never reach a
// bundle; `npm run docs:errors` reads them to write docs/errors.md, and a test keeps that page in step.

/** Who makes an error with this code. */
export type ErrorCodeSource = 'request' | 'text' | 'catalog' | 'client' | 'service' | 'cli'

/** One code: who makes it, and a one-line meaning. */
export interface ErrorCodeEntry {
  readonly source: ErrorCodeSource
  readonly meaning: string
}

/**
 * Every error code, grouped by who makes it. `request` codes are a request's mistakes: the builder, fromJSON,
 * the text language and the service give the same code for the same mistake, whichever door it came through.
 */
export const errorCodes = {
  // A request's mistakes, the same at every door.
  invalid_request: {
    source: 'request',
    meaning: 'a value the request schema refuses that no code below names',
  },
  unknown_key: { source: 'request', meaning: 'a key the request (or this endpoint) does not have' },
  unknown_filter: { source: 'request', meaning: 'a filter name that does not exist' },
  duplicate_filter: { source: 'request', meaning: 'the same filter set twice in one filters object' },
  invalid_operator: {
    source: 'request',
    meaning: 'a filter without exactly one operator ($eq, $ne, $in, $all, $or), or an empty operator list',
  },
  unknown_type: {
    source: 'request',
    meaning: 'a type name that does not exist (returnType, a parameter type)',
  },
  wrong_id_prefix: { source: 'request', meaning: 'an id whose prefix names the wrong type for its place' },
  invalid_id: { source: 'request', meaning: 'a lookup id that is no mhid, altId or mapped source id' },
  invalid_factor: {
    source: 'request',
    meaning: 'a relate factor that is not an id or { id, weight?, boostOnly? }',
  },
  unknown_component: { source: 'request', meaning: 'a component name that does not exist' },
  duplicate_component: { source: 'request', meaning: 'the same component requested twice at one level' },
  component_not_applicable: {
    source: 'request',
    meaning: 'a component on types that lack it, or nested under a component that returns a plain value',
  },
  unknown_sort: { source: 'request', meaning: 'a sort type or property that does not exist' },
  invalid_sort: {
    source: 'request',
    meaning: 'a sort with ids that is not idsOrder, or idsOrder without ids',
  },
  unknown_blueprint: { source: 'request', meaning: 'a silo blueprint type that does not exist' },
  positions_with_probability: {
    source: 'request',
    meaning: 'a silo blueprint with both positions and probability',
  },
  invalid_page: {
    source: 'request',
    meaning: 'a page that is not a whole number of 0 or more, or one on a component that is not a list',
  },
  invalid_page_size: {
    source: 'request',
    meaning: 'a page size that is not a positive whole number, or one on a component that is not a list',
  },
  duplicate_parameter: { source: 'request', meaning: 'a parameter (of a query or a blueprint) named twice' },
  too_deep: {
    source: 'request',
    meaning: 'a request, a filter or a component tree nested deeper than the limit',
  },
  too_many_ids: { source: 'request', meaning: 'more ids than the limit in one list' },
  too_many_factors: { source: 'request', meaning: 'more relate factors than the limit' },
  too_many_blueprints: { source: 'request', meaning: 'more silo blueprints than the limit' },
  too_many_values: { source: 'request', meaning: 'more values than the limit in one operator' },
  too_many_components: { source: 'request', meaning: 'more components than the limit at one level' },
  too_many_nodes: { source: 'request', meaning: 'a request body with more JSON values than the limit' },
  invalid_endpoint: { source: 'request', meaning: 'fromJSON called with a name that is no endpoint' },
  not_a_query: { source: 'request', meaning: 'compile given a value that hql did not make' },

  // The text language.
  syntax_error: { source: 'text', meaning: 'text that does not follow the grammar' },
  mixed_or: { source: 'text', meaning: "an 'or' whose branches filter on different filters" },
  unknown_parameter: {
    source: 'text',
    meaning: 'a $parameter the query does not declare, or a value for one',
  },
  unused_parameter: { source: 'text', meaning: 'a declared parameter the query never uses' },
  missing_parameter: { source: 'text', meaning: 'a parameter without a value or a default' },
  invalid_parameter: { source: 'text', meaning: "a parameter's value that does not fit its type" },
  parameter_type: { source: 'text', meaning: 'a parameter used where its type does not fit' },
  invalid_default: { source: 'text', meaning: "a parameter's default that is not a literal" },
  unknown_query: { source: 'text', meaning: 'a query name the text does not define' },
  ambiguous_query: { source: 'text', meaning: 'a text with several queries, and no name to choose one' },
  invalid_argument: {
    source: 'text',
    meaning: 'parseQuery or printQuery called with arguments of the wrong kind',
  },
  invalid_name: { source: 'text', meaning: 'a query name that is not an identifier' },
  unknown_fragment: {
    source: 'text',
    meaning: 'a spread (`...name`) of a fragment the text neither defines nor is given',
  },
  cyclic_fragment: { source: 'text', meaning: 'a fragment that spreads itself, directly or through others' },
  fragment_not_applicable: {
    source: 'text',
    meaning:
      'a fragment spread where the objects are of none of its type (a Contributor fragment on a Movie)',
  },
  unused_fragment: { source: 'text', meaning: 'a fragment that no query or fragment of the text spreads' },
  duplicate_fragment: {
    source: 'text',
    meaning: 'two fragments of a text with the same name, or a name the text defines and is given',
  },

  // Catalogs of saved queries.
  unnamed_query: { source: 'catalog', meaning: 'a query of a catalog without a name' },
  duplicate_query: { source: 'catalog', meaning: 'two queries of a catalog with the same name' },
  reserved_name: { source: 'catalog', meaning: 'a query or parameter name a generated function cannot take' },
  not_generatable: { source: 'catalog', meaning: 'a query the code generator cannot turn into a function' },

  // The client.
  http_error: { source: 'client', meaning: 'a response with a status outside 2xx' },
  timeout: { source: 'client', meaning: 'an attempt, or the whole call, took longer than its timeout' },
  aborted: { source: 'client', meaning: "the caller's AbortSignal fired" },
  network_error: { source: 'client', meaning: 'fetch failed without a response' },
  oauth_error: { source: 'client', meaning: 'the token endpoint refused (the OAuth code is in `error`)' },
  invalid_response: {
    source: 'client',
    meaning: 'a 2xx response that is not JSON or not of the shape the model expects',
  },
  paging_refused: { source: 'client', meaning: 'a pagingInfo.next the client will not follow' },
  paging_loop: { source: 'client', meaning: 'paging that would never end' },
  limit_exceeded: {
    source: 'client',
    meaning: 'a run or a response past maxItems, maxPages or maxResponseBytes',
  },
  invalid_config: {
    source: 'client',
    meaning: 'an option of createClient, a grant or a call that is not usable',
  },

  // The reference service (HTTP error bodies of the graph endpoints), and hql/testing's handlers.
  bad_request: { source: 'service', meaning: 'a request that is not valid HTTP/1.1' },
  invalid_request_target: { source: 'service', meaning: 'a request target that is not a valid URL' },
  no_such_endpoint: { source: 'service', meaning: 'a path that is no graph endpoint' },
  method_not_allowed: { source: 'service', meaning: 'a graph endpoint called with another method than POST' },
  expectation_failed: { source: 'service', meaning: 'an Expect header other than 100-continue' },
  headers_too_large: { source: 'service', meaning: 'request headers larger than the limit' },
  request_timeout: { source: 'service', meaning: 'a request that did not arrive in time' },
  body_too_large: { source: 'service', meaning: 'a request body larger than the limit' },
  bad_body: { source: 'service', meaning: 'a request body that could not be read' },
  invalid_json: {
    source: 'service',
    meaning: 'a request body that is empty or not JSON, or gives one key twice in an object',
  },
  unauthorized: {
    source: 'service',
    meaning: 'a graph request without bearer credentials (none, or Basic…)',
  },
  invalid_token: { source: 'service', meaning: 'an access token that is unknown or expired' },
  rate_limited: {
    source: 'service',
    meaning: 'too many requests for this client id; retry after Retry-After',
  },
  wrong_id_type: {
    source: 'service',
    meaning: 'an id of a known object of another type than its place takes',
  },
  not_found: { source: 'service', meaning: 'an id the catalog does not know' },
  no_current_user: { source: 'service', meaning: 'the current-user alias with a token that has no user' },
  sort_needs_collection: { source: 'service', meaning: 'a sort that only a collection can give' },
  sort_needs_user: { source: 'service', meaning: 'a sort that needs a user token' },
  page_size_too_large: { source: 'service', meaning: "a page size above the service's limit" },
  too_much_work: {
    source: 'service',
    meaning: "a request that would cost more than the service's work budget",
  },
  response_too_large: {
    source: 'service',
    meaning: 'a response that would hold more objects than the limit',
  },
  internal_error: { source: 'service', meaning: 'the service failed; no detail is given' },
  overloaded: {
    source: 'service',
    meaning: 'a costly request the service cannot take now (its queue is full); retry after Retry-After',
  },
  too_many_connections: {
    source: 'service',
    meaning:
      'a connection over the limit of open connections from one address; it is closed after the answer',
  },
  shared_state_unavailable: {
    source: 'service',
    meaning: 'a fleet-mode service whose Redis did not answer in time; retry after Retry-After',
  },
  no_fixture: { source: 'service', meaning: "hql/testing's handlers have no fixture for the request" },
  response_breaks_query: {
    source: 'service',
    meaning: "an override of responseFor that breaks the query's promise",
  },
  not_built: {
    source: 'service',
    meaning: 'a file of the playground asked for before it was built (`npm run build`)',
  },
  catalog_not_found: { source: 'service', meaning: 'no sample catalog found for createService' },
  catalog_unreadable: { source: 'service', meaning: 'a sample catalog file that is not JSON' },
  catalog_invalid: { source: 'service', meaning: 'a sample catalog file that is not of the expected shape' },

  // The command line.
  usage: { source: 'cli', meaning: 'a command line that the CLI cannot read' },
  environment: {
    source: 'cli',
    meaning: 'the machine refused: a port in use, a permission, a full disk (exit code 4)',
  },
} as const satisfies Record<string, ErrorCodeEntry>

/** A stable, machine-readable error code: one of `errorCodes`' keys (docs/errors.md lists them). */
export type HqlErrorCode = keyof typeof errorCodes
