// What hql/testing refuses, and how: a bad argument is a TypeError (a RangeError for a number out of range) that
// names it, never a crash from inside a helper; a setting that would change a test without a word (two fixtures
// for one request, a token lifetime the client refuses, a misspelt option) is refused when the helper is called;
// a canned 200 the client's strictCheck would refuse is refused when it is made.
import { describe, expect, it } from 'vitest'
import { hql, HqlError, InvalidResponseError, returnType, strictCheck, type Query } from 'hql'
import { errorFixture, fixture, hqlHandlers, requestSnapshot, responseFor } from 'hql/testing'
import { merge } from '../../src/testing/build-response'
import { maxResponseDepth as testingDepth } from '../../src/testing/promise-check'
import { maxResponseDepth as clientDepth } from '../../src/client/checks'
import { caught } from '../support/caught'

const movies = hql.explore().filter(returnType.eq('Movie')).pageSize(5)
const emptyPage = { content: [], pagingInfo: { next: null, previous: null } }
const baseUrl = 'https://graph.refusals.test'

// The error a call throws (any Error: the helpers throw TypeErrors, RangeErrors and HqlErrors).
const thrown = (run: () => unknown): Error => caught(run, Error)

/** `levels` objects nested one in another: `{ a: { a: … 1 } }`. */
function nested(levels: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < levels; i++) value = { a: value }
  return value
}

/** Whether spreading `count` arguments into Math.max from here overflows the stack. */
function spreadOverflows(count: number): boolean {
  try {
    Math.max(...new Array<number>(count).fill(0))
    return false
  } catch (error) {
    if (error instanceof RangeError) return true
    throw error
  }
}

/**
 * Runs `run` with about `slots` arguments' room (8 bytes each) left on the stack, the rest held by arguments
 * it is called with (and ignores): how many a spread from here overflows with is measured (to within 1,024),
 * and all but `slots` of them are passed. Arguments take the same room in any tier of the JIT, where a
 * recursion's frames do not.
 */
function withStackLeft(slots: number, run: () => void): void {
  // A thread's stack is a few MB: 2^24 arguments (128 MB) would be no stack a test runs on.
  let high = 1024
  while (high < 2 ** 24 && !spreadOverflows(high)) high *= 2
  let low = high / 2
  while (high - low > 1024) {
    const middle = (low + high) / 2
    if (spreadOverflows(middle)) high = middle
    else low = middle
  }
  Reflect.apply(run, undefined, new Array(Math.max(0, high - slots)))
}

describe('a bad argument is a TypeError naming it, never a crash inside a helper', () => {
  it.each([
    ['requestSnapshot(null)', () => requestSnapshot(null as never), 'request to be a query'],
    ['fixture(null, …)', () => fixture(null as never, emptyPage as never), 'request to be a query'],
    ['responseFor(null)', () => responseFor(null as never), 'query to be a query'],
    [
      'an endpoint whose toString is null',
      () => requestSnapshot({ endpoint: { toString: null } as never, body: {} }),
      'request.endpoint to be a graph endpoint (explore, relate, silos, lookup), got an object',
    ],
    [
      'a symbol endpoint',
      () => requestSnapshot({ endpoint: Symbol('explore') as never, body: {} }),
      'request.endpoint to be a graph endpoint (explore, relate, silos, lookup), got a symbol',
    ],
    [
      'responseFor(q, undefined, null)',
      () => responseFor(movies, undefined, null as never),
      'options to be an object, got null',
    ],
    [
      'hqlHandlers(null)',
      () => hqlHandlers(null as never),
      'options to be an object with a baseUrl, got null',
    ],
    [
      'a baseUrl that is no string',
      () => hqlHandlers({ baseUrl: 5 as never }),
      'options.baseUrl to be a URL string, got 5',
    ],
    [
      'a fixture that is null',
      () => hqlHandlers({ baseUrl, fixtures: [null as never] }),
      'options.fixtures[0] to be a fixture',
    ],
    [
      'a hole in the fixtures',
      () => hqlHandlers({ baseUrl, fixtures: [fixture(movies, emptyPage), ,] as never }),
      'options.fixtures[1] to be a fixture',
    ],
  ])('%s', (_, call, message) => {
    const error = thrown(call)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).message).toContain(`expected ${message}`)
  })

  // A spread as long as the list overflowed the stack: a test worker's at 600,000 arguments, Node's main
  // thread's (where the review met it) at 200,000. A list of a million cost 2 s idle and 25 s in npm test at load
  // 10 (each item a Map entry in the helpers), past 120 s at load 30: the helpers run instead with all but
  // room for 32,768 arguments of the stack taken, and a list that long (a spread of it overflows there, which
  // the test checks first). Items that are no object are taken as they come, so the list costs little to
  // build; `check: false` keeps them.
  it('builds an override longer than a spread can take (a list length is a loop, not a spread into Math.max)', () => {
    const count = 32_768
    withStackLeft(count, () => {
      expect(spreadOverflows(count)).toBe(true)
      const content = new Array(count).fill(0) as never
      expect(responseFor(movies, { content }, { check: false }).content).toHaveLength(count)
      // A list of the test's own, merged into a list the base has: the same loop.
      expect(merge(['a'], new Array(count).fill('z'))).toHaveLength(count)
    })
  })
})

