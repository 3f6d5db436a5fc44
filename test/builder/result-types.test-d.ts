import { describe, expectTypeOf, test } from 'vitest'
import {
  hql,
  returnType,
  contributors,
  releaseDate,
  primaryImage,
  keyContributors,
  keyTraits,
  allSubscriptions,
  sources,
  socialMetrics,
  userSocial,
  items,
  silo,
  traits,
  metadata,
} from 'hql'
import type { ReturnTypeName, ResultOf } from 'hql'
import type { IdOf } from '../../src/schemas'
import type {
  Movie,
  ShowSeries,
  PagingInfo,
  SocialMetrics,
  ContributorContext,
  SourceContext,
  MediaTypeName,
} from '../../src/schemas'
import type { TypedObject } from '../../src/types'

const quickstart = hql
  .explore()
  .filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt'))
  .sort(releaseDate.desc())
  .with(primaryImage, keyContributors(primaryImage))
  .pageSize(10)
type R = ResultOf<typeof quickstart>
type Item = R['content'][number]['object']

describe('explore result types', () => {
  test('two levels of nested components reach the image url as a string', () => {
    expectTypeOf<
      R['content'][number]['object']['keyContributors']['content'][number]['object']['primaryImage']['object']['medium']['url']
    >().toEqualTypeOf<string>()
  })

  test('returnType.eq narrows to the default fields of that type', () => {
    expectTypeOf<Item['releaseDate']>().toEqualTypeOf<number>()
    expectTypeOf<Item['primaryImage']['object']>().toEqualTypeOf<TypedObject<'Image'>>()
    expectTypeOf<Item>().toMatchTypeOf<Movie>()
  })

  test('a component context carries the relationships', () => {
    // The context as plain fields (so that hovers show them): the model's ContributorContext, both ways.
    type Context = Item['keyContributors']['content'][number]['context']
    expectTypeOf<Context>().toMatchTypeOf<ContributorContext>()
    expectTypeOf<ContributorContext>().toMatchTypeOf<Context>()
    // Values seen (Director, Producer, Cast), or any other: a new one compiles.
    expectTypeOf<Context['relationships'][number]['contribution']>().toEqualTypeOf<
      'Director' | 'Producer' | 'Cast' | (string & {})
    >()
    expectTypeOf<R['pagingInfo']>().toEqualTypeOf<PagingInfo>()
  })

  test('returnType $in gives a union of object types', () => {
    const q = hql.explore().filter(returnType.in('Movie', 'Source')).with(primaryImage, allSubscriptions)
    type O = ResultOf<typeof q>['content'][number]['object']
    // Movies get primaryImage but not allSubscriptions; sources get both.
    expectTypeOf<
      'allSubscriptions' extends keyof Extract<O, { releaseDate: number }> ? true : false
    >().toEqualTypeOf<false>()
    expectTypeOf<Extract<O, { releaseDate: number }>['primaryImage']['object']>().toEqualTypeOf<
      TypedObject<'Image'>
    >()
    expectTypeOf<
      Extract<O, { webUrl: string }>['allSubscriptions']['content'][number]['object']['metadata']['price']
    >().toEqualTypeOf<number>()
  })

  test('without returnType, the result is a union and components land where they apply', () => {
    const q = hql.explore().with(socialMetrics)
    type O = ResultOf<typeof q>['content'][number]['object']
    expectTypeOf<Extract<O, { webUrl: string }>['socialMetrics']>().toEqualTypeOf<SocialMetrics>()
  })

  test('sources as a component carries the source context', () => {
    const q = hql.explore().filter(returnType.eq('ShowSeries')).with(sources(primaryImage))
    type O = ResultOf<typeof q>['content'][number]['object']
    expectTypeOf<O['sources']['content'][number]['context']>().toMatchTypeOf<SourceContext>()
    expectTypeOf<SourceContext>().toMatchTypeOf<O['sources']['content'][number]['context']>()
    expectTypeOf<
      O['sources']['content'][number]['object']['primaryImage']['object']['isDefault']
    >().toEqualTypeOf<boolean>()
    expectTypeOf<O>().toMatchTypeOf<ShowSeries>()
  })
})

