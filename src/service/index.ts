// The reference service (Node only): `import { createService } from 'hql/service'`.
// Every public name is listed here; api/report.md records them, test/package/api-report.test.ts checks it.

// Starting the service: in process (createService) or as the CLI's `hql serve` does (serve), with demo
// credentials.
export { createService, DEMO } from './create-service'
export type { Service, ServiceOptions, DemoCredentials } from './create-service'
export { serve } from './serve'

// What ServiceOptions takes: registered clients and users, rate and auth-failure limits, per-request limits,
// and a catalog of one's own.
export type { ClientConfig, UserConfig } from './auth/registry'
export type { RateLimit } from './http/rate-limit'
export type { AuthFailureLimit } from './auth/failures'
export type { ServiceRedisOptions } from './redis/options'
export type { QueryLimits } from './query/context'
export type { RawCatalog, RawMovie, RawSeries } from './catalog/raw'

// The query engine without HTTP: answers request bodies over a catalog (hql/testing's handlers use it).
export { createQueryEngine } from './query-engine'
export type { QueryEngine, QueryEngineOptions, QueryAnswer } from './query-engine'

// For hql/testing: the parts of the service its msw handlers reuse (testing imports the service only here).
export { bearerToken, invalidToken } from './http/bearer'
export { parseJson } from './http/body'
export { errorResponse } from './http/errors'
export { DEFAULT_LIMITS } from './query/context'
export { checkLimits } from './query/limits'
export { NO_FAILURE_LIMIT } from './auth/failures'
export { tokenEndpoint } from './auth/token-endpoint'
export type { ClientDirectory, TokenRequest } from './auth/token-endpoint'
// The tokens the service issued (`TokenStore` in its source; `TokenStore` in the package entry is the client's store).
export { TokenStore as IssuedTokens } from './auth/tokens'
