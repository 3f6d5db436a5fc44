// Ids holding a control character (C0, DEL, C1), a format character (the bidirectional controls among them) or a
// lone surrogate (issue 24), generated, at every door that reads an id and in every place an id stands: the
// builder, fromJSON, the text and the service over HTTP. Each is refused with an HqlError (a 400 JSON body
// from the service) whose path is the id's place and whose message holds none of those characters: it escapes
// what it echoes. Ids of other characters outside ASCII (letters, emoji) are still ids. `HQL_FUZZ_RUNS` sets the
// cases per property (npm run fuzz).
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contributors, fromJSON, hql, HqlError, idsOrder, parseQuery, silo, traits } from 'hql'
import { createService, type Service } from 'hql/service'
import { fuzzRuns } from './support'
import { testPasswordCost } from '../support/password-cost'

const RUNS = fuzzRuns(200)
/** One HTTP round trip per case: a quarter of the in-process count in `npm test`. */
const HTTP_RUNS = Math.max(1, Math.floor(RUNS / 4))

/** What no message may hold raw: what the id rule refuses, less whitespace (a message has spaces). */
const unsafe = /[\p{Cc}\p{Cf}\p{Cs}]/u

const codePoint = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((c) => String.fromCharCode(c))
/** One character an id may not hold. */
const refusedCharacter: fc.Arbitrary<string> = fc.oneof(
  codePoint(0x00, 0x1f), // C0 controls
  codePoint(0x7f, 0x9f), // DEL and C1 controls
  fc.constantFrom('\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e'),
  fc.constantFrom('\u2066', '\u2067', '\u2068', '\u2069'), // bidirectional isolates
  fc.constantFrom('\u00ad', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u{e0001}'), // other format
  codePoint(0xd800, 0xdfff), // a lone surrogate
)

/** `prefix-` and a slug with one refused character somewhere in it (a surrogate half never completes a pair). */
const hostileId = (prefix: string): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'), maxLength: 12 }),
      refusedCharacter,
      fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'), maxLength: 12 }),
    )
    .map(([before, bad, after]) => `${prefix}-${before}${bad}${after}`)

