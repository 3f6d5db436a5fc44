import type { CheckFunction } from './check'
import { strictCheck } from './checks'
import type { RetryPolicy } from './middleware'
import { paging, type Paging } from './paging/paging'
import { retries } from './retries'

/**
 * The starting configuration, as safe as hql's client has always been: every page checked against what its
 * query promises (`strictCheck`), failed attempts retried with backoff (`retries()`), and paging bounded by
 * default (`paging()`: `items`, `pages`, `collect`, `next`, …). Spread it into `createClient`'s options, and
 * replace any piece after it.
 *
 * @example
 * const client = createClient({ baseUrl, auth, ...recommended() })
 * const patient = createClient({ baseUrl, auth, ...recommended(), retry: retries({ limit: 5 }) })
 */
export function recommended(): {
  readonly retry: RetryPolicy
  readonly check: CheckFunction
  readonly paging: Paging
} {
  return { retry: retries(), check: strictCheck, paging: paging() }
}
