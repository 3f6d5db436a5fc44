import { describe, expectTypeOf, test } from 'vitest'
import {
  allSubscriptions,
  component,
  contributions,
  contributors,
  hql,
  keyContributors,
  keyTraits,
  primaryImage,
  returnType,
  silo,
  traits,
} from 'hql'
import type { ObjectTypeName } from 'hql'
import type { ComponentsOf, MediaTypeName } from '../../src/schemas'
import type {
  ComponentName,
  ComponentObjectTypes,
  ComponentsByType,
  ConditionalComponent,
  componentCatalogue,
} from '../../src/model/components'
import type {
  maxComponentDepth,
  ContributorContext,
  ContributionContext,
  IdOf,
  ObjectTypes,
  SourceContext,
  PrefixesOf,
  TypeByPrefix,
  TypeOfId,
  typePrefixes,
} from '../../src/model/core'
import type { PlainContexts, TypedObjects } from '../../src/builder/objects'
import type {
  AnyId,
  BlueprintType,
  NextRequest,
  PagingInfo,
  SortOrder,
  SortProperty,
} from '../../src/schemas'
import type { Infer } from '../../src/schemas'
import type { blueprintTypes, sortOrders, sortProperties } from '../../src/model/vocabulary'
import type { NextRequestSchema, PagingInfoSchema } from '../../src/model/response/envelopes'
import type { BlueprintsByType } from '../../src/model/request/blueprints'

// The type half of each mistake in types-agree.test.ts: what throws at run time on a value the types can see
// is a type error too.

