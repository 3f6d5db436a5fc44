import { describe, expect, test } from 'vitest'
import {
  hql,
  compile,
  returnType,
  traits,
  silo,
  component,
  primaryImage,
  keyContributors,
  keyTraits,
  sources,
  allSubscriptions,
  metadata,
  fromJSON,
} from 'hql'
import { caught } from '../support/caught'

describe('hql.relate()', () => {
  test('takes ids and { id, weight?, boostOnly? } factors, and filters and components', () => {
    const q = hql
      .relate(
        'mhmov-gladiator',
        { id: 'mhric-russell-crowe', weight: 0.5 },
        { id: 'mhals-current-user', boostOnly: true },
      )
      .filter(returnType.eq('Movie'))
      .with(primaryImage)
      .pageSize(5)
    expect(compile(q)).toEqual({
      endpoint: '/graph/relate',
      method: 'POST',
      body: {
        factors: [
          { id: 'mhmov-gladiator' },
          { id: 'mhric-russell-crowe', weight: 0.5 },
          { id: 'mhals-current-user', boostOnly: true },
        ],
        filters: { returnType: { $eq: 'Movie' } },
        components: [{ name: 'primaryImage' }],
        pageSize: 5,
      },
    })
  })

  test('refuses a factor that is not a user, title or contributor, and bad weights', () => {
    const source: string = 'mhsrc-itunes'
    expect(caught(() => hql.relate(source)).path).toEqual(['factors', 0, 'id'])
    expect(caught(() => hql.relate('mhmov-a', { id: 'mhmov-b', weight: -1 })).path).toEqual([
      'factors',
      1,
      'weight',
    ])
    expect(caught(() => hql.relate({ id: 'mhmov-b', boostOnly: 'true' as never })).code).toBe(
      'invalid_factor',
    )
  })

  test('has no sort: the method is absent from its type and refused at run time', () => {
    const q = hql.relate('mhmov-a') as unknown as { sort(): unknown }
    expect(caught(() => q.sort()).code).toBe('unknown_key')
  })
})

describe('hql.lookup()', () => {
  test('takes mhids, altIds and mapped source ids', () => {
    const mhid = 'mhmovPeR81SeVnIPqEFsr36NYUqfqHuXzO9lDuQkq72G'
    const q = hql
      .lookup(mhid, 'mhric-russell-crowe', 'iTunes:Movie:569220589', 'IMDB::tt0238380')
      .with(primaryImage)
    expect(compile(q).body).toEqual({
      ids: [mhid, 'mhric-russell-crowe', 'iTunes:Movie:569220589', 'IMDB::tt0238380'],
      components: [{ name: 'primaryImage' }],
    })
  })

  test('checks components against the types the ids name', () => {
    const error = caught(() => hql.lookup('mhmov-gladiator').with(allSubscriptions as never))
    expect(error.code).toBe('component_not_applicable')
    expect(hql.lookup('mhsrc-itunes').with(allSubscriptions(metadata)).endpoint).toBe('lookup')
  })

  test('refuses an id that is none of the forms', () => {
    // @ts-expect-error a literal the id rule refuses is a type error too (types-agree.test-d.ts)
    const error = caught(() => hql.lookup('gladiator'))
    expect(error.code).toBe('invalid_id')
    expect(error.path).toEqual(['ids', 0])
  })
})

describe('hql.silos()', () => {
  test('all seven blueprint types with placement, filters and params', () => {
    const q = hql
      .silos(
        silo.recommendedForYou({ name: 'For you', positions: [0] }),
        silo.explore({ name: 'Popular', probability: 0.5 }),
        silo.basedOnItem({ nameGenerator: 'Because you liked $1', filters: [returnType.eq('Movie')] }),
        silo.graphLens(),
        silo.exploreGraphLens({ nameGenerator: '$1 and more', positions: [3, 5] }),
        silo.content({ ids: ['mhmov-gladiator', 'mhmov-se7en'], name: 'Staff picks' }),
        silo.collection({ id: 'mhcol-classics', filters: [traits.eq('mhgnr-drama')] }),
      )
      .ids('mhmov-gladiator')
      .filter(returnType.in('Movie', 'ShowSeries'))
      .with(primaryImage)
      .pageSize(7)
      .siloPageSize(10)
    expect(compile(q).body).toEqual({
      ids: ['mhmov-gladiator'],
      filters: { returnType: { $in: ['Movie', 'ShowSeries'] } },
      blueprints: [
        { type: 'RecommendedForYou', positions: [0], params: { name: 'For you' } },
        { type: 'Explore', probability: 0.5, params: { name: 'Popular' } },
        {
          type: 'BasedOnItem',
          filters: { returnType: { $eq: 'Movie' } },
          params: { nameGenerator: 'Because you liked $1' },
        },
        { type: 'GraphLens' },
        { type: 'ExploreGraphLens', positions: [3, 5], params: { nameGenerator: '$1 and more' } },
        { type: 'Content', params: { name: 'Staff picks', ids: ['mhmov-gladiator', 'mhmov-se7en'] } },
        { type: 'Collection', filters: { traits: { $eq: 'mhgnr-drama' } }, params: { id: 'mhcol-classics' } },
      ],
      components: [{ name: 'primaryImage' }],
      pageSize: 7,
      siloPageSize: 10,
    })
  })

  test('positions with probability is refused at run time too', () => {
    const error = caught(() => silo.explore({ positions: [0], probability: 0.5 } as never))
    expect(error.code).toBe('positions_with_probability')
    expect(caught(() => silo.explore({ probability: 2 })).path).toEqual(['probability'])
  })
})

describe('components', () => {
  test('component() finds a name known at run time and suggests the closest for a typo', () => {
    expect(component('keyTraits').request).toEqual(keyTraits.request)
    const error = caught(() => component('primaryImg'))
    expect(error.code).toBe('unknown_component')
    expect(error.message).toBe("$.name: unknown component 'primaryImg'; did you mean 'primaryImage'?")
  })

  test('sources is both a filter and a component', () => {
    const q = hql
      .explore()
      .filter(returnType.eq('Movie'), sources.eq('mhsrc-itunes'))
      .with(sources(primaryImage))
    expect(compile(q).body).toEqual({
      filters: { returnType: { $eq: 'Movie' }, sources: { $eq: 'mhsrc-itunes' } },
      components: [{ name: 'sources', components: [{ name: 'primaryImage' }] }],
    })
  })

  test('a component that is not a list takes no page size, in the builder and in JSON alike', () => {
    const image = primaryImage as unknown as { pageSize(n: number): typeof primaryImage }
    const built = caught(() => hql.lookup('mhmov-a').with(image.pageSize(2)))
    expect(built.code).toBe('invalid_page_size')
    expect(built.path).toEqual(['components', 0, 'pageSize'])
    const json = caught(() =>
      fromJSON('lookup', { ids: ['mhmov-a'], components: [{ name: 'primaryImage', pageSize: 3 }] }),
    )
    expect(json.code).toBe('invalid_page_size')
    expect(json.path).toEqual(['components', 0, 'pageSize'])
    expect(keyContributors.pageSize(2).request).toEqual({ name: 'keyContributors', pageSize: 2 })
  })
})