describe('settings that would change a test without a word are refused, naming them', () => {
  it('two fixtures for one request, with both positions', () => {
    const fixtures = [
      errorFixture(movies, 503, { error: 'unavailable', message: 'later', status: 503 }),
      fixture(hql.lookup('mhmov-gladiator'), emptyPage),
      fixture(movies, emptyPage),
    ]
    const error = thrown(() => hqlHandlers({ baseUrl, catalog: false, fixtures }))
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).message).toContain(
      'expected one fixture per request, got options.fixtures[0] and options.fixtures[2] for POST /graph/explore',
    )
    // The same request at another page is another request.
    expect(
      hqlHandlers({ baseUrl, fixtures: [fixture(movies, emptyPage), fixture(movies.page(2), emptyPage)] }),
    ).toHaveLength(3)
  })

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])(
    'a token lifetime of %s seconds, which the client would refuse',
    (seconds) => {
      const error = thrown(() => hqlHandlers({ baseUrl, tokenLifetimeSeconds: seconds }))
      expect(error).toBeInstanceOf(RangeError)
      expect((error as Error).message).toBe(
        `expected options.tokenLifetimeSeconds to be a positive number of seconds, got ${seconds}`,
      )
    },
  )

  it('a token lifetime that is no number; a short one is accepted', () => {
    expect(thrown(() => hqlHandlers({ baseUrl, tokenLifetimeSeconds: '60' as never }))).toBeInstanceOf(
      TypeError,
    )
    expect(hqlHandlers({ baseUrl, tokenLifetimeSeconds: 0.5 })).toHaveLength(3)
  })

  it.each([
    [
      'responseFor from',
      () => responseFor(movies, undefined, { from: 'catalgo' as never }),
      "options.from to be 'samples' or 'catalog', got 'catalgo'",
    ],
    [
      'responseFor check',
      () => responseFor(movies, undefined, { check: 'no' as never }),
      "options.check to be true or false, got 'no'",
    ],
    [
      'fixture check',
      () => fixture(movies, emptyPage, { check: 0 as never }),
      'options.check to be true or false, got 0',
    ],
  ])('an unknown value: %s', (_, call, message) => {
    const error = thrown(call)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).message).toBe(`expected ${message}`)
  })

  it.each([
    [
      'responseFor',
      () => responseFor(movies, undefined, { form: 'catalog' } as never),
      "options to hold only from, items, check, got 'form'; did you mean 'from'?",
    ],
    [
      'hqlHandlers',
      () => hqlHandlers({ baseUrl, tokenLifetime: 60 } as never),
      "options to hold only baseUrl, authUrl, fixtures, catalog, credentials, tokenLifetimeSeconds, got 'tokenLifetime'",
    ],
    [
      'hqlHandlers catalog',
      () => hqlHandlers({ baseUrl, catalog: { limit: {} } as never }),
      "options.catalog to hold only catalog, users, limits, baseUrl, got 'limit'; did you mean 'limits'?",
    ],
    [
      'hqlHandlers credentials',
      () => hqlHandlers({ baseUrl, credentials: { clientId: 'a', clientSecret: 'b', user: 'c' } as never }),
      "options.credentials to hold only clientId, clientSecret, username, password, got 'user'",
    ],
    [
      'fixture',
      () => fixture(movies, emptyPage, { checks: false } as never),
      "options to hold only check, got 'checks'",
    ],
  ])('an unknown option key of %s', (_, call, message) => {
    const error = thrown(call)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).message).toContain(`expected ${message}`)
  })

  it('names a credential that is no string by its kind, never its value (it may be a secret)', () => {
    const error = thrown(() =>
      hqlHandlers({ baseUrl, credentials: { clientId: 'app', clientSecret: ['s3cret'] as never } }),
    )
    expect((error as Error).message).toBe(
      'expected options.credentials.clientSecret to be a string, got object',
    )
  })
})

