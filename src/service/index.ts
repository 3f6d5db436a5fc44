// The reference service (Node only): `import { createService } from 'hql/service'`.
export { createService, DEMO } from './create-service'
export type { Service, ServiceOptions, DemoCredentials } from './create-service'
export { serve } from './serve'
export type { ClientConfig, UserConfig } from './auth/registry'
export type { RateLimit } from './http/rate-limit'
export type { QueryLimits } from './query/context'
export type { RawCatalog, RawMovie, RawSeries } from './catalog/raw'
