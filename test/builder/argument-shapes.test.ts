// Issue 9: the builder throws only HqlError "whatever the size or shape" of its input (docs/security.md). A
// JavaScript caller without types may pass anything: each builder method, called with odd values, throws an
// HqlError (with a path where an argument is refused) or builds a query, never a TypeError.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  HqlError,
  compile,
  contributors,
  hql,
  keyContributors,
  primaryImage,
  releaseDate,
  returnType,
  silo,
  traits,
} from 'hql'

// Every entry point and method of the builder, each taking one value where a typed caller passes a builder value.
const calls: Record<string, (v: never) => unknown> = {
  'explore().with': (v) => hql.explore().with(v),
  'explore().with, second argument': (v) => hql.explore().with(primaryImage, v),
  'explore().filter': (v) => hql.explore().filter(v),
  'explore().sort': (v) => hql.explore().sort(v),
  'explore().page': (v) => hql.explore().page(v),
  'explore().pageSize': (v) => hql.explore().pageSize(v),
  lookup: (v) => hql.lookup(v),
  'lookup().with': (v) => hql.lookup('mhmov-gladiator').with(v),
  relate: (v) => hql.relate(v),
  silos: (v) => hql.silos(v),
  'silos().ids': (v) => hql.silos(silo.explore()).ids(v),
  'silos().filter': (v) => hql.silos(silo.explore()).filter(v),
  'silos().with': (v) => hql.silos(silo.explore()).with(v),
  'silos().siloPageSize': (v) => hql.silos(silo.explore()).siloPageSize(v),
  'silo.explore': (v) => silo.explore(v),
  'silo.recommendedForYou': (v) => silo.recommendedForYou(v),
  'silo.basedOnItem': (v) => silo.basedOnItem(v),
  'silo.graphLens': (v) => silo.graphLens(v),
  'silo.content': (v) => silo.content(v),
  'silo.collection': (v) => silo.collection(v),
  'silo.explore filters': (v) => silo.explore({ filters: [v] }),
  'silo.explore filters, whole': (v) => silo.explore({ filters: v }),
  'nesting call': (v) => keyContributors(v),
  'nesting pageSize': (v) => keyContributors.pageSize(v),
  'returnType.eq': (v) => hql.explore().filter(returnType.eq(v)),
  'returnType.in': (v) => hql.explore().filter(returnType.in(v)),
  'traits.in': (v) => hql.explore().filter(traits.in(v)),
  'contributors.or': (v) => hql.explore().filter(contributors.or(v)),
  'releaseDate sort': (v) => hql.explore().sort(releaseDate.desc(), v),
}

// The odd values a JavaScript caller passes: nothing, other primitives, plain objects and arrays, strings that
// name Object.prototype's members, and objects shaped almost like a builder value.
const odd = fc.oneof(
  fc.constantFrom(null, undefined, 0, -1, 1.5, Number.NaN, true, '', '__proto__', 'constructor', 'toString'),
  fc.constantFrom({}, [], { request: null }, { request: 42 }, { filter: 'traits' }, { blueprint: null }),
  fc.constantFrom({ filter: '__proto__', operator: { $eq: 'x' } }, { request: { name: '__proto__' } }),
  // Filters named by what is no string, and a list that is no array.
  fc.constantFrom(
    { filter: Object.create(null) as object, operator: { $eq: 'x' } },
    { filter: 10n, operator: { $eq: 'x' } },
    { filter: Symbol('traits'), operator: { $eq: 'x' } },
    { filters: { length: 1 } },
    { length: 1 },
    10n,
    Symbol('x'),
    Object.create(null) as object,
  ),
  fc.anything({ maxDepth: 2, withBigInt: true, withNullPrototype: true }),
)

/** What a call ends in: nothing thrown, a query, or the name of what it threw. */
function outcome(call: () => unknown): string {
  try {
    const built = call()
    // A query the builder accepted compiles too (a nesting call returns a component, not a query).
    if (built !== null && typeof built === 'object' && 'endpoint' in built) compile(built as never)
    return 'ok'
  } catch (error) {
    return error instanceof HqlError ? 'HqlError' : `${(error as Error).name}: ${(error as Error).message}`
  }
}

describe('the builder refuses wrongly shaped arguments with HqlError', () => {
  test.each(Object.entries(calls))('%s', (_, call) => {
    fc.assert(
      fc.property(odd, (value) => {
        expect(['ok', 'HqlError']).toContain(outcome(() => call(value as never)))
      }),
      { numRuns: 200 },
    )
  })

  test('null in .with() and .filter() names the argument', () => {
    const refused = (call: () => unknown) => {
      try {
        call()
      } catch (error) {
        return [(error as HqlError).code, (error as HqlError).path]
      }
      return 'no error'
    }
    expect(refused(() => hql.explore().with(primaryImage, null as never))).toEqual([
      'invalid_request',
      ['components', 1],
    ])
    expect(refused(() => hql.explore().filter(null as never))).toEqual(['invalid_request', ['filters']])
    expect(refused(() => hql.silos(silo.explore(), null as never))).toEqual([
      'invalid_request',
      ['blueprints', 1],
    ])
    expect(refused(() => silo.explore(null as never))).toEqual(['invalid_request', []])
  })
})