describe('lookup, relate and silos result types', () => {
  test('lookup infers object types from the ids and nests components', () => {
    const q = hql.lookup('mhmov-gladiator').with(keyContributors(primaryImage), keyTraits)
    type O = ResultOf<typeof q>['content'][number]['object']
    expectTypeOf<O['keyTraits']['content'][number]['object']['name']>().toEqualTypeOf<string>()
    expectTypeOf<O['releaseDate']>().toEqualTypeOf<number>()
  })

  test('a mapped source id may come back as an empty object', () => {
    const q = hql.lookup('iTunes:Movie:569220589').with(primaryImage)
    type I = ResultOf<typeof q>['content'][number]
    // Results are one object type each (flattened, so that hovers list fields).
    type Flat<X> = { [K in keyof X]: X[K] }
    expectTypeOf<I['object']>().toEqualTypeOf<
      | Flat<
          TypedObject<'Movie'> & {
            readonly primaryImage: {
              readonly object: TypedObject<'Image'>
              readonly context: { readonly [key: string]: never }
            }
          }
        >
      | undefined
    >()
  })

  test('relate and silos without a returnType: any browsable type, as the check accepts (issue 28)', () => {
    const related = hql.relate('mhmov-gladiator')
    const carousels = hql.silos(silo.explore({ name: 'Popular' }))
    type Related = ResultOf<typeof related>['content'][number]['object']['mhid']
    type Carousel = ResultOf<typeof carousels>['silos'][number]['content'][number]['object']
    expectTypeOf<`mhric${string}`>().toMatchTypeOf<Related>()
    expectTypeOf<`mhusr${string}`>().toMatchTypeOf<Related>()
    expectTypeOf<TypedObject<'Contributor'>>().toMatchTypeOf<Carousel>()
    expectTypeOf<Related>().toEqualTypeOf<
      ResultOf<ReturnType<typeof hql.explore>>['content'][number]['object']['mhid']
    >()
  })

  test('relate narrowed by returnType', () => {
    const q = hql
      .relate('mhmov-gladiator', { id: 'mhric-russell-crowe', weight: 0.5 })
      .filter(returnType.eq('Movie'))
    expectTypeOf<ResultOf<typeof q>['content'][number]['object']['releaseDate']>().toEqualTypeOf<number>()
  })

  test('silos give silos[] with title, content and pagingInfo', () => {
    const q = hql.silos(silo.explore({ name: 'Popular', positions: [0] })).with(primaryImage)
    type S = ResultOf<typeof q>['silos'][number]
    expectTypeOf<S['title']>().toEqualTypeOf<string>()
    // Without a returnType, any browsable type: primaryImage is on the types that take it.
    type WithImage = Extract<S['content'][number]['object'], { primaryImage: unknown }>
    expectTypeOf<WithImage['primaryImage']['object']>().toEqualTypeOf<TypedObject<'Image'>>()
    expectTypeOf<S['pagingInfo']>().toEqualTypeOf<PagingInfo>()
  })

  test('collections items nest, with userSocial as a plain value', () => {
    const q = hql.explore().filter(returnType.eq('Collection')).with(items(primaryImage), userSocial)
    type O = ResultOf<typeof q>['content'][number]['object']
    expectTypeOf<NonNullable<O['userSocial']>['userLikes']>().toEqualTypeOf<boolean>()
  })
})

describe('type errors where the types can see the mistake', () => {
  test('a component on a type that lacks it', () => {
    // @ts-expect-error allSubscriptions applies to Source, not Movie
    hql.explore().filter(returnType.eq('Movie')).with(allSubscriptions)
    // @ts-expect-error nested: metadata applies to Subscription, not Contributor
    hql.lookup('mhmov-gladiator').with(keyContributors(metadata))
    // @ts-expect-error lookup by a movie id
    hql.lookup('mhmov-gladiator').with(allSubscriptions)
  })

  test('an id literal with the wrong prefix for its filter or factor', () => {
    // @ts-expect-error a movie id in the contributors filter
    contributors.eq('mhmov-gladiator')
    // @ts-expect-error a source id among traits
    traits.in('mhgnr-drama', 'mhsrc-itunes')
    // @ts-expect-error a source cannot be a relate factor
    hql.relate('mhsrc-itunes')
    // @ts-expect-error nor in object form
    hql.relate({ id: 'mhsrc-itunes', weight: 2 })
  })

  test('positions with probability', () => {
    // @ts-expect-error choose positions or probability
    silo.explore({ positions: [0], probability: 0.5 })
  })

  test('returnType.ne narrows a literal and leaves a type known only at run time unnarrowed', () => {
    const notMovies = hql.explore().filter(returnType.ne('Movie'))
    type N = ResultOf<typeof notMovies>['content'][number]['object']
    // Of the media types, all but Movie remain: their ids tell them apart.
    expectTypeOf<Extract<N, { releaseDate: number }>['mhid']>().toEqualTypeOf<
      IdOf<Exclude<MediaTypeName, 'Movie'>>
    >()
    const dynamicType = 'Movie' as ReturnTypeName
    const q = hql.explore().filter(returnType.ne(dynamicType)).with(primaryImage)
    type O = ResultOf<typeof q>['content'][number]['object']
    expectTypeOf<Extract<O, { webUrl: string }>['primaryImage']['object']>().toEqualTypeOf<
      TypedObject<'Image'>
    >()
  })

  test('a dynamic id is accepted by the types and checked at run time', () => {
    const id: string = 'mhric-brad-pitt'
    expectTypeOf(contributors.eq(id).filter).toEqualTypeOf<'contributors'>()
  })
})