describe('a mistake that throws is a type error', () => {
  test('narrowing returnType after .with() so that a component applies to none of the new types', () => {
    // @ts-expect-error allSubscriptions applies to Source, not Movie
    hql.explore().with(allSubscriptions).filter(returnType.eq('Movie'))
    // A narrowing that keeps a type the component applies to is fine.
    hql.explore().with(allSubscriptions).filter(returnType.in('Movie', 'Source'))
  })

  test('nesting deeper than maxComponentDepth', () => {
    const fiveLevels = keyContributors(contributions(keyContributors(contributions(primaryImage))))
    hql.lookup('mhmov-gladiator').with(fiveLevels)
    // @ts-expect-error six levels: refused where the sixth is nested
    keyContributors(contributions(keyContributors(contributions(keyContributors(primaryImage)))))
    // The nesting calls' written-out cap (NestedWithinCap, src/builder/argument-checks.ts) is for this depth.
    expectTypeOf<typeof maxComponentDepth>().toEqualTypeOf<5>()
  })

  test('literal ids the model refuses', () => {
    // @ts-expect-error not an mhid (too short) nor an altId
    hql.lookup('mhmovABC')
    // @ts-expect-error a prefix alone
    hql.lookup('mhmov')
    // @ts-expect-error an empty slug
    hql.lookup('mhmov-')
    // @ts-expect-error no prefix, no mapped source id
    hql.lookup('mhmov-gladiator', 'gladiator')
    // @ts-expect-error in silos' ids too
    hql.silos(silo.explore()).ids('mhmov')
    // @ts-expect-error in a Content blueprint
    silo.content({ ids: ['mhmov-'] })
    // @ts-expect-error in a Collection blueprint
    silo.collection({ id: 'mhcol' })
    // @ts-expect-error in a filter
    contributors.eq('mhric')
    // @ts-expect-error in a filter's list
    traits.in('mhgnr-drama', 'mhgnr-')
    // @ts-expect-error in a relate factor
    hql.relate('mhmov')
    // @ts-expect-error whitespace in an altId's slug
    hql.lookup('mhmov-a b')
    // @ts-expect-error no-break space, as \s reads it
    hql.lookup('mhmov-a\u00a0b')
    // @ts-expect-error an unknown prefix
    hql.lookup('mhxyz-a')
    // @ts-expect-error a dash where an mhid's 39 characters go
    hql.lookup('mhmovAbcdefghij0123456789ABCDEFGHIJabcdef-h')
    // @ts-expect-error whitespace in a mapped source id
    hql.lookup('iTunes:Movie:5 6')
  })

  test('the id forms the model accepts type-check', () => {
    hql.lookup(
      'mhmov-gladiator',
      'mhmovAbcdefghij0123456789ABCDEFGHIJabcdefghi',
      'mhals-current-user',
      'iTunes:Movie:569220589',
      'IMDB::tt0238380',
      'mhfic-sherlock-holmes',
    )
    contributors.eq('mhrgc-the-beatles')
    silo.collection({ id: 'mhcol-favourites' })
    // An id known only at run time is checked at run time.
    const id: string = 'mhmov'
    hql.lookup(id)
  })

  test('the written-out prefix table is typePrefixes turned around, and each id form names its type', () => {
    type Computed = { [Type in ObjectTypeName as (typeof typePrefixes)[Type][number]]: Type }
    expectTypeOf<TypeByPrefix>().toEqualTypeOf<Computed>()
    type Prefixes = { [Type in ObjectTypeName]: (typeof typePrefixes)[Type][number] }
    expectTypeOf<{ [Type in ObjectTypeName]: PrefixesOf[Type] }>().toEqualTypeOf<Prefixes>()
    expectTypeOf<TypeOfId<'mhfic-sherlock-holmes'>>().toEqualTypeOf<'Contributor'>()
    expectTypeOf<TypeOfId<'mhmovAbcdefghij0123456789ABCDEFGHIJabcdefghi'>>().toEqualTypeOf<'Movie'>()
    expectTypeOf<TypeOfId<`mhgnr${string}`>>().toEqualTypeOf<'Trait'>()
    expectTypeOf<TypeOfId<'mhals-current-user'>>().toEqualTypeOf<'User'>()
    expectTypeOf<TypeOfId<'iTunes:Movie:569220589'>>().toEqualTypeOf<'Movie'>()
    expectTypeOf<TypeOfId<'IMDB::tt-1'>>().toEqualTypeOf<never>()
  })

  // .with() and the nesting calls take what they accept by one assignment to a union, and walk the arguments only
  // when that fails (src/builder/argument-checks.ts): what the walk accepts must still type-check.
  test('what .with() and the nesting calls accept', () => {
    const named = component('primaryImage' as string)
    hql.explore().with(named)
    hql.explore().with(primaryImage).with(keyTraits, 'images')
    hql.lookup('mhmov-gladiator').with(keyContributors(contributions.pageSize(2)(keyTraits), 'primaryName'))
    hql.lookup('mhmov-gladiator').with(keyContributors(named, 'primaryName'))
    // @ts-expect-error a name given twice across calls, by name
    hql.explore().with(primaryImage).with('primaryImage')
  })

  test('returnType of a type that cannot be retrieved on its own', () => {
    // @ts-expect-error subscriptions are reached through their source
    returnType.eq('Subscription')
    // @ts-expect-error images are reached through what owns them
    returnType.in('Movie', 'Image')
  })

  test('a component an earlier .with() added', () => {
    // @ts-expect-error primaryImage is there already
    hql.explore().with(primaryImage).with(primaryImage)
  })

  test('a component on a type it does not apply to, inside a nested list', () => {
    // @ts-expect-error allSubscriptions applies to Source, not Contributor
    hql.lookup('mhmov-gladiator').with(keyContributors(allSubscriptions))
  })

  test('positions with probability', () => {
    // @ts-expect-error choose positions or probability
    silo.explore({ positions: [0], probability: 0.5 })
  })
})

test('the media types take the same components (the result types compute their fields once, for Movie)', () => {
  expectTypeOf<ComponentsOf<MediaTypeName>>().toEqualTypeOf<ComponentsOf<'Movie'>>()
  type Each = { [T in MediaTypeName]: [ComponentsOf<T>] extends [ComponentsOf<'Movie'>] ? true : false }
  expectTypeOf<Each[MediaTypeName]>().toEqualTypeOf<true>()
})

