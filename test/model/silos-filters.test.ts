// SERVICE-SPEC.md marks silos' `filters` required: every door writes it, `{}` where no filter is given, and
// reads a body without it (an older body, or a next the service wrote) as before (docs/builder.md).
import { describe, expect, test } from 'vitest'
import { compile, fromJSON, hql, returnType, silo } from 'hql'
import { parseQuery, printQuery } from '../../src/text'

const blueprints = [{ type: 'Explore', params: { name: 'Popular' } }]

describe('silos always send filters', () => {
  test('the builder, fromJSON and text write `filters: {}` when no filter is given', () => {
    const bodies = [
      compile(hql.silos(silo.explore({ name: 'Popular' }))).body,
      compile(fromJSON('silos', { blueprints })).body,
      compile(parseQuery('silos silo Explore(name: "Popular")')).body,
    ]
    for (const body of bodies) expect(body).toEqual({ filters: {}, blueprints })
  })

  test('in canonical key order, after ids, with ids added later too', () => {
    const keys = [
      compile(hql.silos(silo.explore({ name: 'Popular' })).ids('mhmov-gladiator')).body,
      compile(fromJSON('silos', { blueprints, ids: ['mhmov-gladiator'] })).body,
      compile(parseQuery('silos for ["mhmov-gladiator"] silo Explore(name: "Popular")')).body,
    ].map((body) => Object.keys(body))
    for (const order of keys) expect(order).toEqual(['ids', 'filters', 'blueprints'])
  })

  test('given filters are kept as they are, at every door', () => {
    const filters = { returnType: { $eq: 'Movie' } }
    expect(compile(hql.silos(silo.explore({ name: 'Popular' })).filter(returnType.eq('Movie'))).body).toEqual(
      {
        filters,
        blueprints,
      },
    )
    expect(compile(fromJSON('silos', { filters, blueprints })).body).toEqual({ filters, blueprints })
    expect(compile(parseQuery('silos where returnType = Movie silo Explore(name: "Popular")')).body).toEqual({
      filters,
      blueprints,
    })
  })

  test('the text of a silos query without filters has no `where`, and reads back to the same body', () => {
    const q = hql.silos(silo.explore({ name: 'Popular' }))
    const text = printQuery(q)
    expect(text).not.toMatch(/where/)
    expect(compile(parseQuery(text)).body).toEqual(compile(q).body)
    expect(compile(parseQuery('silos where none silo Explore(name: "Popular")')).body).toEqual(
      compile(q).body,
    )
  })

  test('the filters object is frozen like the rest of the body', () => {
    for (const q of [hql.silos(silo.explore({ name: 'Popular' })), fromJSON('silos', { blueprints })])
      expect([compile(q).body.filters, Object.isFrozen(compile(q).body.filters)]).toEqual([{}, true])
  })
})
