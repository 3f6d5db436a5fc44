import { expectTypeOf, test } from 'vitest'
import { hql, keyContributors, primaryImage, returnType, type ResultOf } from 'hql'
import { responseFor, type ResponseOverride } from 'hql/testing'

const movies = hql.explore().filter(returnType.eq('Movie')).with(primaryImage, keyContributors)

test("responseFor's result is the query's result type", () => {
  expectTypeOf(responseFor(movies)).toEqualTypeOf<ResultOf<typeof movies>>()
})

test('overrides are typed by the result: a deep partial, lists as lists or keyed by index', () => {
  responseFor(movies, { content: [{ object: { name: 'Alien' } }] })
  responseFor(movies, { content: { 2: { object: { keyContributors: { content: [{ context: {} }] } } } } })
  responseFor(movies, { pagingInfo: { next: null } })
  // @ts-expect-error a name is a string
  responseFor(movies, { content: [{ object: { name: 1 } }] })
  // @ts-expect-error the query returns movies: their mhids start mhmov
  responseFor(movies, { content: [{ object: { mhid: 'mhric-ridley-scott' } }] })
  responseFor(movies, {
    content: [
      // @ts-expect-error a relationship's contribution is a string
      { object: { keyContributors: { content: [{ context: { relationships: [{ contribution: 3 }] } }] } } },
    ],
  })
  // @ts-expect-error options come third
  responseFor(movies, { from: 'catalog' })
  responseFor(movies, undefined, { from: 'catalog', items: 3, check: false })
  expectTypeOf<ResponseOverride<{ readonly a: readonly number[] }>>().toEqualTypeOf<{
    readonly a?: readonly number[] | { readonly [index: number]: number }
  }>()
})
