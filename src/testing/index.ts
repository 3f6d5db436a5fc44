// hql/testing (Node only): msw handlers that stand in for the service, canned fixtures, responses built for a query,
// and request snapshots.
// Every public name is listed here; api/report.md records them, test/package/api-report.test.ts checks it.

// msw handlers: the token endpoint and the graph endpoints, answered from the sample catalog or fixtures.
export { hqlHandlers, type HqlHandlersOptions } from './handlers'
export type { TestCredentials } from './token-endpoint'

// Fixtures: canned answers (or errors) for one query, typed by the query's result.
export { fixture, errorFixture, type HqlFixture } from './fixtures'

// Valid responses for a query: what it promises, filled with samples (or the catalog's answer), overridden by path.
export { responseFor, type ResponseOverride, type ResponseForOptions } from './response-for'

// Snapshots: the request a query (or a plain request) sends, as stable pretty JSON.
export { requestSnapshot } from './snapshot'
export type { RequestLike } from './canonical'