/** `prefix-` and a slug of letters and emoji from anywhere (no whitespace, control or format character). */
const foreignId = (prefix: string): fc.Arbitrary<string> =>
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 8 })
    .filter((slug) => !/[\s\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u.test(slug))
    .map((slug) => `${prefix}-${slug}`)

/** The HqlError `run` throws (failing the test if it throws anything else, or nothing). */
function refusal(run: () => unknown): HqlError {
  try {
    run()
  } catch (error) {
    if (error instanceof HqlError) return error
    throw error
  }
  throw new Error('accepted')
}

function expectRefused(error: HqlError, path: readonly (string | number)[]): void {
  // invalid_sort: fromJSON's code for any mistake inside a sort entry.
  expect(['invalid_id', 'wrong_id_prefix', 'invalid_sort']).toContain(error.code)
  expect(error.path).toEqual(path)
  expect(error.message).not.toMatch(unsafe)
}

/** Each place an id stands, and how each door asks for it. */
const places = [
  {
    name: 'a lookup id',
    prefix: 'mhmov',
    builder: (id: string) => hql.lookup(id),
    json: (id: string) => fromJSON('lookup', { ids: [id] }),
    text: (id: string) => `query q lookup ${JSON.stringify(id)}`,
    path: ['ids', 0],
  },
  {
    name: 'a filter value',
    prefix: 'mhgnr',
    builder: (id: string) => hql.explore().filter(traits.eq(id)),
    json: (id: string) => fromJSON('explore', { filters: { traits: { $eq: id } } }),
    text: (id: string) => `query q explore Movie where traits = ${JSON.stringify(id)}`,
    path: ['filters', 'traits', '$eq'],
  },
  {
    name: 'a value of $in',
    prefix: 'mhric',
    builder: (id: string) => hql.explore().filter(contributors.in('mhric-a', id)),
    json: (id: string) => fromJSON('explore', { filters: { contributors: { $in: ['mhric-a', id] } } }),
    text: (id: string) => `query q explore Movie where contributors in ["mhric-a", ${JSON.stringify(id)}]`,
    path: ['filters', 'contributors', '$in', 1],
  },
  {
    name: 'a relate factor',
    prefix: 'mhmov',
    builder: (id: string) => hql.relate(id),
    json: (id: string) => fromJSON('relate', { factors: [{ id }], filters: {} }),
    text: (id: string) => `query q relate Movie to ${JSON.stringify(id)}`,
    path: ['factors', 0, 'id'],
  },
  {
    name: 'an idsOrder id',
    prefix: 'mhmov',
    builder: (id: string) => hql.explore().sort(idsOrder('mhmov-a', id as `mhmov-${string}`)),
    json: (id: string) =>
      fromJSON('explore', { filters: {}, sort: [{ type: 'idsOrder', ids: ['mhmov-a', id] }] }),
    text: (id: string) => `query q explore Movie order by idsOrder ["mhmov-a", ${JSON.stringify(id)}]`,
    path: ['sort', 0, 'ids', 1],
    // A sort made alone, before it is given to a query: its own path.
    builderPath: ['ids', 1],
  },
  {
    name: 'a Content blueprint id',
    prefix: 'mhmov',
    builder: (id: string) => hql.silos(silo.content({ ids: [id] })),
    json: (id: string) => fromJSON('silos', { blueprints: [{ type: 'Content', params: { ids: [id] } }] }),
    text: (id: string) => `query q silos silo Content(ids: [${JSON.stringify(id)}])`,
    path: ['blueprints', 0, 'params', 'ids', 0],
    // A blueprint made alone, before it is given to a query: its own path.
    builderPath: ['params', 'ids', 0],
  },
] as const

describe('ids with control or format characters, or lone surrogates', () => {
  for (const place of places) {
    it(`are refused as ${place.name} by the builder and fromJSON, at the id's path, escaped`, () => {
      fc.assert(
        fc.property(hostileId(place.prefix), (id) => {
          expectRefused(
            refusal(() => place.builder(id)),
            'builderPath' in place ? place.builderPath : place.path,
          )
          expectRefused(
            refusal(() => place.json(id)),
            place.path,
          )
        }),
        { numRuns: RUNS },
      )
    })

    it(`are refused as ${place.name} by the text, with a message that escapes them`, () => {
      fc.assert(
        fc.property(hostileId(place.prefix), (id) => {
          const error = refusal(() => parseQuery(place.text(id)))
          expect(error.message).not.toMatch(unsafe)
        }),
        { numRuns: RUNS },
      )
    })

    it(`leave ids of letters and emoji from anywhere alone as ${place.name}`, () => {
      fc.assert(
        fc.property(foreignId(place.prefix), (id) => {
          place.builder(id)
          place.json(id)
          parseQuery(place.text(id))
        }),
        { numRuns: RUNS },
      )
    })
  }
})

describe('the service', () => {
  let service: Service
  let token: string
  beforeAll(async () => {
    service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: service.demo.clientId,
      client_secret: service.demo.clientSecret,
    })
    const answer = await fetch(`${service.authUrl}/1.3/security/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    })
    token = ((await answer.json()) as { access_token: string }).access_token
  })
  afterAll(() => service.close())

  it('answers 400 JSON with the path, escaping the id, wherever it stands', async () => {
    const bodies = [
      (id: string) => ['lookup', { ids: [id] }, '$.ids[0]'] as const,
      (id: string) => ['explore', { filters: { traits: { $eq: id } } }, '$.filters.traits.$eq'] as const,
      (id: string) => ['relate', { factors: [{ id }], filters: {} }, '$.factors[0].id'] as const,
    ]
    await fc.assert(
      fc.asyncProperty(hostileId('mhmov'), fc.nat(bodies.length - 1), async (id, which) => {
        const [endpoint, body, path] = bodies[which]!(id.replace(/^mhmov/, which === 1 ? 'mhgnr' : 'mhmov'))
        const response = await fetch(`${service.baseUrl}/graph/${endpoint}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
        const text = await response.text()
        expect(response.status).toBe(400)
        expect(response.headers.get('content-type')).toMatch(/^application\/json/)
        const answer = JSON.parse(text) as { error: string; message: string; path: string }
        expect(['invalid_id', 'wrong_id_prefix']).toContain(answer.error)
        expect(answer.path).toBe(path)
        expect(answer.message).not.toMatch(unsafe)
      }),
      { numRuns: HTTP_RUNS },
    )
  })
})
