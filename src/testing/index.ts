// hql/testing (Node only): msw handlers that stand in for the service, canned fixtures, and request snapshots.
export { hqlHandlers, type HqlHandlersOptions } from './handlers'
export { fixture, errorFixture, type HqlFixture } from './fixtures'
export { requestSnapshot } from './snapshot'
export type { RequestLike } from './canonical'
export type { TestCredentials } from './token-endpoint'
