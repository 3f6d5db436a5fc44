import type { FairQueueLimits } from '../http/fair-queue'

/**
 * Password checks (scrypt, ~50–100 ms of a core and 16 MiB each) the service runs at once, in turns by source
 * address: two, so that the thread pool (4 threads) keeps room for the rest of the service and a burst of
 * guesses from one address delays another address's sign-in by one check at most. An address's guesses are
 * bounded before they get here (the failed-authentication counters reserve each one: 30 per address, 10 per
 * username); `perKey` and `waiting` only bound the queue if those limits are turned off. Over them a password
 * grant is answered 503 `temporarily_unavailable` with Retry-After.
 */
export const PASSWORD_CHECKS: FairQueueLimits = {
  concurrency: 2,
  perKey: 64,
  waiting: 1024,
}
