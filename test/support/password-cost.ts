/**
 * scrypt's cost for the services tests start: 2^10, ~16 times cheaper than the default 2^14, as web frameworks
 * advise for their own tests (a sign-in costs ~50–100 ms of a core at the default, and the suite signs in
 * hundreds of times). test/service/passwords.test.ts holds the default.
 */
export const testPasswordCost = 2 ** 10
