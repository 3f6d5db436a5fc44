// The failure limits of the token endpoint under parallel guessing (issue 24): a guess is counted before its
// password is checked, so at most the documented number of checks run per username and per address, however
// many guesses arrive at once. Over real HTTP, each guess on a connection of its own, all sent before the first
// is answered; counts of answers, never times (bench/abuse.bench.ts measures the times).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createService, DEMO, type Service } from 'hql/service'
import { DEFAULT_AUTH_FAILURE_LIMIT } from '../../src/service/auth/failures'
import { countStatuses, tokenPost } from './sockets'
import { testPasswordCost } from '../support/password-cost'

const GUESSES = 300
const { perUsername, perAddress } = DEFAULT_AUTH_FAILURE_LIMIT
const users = [
  { username: 'ana', password: 'correct horse' },
  { username: 'bo', password: 'battery staple' },
]
const signIn = (username: string, password: string) => ({
  grant_type: 'password',
  username,
  password,
  scope: 'public_profile',
})

let service: Service
let clock = Date.UTC(2031, 0, 1)
beforeAll(async () => {
  // The default failure limits; room for every guess's connection (the cap per address is another test's).
  service = await createService({
    users,
    maxConnectionsPerAddress: 2 * GUESSES,
    now: () => clock,
    passwordCost: testPasswordCost,
  })
})
afterAll(() => service.close())

/** `GUESSES` wrong password grants from `address`, all sent at once, on `username(i)`. */
function burst(address: string, username: (i: number) => string) {
  return Promise.all(
    Array.from({ length: GUESSES }, (_, i) =>
      tokenPost(service.authUrl, signIn(username(i), `guess ${i}`), DEMO, address),
    ),
  )
}

describe('parallel password guessing', () => {
  it(`checks at most ${perUsername} passwords of one username, whatever arrives at once`, async () => {
    clock += 600_000
    const answers = await burst('127.0.0.21', () => 'ana')
    // Every 400 is a password checked and found wrong; every 429 a guess refused before any check.
    expect(countStatuses(answers)).toEqual({ 400: perUsername, 429: GUESSES - perUsername })
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.error)).toEqual(
      Array(perUsername).fill('invalid_grant'),
    )
    const refused = answers.find((a) => a.status === 429)!
    expect(refused.body.error).toBe('rate_limited')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // The right password is refused too while the username is over its budget, from anywhere; another user
    // signs in from the guesser's own address (its budget of failures is not spent: 10 of 30).
    expect(
      (await tokenPost(service.authUrl, signIn('ana', 'correct horse'), DEMO, '127.0.0.22')).status,
    ).toBe(429)
    expect(
      (await tokenPost(service.authUrl, signIn('bo', 'battery staple'), DEMO, '127.0.0.21')).status,
    ).toBe(200)
  })

  it(`checks at most ${perAddress} passwords from one address, on as many usernames as it likes`, async () => {
    clock += 600_000
    const answers = await burst('127.0.0.23', (i) => `user ${i}`)
    expect(countStatuses(answers)).toEqual({ 400: perAddress, 429: GUESSES - perAddress })
    // Over its budget the address is refused everything, the right password of another user too; another
    // address is not.
    expect(
      (await tokenPost(service.authUrl, signIn('bo', 'battery staple'), DEMO, '127.0.0.23')).status,
    ).toBe(429)
    expect(
      (await tokenPost(service.authUrl, signIn('bo', 'battery staple'), DEMO, '127.0.0.24')).status,
    ).toBe(200)
  })

  it('gives back the count of a right password: successes never add up to a lockout', async () => {
    clock += 600_000
    const answers = await Promise.all(
      Array.from({ length: 3 * perUsername }, () =>
        tokenPost(service.authUrl, signIn('bo', 'battery staple'), DEMO, '127.0.0.25'),
      ),
    )
    // At most 10 checks run at once for bo (each holds a count while it runs): the rest are refused, and
    // none of the successes stays counted.
    const counts = countStatuses(answers)
    expect(counts[200]! + (counts[429] ?? 0)).toBe(3 * perUsername)
    expect(counts[200]).toBeGreaterThanOrEqual(perUsername)
    const later = await Promise.all(
      Array.from({ length: perUsername }, () =>
        tokenPost(service.authUrl, signIn('bo', 'battery staple'), DEMO, '127.0.0.25'),
      ),
    )
    expect(countStatuses(later)).toEqual({ 200: perUsername })
  })

  it('counts failed client authentications sent at once as they arrive', async () => {
    clock += 600_000
    const wrong = { clientId: DEMO.clientId, clientSecret: 'wrong' }
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, () =>
        tokenPost(service.authUrl, { grant_type: 'client_credentials' }, wrong, '127.0.0.26'),
      ),
    )
    expect(countStatuses(answers)).toEqual({ 401: perAddress, 429: GUESSES - perAddress })
  })
})
