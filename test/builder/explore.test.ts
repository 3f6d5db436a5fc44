import { describe, expect, test } from 'vitest'
import {
  hql,
  compile,
  returnType,
  contributors,
  traits,
  sources,
  releaseDate,
  byName,
  popularity,
  random,
  idsOrder,
  primaryImage,
  keyContributors,
  allSubscriptions,
} from 'hql'
import { caught } from '../support/caught'

describe('hql.explore()', () => {
  test('the quickstart compiles to the canonical request', () => {
    const q = hql
      .explore()
      .filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt'))
      .sort(releaseDate.desc())
      .with(primaryImage, keyContributors(primaryImage))
      .pageSize(10)
    expect(compile(q)).toEqual({
      endpoint: '/graph/explore',
      method: 'POST',
      body: {
        filters: { returnType: { $eq: 'Movie' }, contributors: { $eq: 'mhric-brad-pitt' } },
        sort: [{ type: 'property', property: 'releaseDate', order: 'descending' }],
        components: [
          { name: 'primaryImage' },
          { name: 'keyContributors', components: [{ name: 'primaryImage' }] },
        ],
        pageSize: 10,
      },
    })
  })

  test('key order is canonical whatever the call order', () => {
    const a = hql
      .explore()
      .pageSize(5)
      .with(primaryImage)
      .sort(byName.asc())
      .filter(traits.eq('mhgnr-drama'), returnType.eq('Movie'))
    const b = hql
      .explore()
      .filter(returnType.eq('Movie'))
      .filter(traits.eq('mhgnr-drama'))
      .sort(byName.asc())
      .with(primaryImage)
      .pageSize(5)
    expect(JSON.stringify(compile(a))).toBe(JSON.stringify(compile(b)))
    expect(Object.keys(compile(a).body)).toEqual(['filters', 'sort', 'components', 'pageSize'])
    expect(Object.keys(compile(a).body.filters)).toEqual(['returnType', 'traits'])
  })

  test('every call returns a new query and leaves the old one as it was', () => {
    const base = hql.explore().filter(returnType.eq('Movie'))
    const before = JSON.stringify(compile(base))
    const paged = base.page(2).pageSize(3).sort(popularity.desc()).with(primaryImage)
    expect(paged).not.toBe(base)
    expect(JSON.stringify(compile(base))).toBe(before)
    expect(compile(paged).body).toMatchObject({ page: 2, pageSize: 3 })
  })

  test('the compiled body is frozen, so a caller cannot change the query through it', () => {
    const q = hql.explore().filter(returnType.eq('Movie')).with(keyContributors(primaryImage))
    const body = compile(q).body
    expect(Object.isFrozen(body)).toBe(true)
    expect(Object.isFrozen(body.filters)).toBe(true)
    expect(Object.isFrozen(body.components)).toBe(true)
    expect(Object.isFrozen(body.components?.[0]?.components)).toBe(true)
  })

  test('an explore without filters sends an empty filters object (the field is required)', () => {
    expect(compile(hql.explore()).body).toEqual({ filters: {} })
  })

  test('every operator, with $or nesting', () => {
    const q = hql
      .explore()
      .filter(
        traits.or(traits.all('mhgnr-drama', 'mhgnr-crime'), traits.all('mhgnr-comedy', 'mhgnr-romance')),
        sources.in('mhsrc-itunes', 'mhsrc-netflix'),
        contributors.ne('mhric-nicolas-cage'),
        returnType.in('Movie', 'ShowSeries'),
      )
    expect(compile(q).body.filters).toEqual({
      returnType: { $in: ['Movie', 'ShowSeries'] },
      contributors: { $ne: 'mhric-nicolas-cage' },
      sources: { $in: ['mhsrc-itunes', 'mhsrc-netflix'] },
      traits: {
        $or: [{ $all: ['mhgnr-drama', 'mhgnr-crime'] }, { $all: ['mhgnr-comedy', 'mhgnr-romance'] }],
      },
    })
  })

  test('every sort', () => {
    const q = hql
      .explore()
      .sort(popularity.desc(), byName.asc(), releaseDate.asc(), random(), idsOrder('mhmov-a', 'mhmov-b'))
    expect(compile(q).body.sort).toEqual([
      { type: 'popularity', order: 'descending' },
      { type: 'property', property: 'name', order: 'ascending' },
      { type: 'property', property: 'releaseDate', order: 'ascending' },
      { type: 'random' },
      { type: 'idsOrder', ids: ['mhmov-a', 'mhmov-b'] },
    ])
  })

  test('list components take a page size', () => {
    const q = hql.explore().filter(returnType.eq('Movie')).with(keyContributors(primaryImage).pageSize(3))
    expect(compile(q).body.components).toEqual([
      { name: 'keyContributors', pageSize: 3, components: [{ name: 'primaryImage' }] },
    ])
  })
})