describe("responseFor applies strictCheck's depth bound", () => {
  it("is the client's bound", () => {
    expect(testingDepth).toBe(clientDepth)
  })

  // Objects nested `levels` deep under content[0].object.extra, around strictCheck's bound of 256.
  it.each([250, 252, 253, 256, 300, 20_000])(
    '%s levels: refused by responseFor exactly when strictCheck refuses',
    (levels) => {
      const override = { content: [{ object: { extra: nested(levels) } }] } as never
      const built = responseFor(movies, override, { check: false })
      const info = {
        endpoint: '/graph/explore',
        query: movies,
        body: movies.body,
        request: { method: 'POST', url: baseUrl },
      }
      const strict = (() => {
        try {
          strictCheck(built, info as never)
          return undefined
        } catch (error) {
          return error
        }
      })()
      const ours = (() => {
        try {
          responseFor(movies, override)
          return undefined
        } catch (error) {
          return error
        }
      })()
      expect(strict === undefined).toBe(levels < 253)
      expect(ours === undefined).toBe(strict === undefined)
      if (strict === undefined) return
      expect(strict).toBeInstanceOf(InvalidResponseError)
      expect(ours).toBeInstanceOf(HqlError)
      expect(ours).toMatchObject({ code: 'response_breaks_query', path: (strict as HqlError).path })
    },
  )
})

describe('a canned 200 is checked as the client checks it', () => {
  const next = { endpoint: '/graph/explore', body: { ...movies.body, page: 2 } }

  it.each([
    ['a query', movies as Query | typeof next],
    ['a plain pagingInfo.next request', next],
  ])('a body that breaks what %s promises is refused at its path', (_, request) => {
    const error = thrown(() => fixture(request as Query, { bogus: 1 } as never))
    expect(error).toBeInstanceOf(HqlError)
    expect(error).toMatchObject({ code: 'response_breaks_query', path: ['content'] })
    expect(() =>
      fixture(
        request as Query,
        { content: [{ object: { name: 5 } }], pagingInfo: emptyPage.pagingInfo } as never,
      ),
    ).toThrow(HqlError)
    expect(fixture(request as Query, emptyPage as never).status).toBe(200)
  })

  it('refuses a body nested deeper than the client accepts', () => {
    const body = { ...emptyPage, extra: nested(300) }
    expect(thrown(() => fixture(next, body))).toMatchObject({ code: 'response_breaks_query' })
  })

  it('serves a broken one on purpose with check: false, for tests of the client’s check', () => {
    expect(fixture(movies, { bogus: 1 } as never, { check: false }).body).toEqual({ bogus: 1 })
  })

  it('errorFixture: a 200 is checked too; a 200 without a body, or a 204/304 with one, is refused', () => {
    expect(thrown(() => errorFixture(movies, 200, { bogus: 1 }))).toMatchObject({
      code: 'response_breaks_query',
    })
    expect(errorFixture(movies, 200, emptyPage).status).toBe(200)
    const noBody = thrown(() => errorFixture(movies, 200))
    expect(noBody).toBeInstanceOf(TypeError)
    expect((noBody as Error).message).toBe(
      'expected a body for status 200 (a 200 is a fixture(request, response)), got undefined',
    )
    for (const status of [204, 304]) {
      const error = thrown(() => errorFixture(movies, status, { x: 1 }))
      expect(error).toBeInstanceOf(TypeError)
      expect((error as Error).message).toBe(
        `expected no body for status ${status}, which sends none, got an object`,
      )
      expect(errorFixture(movies, status).status).toBe(status)
    }
  })
})
