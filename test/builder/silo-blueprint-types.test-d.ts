// A silos blueprint's own filters override the query's, filter by filter (SERVICE-SPEC.md), so a blueprint with a
// returnType of its own decides what its silo holds: the result type gives the union, over the blueprints, of each
// one's own types, or the query's where it sets none, as the strict check accepts (src/model/response/query-check/
// promise.ts; test/model/response/promises-kept.test.ts checks the same queries at run time).
import { describe, expectTypeOf, test } from 'vitest'
import { hql, primaryImage, returnType, silo, traits } from 'hql'
import type { BlueprintSpec, FilterSpec, ResultOf, SilosQuery } from 'hql'
import type { BrowsableType } from '../../src/builder'
import type { TypedObject } from '../../src/types'

/** The objects of a silos query's items. */
type ObjectsOf<Q> =
  ResultOf<Q> extends { silos: readonly { content: readonly (infer I)[] }[] }
    ? I extends { object: infer O }
      ? O
      : never
    : never

describe("a silo blueprint's own returnType in the result type", () => {
  test("decides its silo's items, whatever the query's filter says", () => {
    const series = silo.explore({ name: 'Series', filters: [returnType.eq('ShowSeries')] })
    // Its silo holds series only: the blueprint's returnType replaces the query's.
    const alone = hql.silos(series).filter(returnType.eq('Movie'))
    expectTypeOf<ObjectsOf<typeof alone>>().toEqualTypeOf<TypedObject<'ShowSeries'>>()
    // With a blueprint of none, that blueprint's silo holds the query's types: series or movies.
    const both = hql.silos(series, silo.explore()).filter(returnType.eq('Movie'))
    expectTypeOf<ObjectsOf<typeof both>>().toEqualTypeOf<TypedObject<'ShowSeries'> | TypedObject<'Movie'>>()
  })

  test("a blueprint without a returnType keeps the query's types (other filters of its own or none)", () => {
    const q = hql
      .silos(
        silo.graphLens({ filters: [traits.eq('mhgnr-drama')] }),
        silo.basedOnItem(),
        silo.explore({ filters: [] }),
      )
      .filter(returnType.eq('Movie'))
    expectTypeOf<ObjectsOf<typeof q>>().toEqualTypeOf<TypedObject<'Movie'>>()
    // Before `.filter()`, the query's types are every browsable type.
    const open = hql.silos(silo.graphLens({ filters: [traits.eq('mhgnr-drama')] }))
    expectTypeOf<ObjectsOf<typeof open>>().toEqualTypeOf<TypedObject<BrowsableType>>()
  })

  test('returnType.in and returnType.or in a blueprint give their types', () => {
    const listed = hql
      .silos(silo.explore({ filters: [returnType.in('Movie', 'ShowSeries')] }))
      .filter(returnType.eq('Contributor'))
    expectTypeOf<ObjectsOf<typeof listed>>().toEqualTypeOf<TypedObject<'Movie'> | TypedObject<'ShowSeries'>>()
    const either = hql.silos(
      silo.recommendedForYou({ filters: [returnType.or(returnType.eq('Movie'), returnType.eq('Trailer'))] }),
    )
    expectTypeOf<ObjectsOf<typeof either>>().toEqualTypeOf<TypedObject<'Movie'> | TypedObject<'Trailer'>>()
  })

  test("a blueprint's $ne replaces the query's returnType, as the check merges them: all but that type", () => {
    const notMovies = hql
      .silos(silo.explore({ filters: [returnType.ne('Movie')] }))
      .filter(returnType.eq('Movie'))
    expectTypeOf<ObjectsOf<typeof notMovies>>().toEqualTypeOf<TypedObject<Exclude<BrowsableType, 'Movie'>>>()
    // With a blueprint of none, which holds the query's movies: any browsable type.
    const withPlain = hql
      .silos(silo.explore({ filters: [returnType.ne('Movie')] }), silo.explore())
      .filter(returnType.eq('Movie'))
    expectTypeOf<ObjectsOf<typeof withPlain>>().toEqualTypeOf<TypedObject<BrowsableType>>()
  })

  test("components apply to each silo's types where they apply, and are checked against the query's", () => {
    const q = hql
      .silos(silo.explore({ filters: [returnType.eq('ShowSeries')] }), silo.basedOnItem())
      .filter(returnType.eq('Movie'))
      .with(primaryImage)
    type O = ObjectsOf<typeof q>
    expectTypeOf<Extract<O, { mhid: `mhsss${string}` }>['primaryImage']['object']>().toEqualTypeOf<
      TypedObject<'Image'>
    >()
    expectTypeOf<Extract<O, { mhid: `mhmov${string}` }>['primaryImage']['object']>().toEqualTypeOf<
      TypedObject<'Image'>
    >()
  })

  test("the methods after silos() keep the blueprints' types", () => {
    const q = hql
      .silos(silo.content({ ids: ['mhmov-gladiator'], filters: [returnType.eq('Movie')] }))
      .ids('mhmov-troy')
      .pageSize(5)
      .siloPageSize(10)
    expectTypeOf<ObjectsOf<typeof q>>().toEqualTypeOf<TypedObject<'Movie'>>()
    const collected = hql.silos(silo.collection({ id: 'mhcol-best', filters: [returnType.eq('Trailer')] }))
    expectTypeOf<ObjectsOf<typeof collected>>().toEqualTypeOf<TypedObject<'Trailer'>>()
  })

  test("a blueprint typed only as BlueprintSpec, whose filters the types cannot see, keeps the query's types", () => {
    const spec: BlueprintSpec = silo.explore({ filters: [returnType.eq('ShowSeries')] })
    const q = hql.silos(spec).filter(returnType.eq('Movie'))
    expectTypeOf<ObjectsOf<typeof q>>().toEqualTypeOf<TypedObject<'Movie'>>()
    // So is one given filters typed as FilterSpec[], as `.filter(...filters)` is not narrowed by them.
    const filters: FilterSpec[] = [returnType.eq('ShowSeries')]
    const listed = hql.silos(silo.explore({ filters })).filter(returnType.eq('Movie'))
    expectTypeOf<ObjectsOf<typeof listed>>().toEqualTypeOf<TypedObject<'Movie'>>()
  })

  test('a query of blueprints with filters of their own is still a SilosQuery, as written without arguments', () => {
    const general: SilosQuery = hql.silos(silo.explore({ filters: [returnType.eq('ShowSeries')] }))
    expectTypeOf(general.endpoint).toEqualTypeOf<'silos'>()
    // SilosQuery's own arguments give the query's types, as a query with no blueprint filters does.
    expectTypeOf<ObjectsOf<SilosQuery<'Movie'>>>().toEqualTypeOf<TypedObject<'Movie'>>()
  })
})

describe("silos' ids, checked one by one", () => {
  test('a malformed id among well-formed ones is refused; ids known at run time pass', () => {
    const q = hql.silos(silo.explore())
    q.ids('mhmov-gladiator', 'mhric-russell-crowe', 'iTunes:Movie:569220589')
    // @ts-expect-error a prefix alone, after a well-formed id
    q.ids('mhmov-gladiator', 'mhmov')
    // @ts-expect-error an unknown prefix
    q.ids('mhxyz-a')
    const known = ['mhmov-gladiator'] as string[]
    q.ids(...known)
    q.ids()
  })
})