describe('runtime checks mirror the type checks', () => {
  test('a wrong id prefix names the path, also inside $or', () => {
    const dynamicId: string = 'mhmov-gladiator'
    const error = caught(() => hql.explore().filter(contributors.eq(dynamicId)))
    expect(error.code).toBe('wrong_id_prefix')
    expect(error.path).toEqual(['filters', 'contributors', '$eq'])
    const nested = caught(() =>
      hql.explore().filter(traits.or(traits.eq('mhgnr-drama'), traits.all('mhgnr-crime', dynamicId))),
    )
    // Raised by the helper that is given the id (`traits.all(…)`), which knows its filter, not the `$or` it will
    // stand in: the path is the one that filter has alone in a body.
    expect(nested.path).toEqual(['filters', 'traits', '$all', 1])
    expect(nested.message).toContain("'mhmov-gladiator'")
  })

  test('a component on a type that lacks it, at once or when returnType narrows later', () => {
    const direct = caught(() =>
      hql
        .explore()
        .filter(returnType.eq('Movie'))
        .with(allSubscriptions as never),
    )
    expect(direct.code).toBe('component_not_applicable')
    expect(direct.path).toEqual(['components', 0, 'name'])
    const later = caught(() =>
      // @ts-expect-error the narrowing strands allSubscriptions: a type error too (types-agree.test-d.ts)
      hql.explore().with(primaryImage, allSubscriptions).filter(returnType.eq('Movie')),
    )
    expect(later.code).toBe('component_not_applicable')
    expect(later.path).toEqual(['components', 1, 'name'])
  })

  test('a nested component on what its parent returns', () => {
    const error = caught(() =>
      hql
        .explore()
        .filter(returnType.eq('Movie'))
        .with(keyContributors(allSubscriptions as never)),
    )
    expect(error.code).toBe('component_not_applicable')
    expect(error.path).toEqual(['components', 0, 'components', 0, 'name'])
  })

  test('pageSize must be a positive integer and page not negative', () => {
    for (const size of [0, -1, 1.5, Number.NaN])
      expect(caught(() => hql.explore().pageSize(size)).code).toBe('invalid_page_size')
    expect(caught(() => hql.explore().page(-1)).code).toBe('invalid_page')
    expect(caught(() => hql.explore().page(-1)).path).toEqual(['page'])
    expect(caught(() => keyContributors.pageSize(0)).code).toBe('invalid_page_size')
  })

  test('a filter set twice is refused rather than silently replaced', () => {
    const error = caught(() =>
      hql.explore().filter(traits.eq('mhgnr-drama')).filter(traits.eq('mhgnr-crime')),
    )
    expect(error.code).toBe('duplicate_filter')
  })

  test('a component requested twice at one level is refused', () => {
    // @ts-expect-error a name an earlier .with() added is a type error too (types-agree.test-d.ts)
    const error = caught(() => hql.explore().with(primaryImage).with(primaryImage))
    expect(error.code).toBe('duplicate_component')
    expect(error.path).toEqual(['components', 1, 'name'])
  })

  test('an unknown returnType name from JavaScript gets a suggestion', () => {
    const error = caught(() => hql.explore().filter(returnType.eq('Movei' as never)))
    expect(error.path).toEqual(['filters', 'returnType', '$eq'])
    expect(error.message).toContain("did you mean 'Movie'")
  })
})
