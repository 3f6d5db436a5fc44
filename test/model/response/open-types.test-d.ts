// Issue 28: the types promise what the documents promise, no more. Values "seen" are the known ones or any other
// string; the Name object's fields are unknown; a trait's altId may be absent; every list is a page;
// primaryGroup holds a Collection or a graph group.
import { expectTypeOf, test } from 'vitest'
import {
  allSubscriptions,
  contributions,
  hql,
  keyContributors,
  keyTraits,
  primaryGroup,
  primaryImage,
  primaryName,
  returnType,
  sources,
} from 'hql'
import type { ResultOf } from 'hql'
import { unknownFields } from 'hql'
import type { ContributionType, MediumType, MethodType, Name, Open } from 'hql/schemas'
import type { UnknownFields } from 'hql/types'

const movies = hql
  .explore()
  .filter(returnType.eq('Movie'))
  .with(primaryName, primaryGroup, keyContributors, keyTraits, sources)
type Movie = ResultOf<typeof movies>['content'][number]['object']
const withImage = hql.explore().filter(returnType.eq('Movie')).with(primaryImage)

test('values seen: the known ones, or any other string', () => {
  expectTypeOf<MediumType>().toEqualTypeOf<
    'stream' | 'download' | 'deliver' | 'pickup' | 'attend' | (string & {})
  >()
  expectTypeOf<MethodType>().toEqualTypeOf<
    Open<'purchase' | 'rental' | 'rent' | 'subscription' | 'adSupported' | 'broker'>
  >()
  expectTypeOf<ContributionType>().toEqualTypeOf<'Director' | 'Producer' | 'Cast' | (string & {})>()
  // A new value compiles where the type is read.
  const theater: Movie['sources']['content'][number]['context']['mediums'] = [
    { type: 'theater', methods: [{ type: 'free', formats: [] }] },
  ]
  expectTypeOf(theater).not.toBeAny()
})

test("the Name object's fields are not invented", () => {
  expectTypeOf<Movie['primaryName']>().toEqualTypeOf<Name>()
  expectTypeOf<Name['text']>().toEqualTypeOf<unknown>()
  const name: Name = { name: 'G', locale: 'en-US' }
  expectTypeOf(name['name']).toEqualTypeOf<unknown>()
})

test("a trait's altId may be absent; a title's context in contributions may lack relationships", () => {
  expectTypeOf<Movie['keyTraits']['content'][number]['object']['altId']>().toEqualTypeOf<string | undefined>()
  const q = hql.lookup('mhric-ridley-scott').with(contributions)
  type Context = ResultOf<
    typeof q
  >['content'][number]['object']['contributions']['content'][number]['context']
  expectTypeOf<{}>().toMatchTypeOf<Context>()
})

test('primaryGroup holds a Collection or a graph group', () => {
  type Group = NonNullable<Movie['primaryGroup']>['object']['mhid']
  expectTypeOf<Group>().toEqualTypeOf<`mhcol${string}` | `mhggp${string}`>()
})

test('every list is a page, allSubscriptions included', () => {
  const q = hql.lookup('mhsrc-itunes').with(allSubscriptions)
  type Subscriptions = ResultOf<typeof q>['content'][number]['object']['allSubscriptions']
  expectTypeOf<Subscriptions['pagingInfo']['next']>().not.toBeAny()
  expectTypeOf<Subscriptions['content'][number]['object']['metadata']['price']>().toEqualTypeOf<number>()
  expectTypeOf<Movie['keyContributors']['pagingInfo']['next']>().not.toBeAny()
})

test('fields nobody documented: reachable as unknown through unknownFields, while ResultOf stays exact', () => {
  const movie = {} as Movie
  expectTypeOf(unknownFields(movie)).toEqualTypeOf<UnknownFields>()
  expectTypeOf(unknownFields(movie)['rating']).toEqualTypeOf<unknown>()
  // Contexts and images (an interface, which no index signature type takes without a cast) alike.
  const image = {} as NonNullable<ResultOf<typeof withImage>['content'][number]['object']['primaryImage']>
  expectTypeOf(unknownFields(image.object)['focalPoint']).toEqualTypeOf<unknown>()
  expectTypeOf(unknownFields(movie.sources.content[0]!.context)['region']).toEqualTypeOf<unknown>()
  // The result type names only what is promised: a misspelt field and an unrequested component are errors.
  // @ts-expect-error misspelt
  void movie.nmae
  // @ts-expect-error not requested
  void movie.socialMetrics
  expectTypeOf<string>().not.toMatchTypeOf<keyof Movie>()
  // @ts-expect-error not an object
  unknownFields('mhmov-gladiator')
})
