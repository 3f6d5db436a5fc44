import { describe, expectTypeOf, test } from 'vitest'
import {
  hql,
  isType,
  keyContributors,
  primaryGroup,
  primaryImage,
  returnType,
  thumbnail,
  userSocial,
} from 'hql'
import type { ResultOf } from 'hql'
import type { IdOf } from '../../src/schemas'
import type { Rendition, UserSocial } from '../../src/schemas'

const mixed = hql
  .explore()
  .filter(returnType.in('Movie', 'ShowSeries', 'Contributor'))
  .with(primaryImage)
type Mixed = ResultOf<typeof mixed>['content'][number]['object']

describe('discriminated results', () => {
  test('each object has its mhid typed by prefix, at every depth', () => {
    const q = hql.explore().filter(returnType.eq('Movie')).with(keyContributors(primaryImage))
    type O = ResultOf<typeof q>['content'][number]['object']
    expectTypeOf<O['mhid']>().toEqualTypeOf<IdOf<'Movie'>>()
    expectTypeOf<O['keyContributors']['content'][number]['object']['mhid']>().toEqualTypeOf<
      IdOf<'Contributor'>
    >()
    expectTypeOf<
      O['keyContributors']['content'][number]['object']['primaryImage']['object']['mhid']
    >().toEqualTypeOf<IdOf<'Image'>>()
  })

  test('a Movie and a ShowSeries are different types', () => {
    type M = Extract<Mixed, { mhid: IdOf<'Movie'> }>
    type S = Extract<Mixed, { mhid: IdOf<'ShowSeries'> }>
    expectTypeOf<M>().not.toEqualTypeOf<S>()
    expectTypeOf<S>().not.toMatchTypeOf<M>()
  })

  test('isType narrows, and an exhaustive switch (true) leaves never to its default', () => {
    const describe = (object: Mixed): string => {
      switch (true) {
        case isType(object, 'Movie'):
          expectTypeOf(object.mhid).toEqualTypeOf<IdOf<'Movie'>>()
          return `film of ${object.releaseDate}`
        case isType(object, 'ShowSeries'):
          expectTypeOf(object.mhid).toEqualTypeOf<IdOf<'ShowSeries'>>()
          return `series of ${object.releaseDate}`
        case isType(object, 'Contributor'):
          expectTypeOf(object.primaryImage.object.mhid).toEqualTypeOf<IdOf<'Image'>>()
          return object.name
        default:
          expectTypeOf(object).toBeNever()
          return object
      }
    }
    expectTypeOf(describe).returns.toEqualTypeOf<string>()
  })

  test('a lookup of mixed ids is a union that isType narrows', () => {
    const q = hql.lookup('mhmov-gladiator', 'mhfic-sherlock-holmes').with(keyContributors)
    for (const { object } of [] as ResultOf<typeof q>['content']) {
      if (isType(object, 'Movie')) expectTypeOf(object).toHaveProperty('keyContributors')
      else expectTypeOf(object.mhid).toEqualTypeOf<IdOf<'Contributor'>>()
    }
  })

  test('isType on a value the types do not know gives it the type’s mhid', () => {
    const value: unknown = {}
    if (isType(value, 'Movie')) expectTypeOf(value.mhid).toEqualTypeOf<IdOf<'Movie'>>()
    // @ts-expect-error a subscription has no mhid to tell it by
    isType(value, 'Subscription')
  })
})

describe('a field promised only conditionally is optional', () => {
  test('userSocial needs a user token: optional, and the rest stay required', () => {
    const q = hql.explore().filter(returnType.eq('Movie')).with(userSocial, primaryImage)
    type O = ResultOf<typeof q>['content'][number]['object']
    expectTypeOf<O>().toHaveProperty('userSocial')
    expectTypeOf<O['userSocial']>().toEqualTypeOf<UserSocial | undefined>()
    // An object without it is still a result object; without primaryImage it is not.
    expectTypeOf<{}>().toMatchTypeOf<Pick<O, 'userSocial'>>()
    expectTypeOf<{}>().not.toMatchTypeOf<Pick<O, 'primaryImage'>>()
  })

  test('primaryGroup may be absent (a title in no group): optional too', () => {
    const q = hql.explore().filter(returnType.eq('Movie')).with(primaryGroup)
    type O = ResultOf<typeof q>['content'][number]['object']
    expectTypeOf<{}>().toMatchTypeOf<Pick<O, 'primaryGroup'>>()
  })

  test("an image's thumbnail component is its thumbnail rendition, a default field: nothing is added", () => {
    const q = hql.lookup('mhmov-gladiator').with(primaryImage(thumbnail))
    type I = ResultOf<typeof q>['content'][number]['object']['primaryImage']['object']
    // The Rendition, as results show it: a plain object type (a hover lists its fields).
    expectTypeOf<I['thumbnail']>().toEqualTypeOf<{ readonly [K in keyof Rendition]: Rendition[K] }>()
  })
})