test("the written-out names the editor completes after .with(' are the catalogue's, for every type", () => {
  type Agrees = {
    [T in ObjectTypeName]: [ComponentsByType[T], ComponentsOf<T>] extends [
      ComponentsOf<T>,
      ComponentsByType[T],
    ]
      ? true
      : T
  }
  expectTypeOf<Agrees[ObjectTypeName]>().toEqualTypeOf<true>()
})

// The builder's written-out tables (src/builder/objects.ts, src/model/components.ts) against what they stand for:
// the response checkers' inferred types and the component catalogue.
type Plain<X> = X extends readonly (infer E)[]
  ? readonly Plain<E>[]
  : X extends object
    ? { [K in keyof X]: Plain<X[K]> }
    : X
type Same<A, B> = [A, B] extends [B, A] ? true : false

test("the written-out default fields are the checkers' types, with mhid typed by prefix", () => {
  type Agrees = {
    [T in ObjectTypeName]: Same<
      Plain<TypedObjects[T]>,
      Plain<[IdOf<T>] extends [never] ? ObjectTypes[T] : Omit<ObjectTypes[T], 'mhid'> & { mhid: IdOf<T> }>
    > extends true
      ? true
      : T
  }
  expectTypeOf<Agrees[ObjectTypeName]>().toEqualTypeOf<true>()
  // Readonly and optional as the checkers have them.
  expectTypeOf<TypedObjects['Movie']>().toEqualTypeOf<{
    readonly mhid: `mhmov${string}`
    readonly name: string
    readonly altId: string
    readonly releaseDate: number
    readonly description?: string
  }>()
})

test("the written-out contexts are the checkers' types", () => {
  expectTypeOf<
    Same<Plain<PlainContexts['ContributorContext']>, Plain<ContributorContext>>
  >().toEqualTypeOf<true>()
  expectTypeOf<
    Same<Plain<PlainContexts['ContributionContext']>, Plain<ContributionContext>>
  >().toEqualTypeOf<true>()
  expectTypeOf<Same<Plain<PlainContexts['SourceContext']>, Plain<SourceContext>>>().toEqualTypeOf<true>()
})

test("the written-out object types of each component and the conditional ones are the catalogue's", () => {
  type Catalogue = typeof componentCatalogue
  type Agrees = {
    [N in ComponentName]: Same<
      ComponentObjectTypes[N],
      Catalogue[N] extends { of: readonly (infer T)[] } ? T : never
    > extends true
      ? true
      : N
  }
  expectTypeOf<Agrees[ComponentName]>().toEqualTypeOf<true>()
  type Conditional = {
    [N in ComponentName]: Catalogue[N] extends { needsUser: true } | { mayBeAbsent: true } ? N : never
  }[ComponentName]
  expectTypeOf<ConditionalComponent>().toEqualTypeOf<Conditional>()
})

// Written-out types (issue 27: a type read from a list, or inferred from a checker, cost a program's first use of
// it more type instantiations), each held here to what it is written out from.
test('the written-out vocabulary, ids and envelopes agree with what they are written out from', () => {
  expectTypeOf<SortOrder>().toEqualTypeOf<(typeof sortOrders)[number]>()
  expectTypeOf<SortProperty>().toEqualTypeOf<(typeof sortProperties)[number]>()
  expectTypeOf<BlueprintType>().toEqualTypeOf<(typeof blueprintTypes)[number]>()
  expectTypeOf<AnyId>().toEqualTypeOf<
    IdOf<Exclude<ObjectTypeName, 'Subscription'>> | 'mhals-current-user' | `${string}:${string}:${string}`
  >()
  expectTypeOf<NextRequest>().toEqualTypeOf<{
    readonly endpoint: string
    readonly method: string
    readonly body: { readonly [key: string]: unknown }
  }>()
  expectTypeOf<Infer<typeof NextRequestSchema>['body']>().toEqualTypeOf<Readonly<Record<string, unknown>>>()
  expectTypeOf<keyof Infer<typeof PagingInfoSchema>>().toEqualTypeOf<keyof PagingInfo>()
  expectTypeOf<BlueprintsByType[BlueprintType]['type']>().toEqualTypeOf<BlueprintType>()
})
