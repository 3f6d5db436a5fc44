import type { FairQueueLimits } from '../http/fair-queue'

/**
 * Password checks (scrypt, ~50–100 ms of a core and 16 MiB each) the service runs at once: two, so that the
 * thread pool (4 threads) keeps room for the rest of the service; and one per source address, in turns, so that
 * a burst of guesses from one address runs one check at a time and leaves the other slot to everyone else's
 * sign-ins. An address's guesses are bounded before they get here (the failed-authentication counters reserve
 * each one: 30 per address, 10 per username); `perKey` and `waiting` only bound the queue if those limits are
 * turned off. Over them a password grant is answered 503 `temporarily_unavailable` with Retry-After.
 */
export const PASSWORD_CHECKS: FairQueueLimits = {
  concurrency: 2,
  runningPerKey: 1,
  perKey: 64,
  waiting: 1024,
}
