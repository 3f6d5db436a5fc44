import { describe, expect, it } from 'vitest'
import { compile } from 'hql'
import { parseQuery } from '../../src/text'

// Each element of each endpoint, written as text, and the request body it must compile to.
const body = (text: string, params?: Record<string, unknown>) =>
  compile(parseQuery(text, params === undefined ? {} : { params })).body

describe('explore', () => {
  it('takes a type in its head, filters, sorts, components and paging', () => {
    expect(
      body(`explore Movie
        where contributors = "mhric-brad-pitt" and sources in ["mhsrc-itunes", "mhsrc-googleplay"]
        order by releaseDate desc, name asc, popularity
        with primaryImage, keyContributors size 5 { primaryImage }
        page 2 size 10`),
    ).toEqual({
      filters: {
        returnType: { $eq: 'Movie' },
        contributors: { $eq: 'mhric-brad-pitt' },
        sources: { $in: ['mhsrc-itunes', 'mhsrc-googleplay'] },
      },
      sort: [
        { type: 'property', property: 'releaseDate', order: 'descending' },
        { type: 'property', property: 'name', order: 'ascending' },
        { type: 'popularity' },
      ],
      components: [
        { name: 'primaryImage' },
        { name: 'keyContributors', pageSize: 5, components: [{ name: 'primaryImage' }] },
      ],
      page: 2,
      pageSize: 10,
    })
  })

  it('sends empty filters when there is no where clause', () => {
    expect(body('explore')).toEqual({ filters: {} })
  })

  it('has every operator, nested or-groups included', () => {
    expect(
      body(`explore where returnType != Contributor
        and (traits contains all ["mhgnr-a", "mhgnr-b"] or traits contains all ["mhgnr-c"])`),
    ).toEqual({
      filters: {
        returnType: { $ne: 'Contributor' },
        traits: { $or: [{ $all: ['mhgnr-a', 'mhgnr-b'] }, { $all: ['mhgnr-c'] }] },
      },
    })
    expect(
      body(
        'explore where (collections = "mhcol-a" or (collections in ["mhcol-b"] or collections != "mhcol-c"))',
      ),
    ).toEqual({
      filters: {
        collections: { $or: [{ $eq: 'mhcol-a' }, { $or: [{ $in: ['mhcol-b'] }, { $ne: 'mhcol-c' }] }] },
      },
    })
    expect(body('explore where returnType in [Movie, ShowSeries] and contributorsOf = "mhmov-x"')).toEqual({
      filters: { returnType: { $in: ['Movie', 'ShowSeries'] }, contributorsOf: { $eq: 'mhmov-x' } },
    })
  })

  it('has every sort type', () => {
    expect(
      body(
        'explore order by collectionOrder asc, likeOrder desc, followOrder, random, idsOrder ["mhmov-a", "mhmov-b"] descending',
      ),
    ).toEqual({
      filters: {},
      sort: [
        { type: 'collectionOrder', order: 'ascending' },
        { type: 'likeOrder', order: 'descending' },
        { type: 'followOrder' },
        { type: 'random' },
        { type: 'idsOrder', ids: ['mhmov-a', 'mhmov-b'], order: 'descending' },
      ],
    })
  })

  it('writes empty lists as none and empty nested components as {}', () => {
    expect(body('explore order by none with none')).toEqual({ filters: {}, sort: [], components: [] })
    expect(body('explore Movie with images {}')).toEqual({
      filters: { returnType: { $eq: 'Movie' } },
      components: [{ name: 'images', components: [] }],
    })
  })
})

describe('relate', () => {
  it('takes weighted and boost-only factors', () => {
    expect(
      body(
        'relate Movie to "mhmov-gladiator", "mhric-russell-crowe" weight 0.5, "mhusr-x" boost only, "mhmov-y" weight 2 boost only false',
      ),
    ).toEqual({
      factors: [
        { id: 'mhmov-gladiator' },
        { id: 'mhric-russell-crowe', weight: 0.5 },
        { id: 'mhusr-x', boostOnly: true },
        { id: 'mhmov-y', weight: 2, boostOnly: false },
      ],
      filters: { returnType: { $eq: 'Movie' } },
    })
  })

  it('keeps an explicitly empty filter object', () => {
    expect(body('relate to "mhmov-a" where none with primaryImage page 1')).toEqual({
      factors: [{ id: 'mhmov-a' }],
      filters: {},
      components: [{ name: 'primaryImage' }],
      page: 1,
    })
  })
})

describe('lookup', () => {
  it('takes ids of every form', () => {
    expect(body('lookup "mhmov-gladiator", "iTunes:Movie:569220589" with primaryImage page size 5')).toEqual({
      ids: ['mhmov-gladiator', 'iTunes:Movie:569220589'],
      components: [{ name: 'primaryImage' }],
      pageSize: 5,
    })
  })
})

describe('silos', () => {
  it('takes seed ids, global filters, blueprints with placement, filters and params, and three page sizes', () => {
    expect(
      body(`silos for ["mhmov-gladiator"]
        where sources = "mhsrc-itunes"
        silo RecommendedForYou(name: "For you") at [0, 1]
        silo BasedOnItem(nameGenerator: "Because you liked $1") probability 0.5
          where traits = "mhgnr-drama"
        silo GraphLens
        silo Content(ids: ["mhmov-a"], name: "Picks")
        silo Collection(id: "mhcol-staff")
        with primaryImage
        page size 4
        silo size 20`),
    ).toEqual({
      ids: ['mhmov-gladiator'],
      filters: { sources: { $eq: 'mhsrc-itunes' } },
      blueprints: [
        { type: 'RecommendedForYou', positions: [0, 1], params: { name: 'For you' } },
        {
          type: 'BasedOnItem',
          probability: 0.5,
          filters: { traits: { $eq: 'mhgnr-drama' } },
          params: { nameGenerator: 'Because you liked $1' },
        },
        { type: 'GraphLens' },
        { type: 'Content', params: { name: 'Picks', ids: ['mhmov-a'] } },
        { type: 'Collection', params: { id: 'mhcol-staff' } },
      ],
      components: [{ name: 'primaryImage' }],
      pageSize: 4,
      siloPageSize: 20,
    })
  })
})

describe('contextual keywords', () => {
  it('lets a keyword be a query name and a parameter name', () => {
    const text =
      'query with($where: ContributorId, $page: Int) explore where contributors = $where page $page'
    expect(body(text, { where: 'mhric-a', page: 3 })).toEqual({
      filters: { contributors: { $eq: 'mhric-a' } },
      page: 3,
    })
  })
})

describe('strings and numbers', () => {
  it('reads JSON escapes and exponents', () => {
    expect(body('silos silo Explore(name: "a\\"b\\\\c\\u00e9\\n\\ud83d\\ude00") probability 1e-1')).toEqual({
      filters: {},
      blueprints: [{ type: 'Explore', probability: 0.1, params: { name: 'a"b\\cé\n😀' } }],
    })
  })
})
