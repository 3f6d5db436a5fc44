// The types of the SDK's media kinds (OtherMedia), beside the runtime cases of test/model/media-kinds.test.ts:
// what the doors accept and refuse there, the types accept and refuse here.
import { describe, expectTypeOf, test } from 'vitest'
import { contributions, contributorsOf, hql, isType, items, primaryImage, returnType, traits } from 'hql'
import type { ResultOf } from 'hql'
import type { IdOf } from '../../src/schemas'
import type { OtherMediaId, TypeOfId } from '../../src/schemas'
import type { TypedObject } from '../../src/types'

describe('OtherMedia in the types', () => {
  test('its ids are typed by its prefixes; the alias stays the user', () => {
    expectTypeOf<TypeOfId<'mhsng-yesterday'>>().toEqualTypeOf<'OtherMedia'>()
    expectTypeOf<TypeOfId<'mhals-abbey-road-series'>>().toEqualTypeOf<'OtherMedia'>()
    expectTypeOf<TypeOfId<'mhals-current-user'>>().toEqualTypeOf<'User'>()
    expectTypeOf<TypeOfId<'mhtrt-calm'>>().toEqualTypeOf<'Trait'>()
    expectTypeOf<'mhgam-tetris'>().toMatchTypeOf<OtherMediaId>()
    expectTypeOf<'mhmov-gladiator'>().not.toMatchTypeOf<OtherMediaId>()
  })

  test('a lookup of one returns it with the media default fields and the media components', () => {
    const q = hql.lookup('mhbok-dune').with(primaryImage)
    type O = ResultOf<typeof q>['content'][number]['object']
    expectTypeOf<O['mhid']>().toEqualTypeOf<IdOf<'OtherMedia'>>()
    expectTypeOf<O['releaseDate']>().toEqualTypeOf<number>()
    expectTypeOf<O['primaryImage']['object']['mhid']>().toEqualTypeOf<IdOf<'Image'>>()
    // @ts-expect-error items applies to collections, not to media
    hql.lookup('mhbok-dune').with(items)
  })

  test("a contributor's contributions and a collection's items may hold one, and isType narrows to it", () => {
    const q = hql.lookup('mhrgc-the-beatles').with(contributions)
    for (const { object } of [] as ResultOf<
      typeof q
    >['content'][number]['object']['contributions']['content'])
      if (isType(object, 'OtherMedia')) {
        expectTypeOf(object).toEqualTypeOf<TypedObject<'OtherMedia'>>()
        expectTypeOf(object.mhid).toEqualTypeOf<IdOf<'OtherMedia'>>()
      }
    const c = hql.lookup('mhcol-favourites').with(items)
    type Item = ResultOf<typeof c>['content'][number]['object']['items']['content'][number]['object']
    expectTypeOf<Extract<Item, { mhid: OtherMediaId }>>().toEqualTypeOf<TypedObject<'OtherMedia'>>()
  })

  test('an explore without returnType may hold one: an exhaustive switch must handle it', () => {
    const q = hql.explore()
    type O = ResultOf<typeof q>['content'][number]['object']
    expectTypeOf<Extract<O, { mhid: OtherMediaId }>>().toEqualTypeOf<TypedObject<'OtherMedia'>>()
    const q2 = hql.explore().filter(returnType.ne('Movie'))
    type O2 = ResultOf<typeof q2>['content'][number]['object']
    expectTypeOf<Extract<O2, { mhid: OtherMediaId }>>().toEqualTypeOf<TypedObject<'OtherMedia'>>()
  })

  test('returnType cannot name it', () => {
    // @ts-expect-error OtherMedia is our name for the kinds without a type name: the service takes no such returnType
    returnType.eq('OtherMedia')
    // @ts-expect-error likewise in a list
    returnType.in('Movie', 'OtherMedia')
  })

  test('contributorsOf takes its ids but not the current-user alias; traits take mhtrt and mhtrg', () => {
    contributorsOf.eq('mhsng-yesterday')
    contributorsOf.in('mhmov-gladiator', 'mhals-abbey-road-series')
    // @ts-expect-error the alias names the user, not an Album Series
    contributorsOf.eq('mhals-current-user')
    // @ts-expect-error likewise in a list
    contributorsOf.in('mhmov-gladiator', 'mhals-current-user')
    // A factor may be the user.
    hql.relate('mhals-current-user')
    traits.eq('mhtrt-calm')
    traits.eq('mhtrg-moods')
  })
})
