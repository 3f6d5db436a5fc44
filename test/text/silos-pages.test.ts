import { describe, expect, it } from 'vitest'
import { compile, fromJSON, hql, HqlError, silo } from 'hql'
import { parseQuery, printQuery } from '../../src/text'

// A silos body may hold a page: the service writes one into the body of silos' next (SERVICE-SPEC.md: silos
// do not use `page`; the next page of silos is that body). The body rule takes it, so every door does (issue 27:
// fromJSON and printQuery accept the same set); the builder's types offer no `.page()` on silos, as a first
// page of silos is what a caller builds. A list component's page (a continuation) goes through every door.

const errorOf = (run: () => unknown): HqlError => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(HqlError)
    return error as HqlError
  }
  throw new Error('expected an error')
}

const SILOS = 'silos silo Explore(name: "Popular")'

describe("a silos page (the service's next)", () => {
  const next = { blueprints: [{ type: 'Explore', params: { name: 'Popular' } }], page: 1, pageSize: 2 }

  it('is read as written by fromJSON, printed by printQuery, and read back by parseQuery', () => {
    const q = fromJSON('silos', next)
    // Read as written; compiled canonical, with the filters every silos body carries.
    expect(compile(q).body).toEqual({ filters: {}, ...next })
    const text = printQuery(q)
    expect(text).toBe(`silos\n  silo Explore(name: "Popular")\n  page 1 size 2`)
    expect(compile(parseQuery(text))).toEqual(compile(q))
  })

  it('is taken in text and, at run time, from a JavaScript caller of the builder', () => {
    expect(compile(parseQuery(`${SILOS}\n  page 1 size 2`)).body).toEqual({ filters: {}, ...next })
    const q = hql.silos(silo.explore({ name: 'Popular' })) as unknown as {
      page(n: number): { pageSize(n: number): unknown }
    }
    expect(compile(q.page(1).pageSize(2) as never).body).toEqual({ filters: {}, ...next })
  })

  it('is checked by the page rule at every door', () => {
    const q = hql.silos(silo.explore()) as unknown as { page(n: number): unknown }
    const builder = errorOf(() => q.page(-1))
    const json = errorOf(() => fromJSON('silos', { blueprints: [{ type: 'Explore' }], page: -1 }))
    const text = errorOf(() => parseQuery('silos silo Explore page -1'))
    for (const error of [builder, json, text])
      expect([error.code, error.path, error.reason]).toEqual([
        'invalid_page',
        ['page'],
        'expected a page number of 0 or more (pages are zero-based), got -1',
      ])
  })
})

describe("a list component's page", () => {
  const continuation = {
    ids: ['mhmov-gladiator'],
    components: [{ name: 'keyContributors', pageSize: 5, page: 1, components: [{ name: 'primaryImage' }] }],
  }

  it('is `at page n` in text, before nested components', () => {
    const text = 'lookup "mhmov-gladiator"\n  with keyContributors size 5 at page 1 { primaryImage }'
    expect(compile(parseQuery(text)).body).toEqual(continuation)
    expect(printQuery(fromJSON('lookup', continuation))).toBe(text)
  })

  it("is not the query's page: a bare `page` after a component still pages the query", () => {
    expect(compile(parseQuery('lookup "mhmov-a" with keyContributors page 2')).body).toEqual({
      ids: ['mhmov-a'],
      components: [{ name: 'keyContributors' }],
      page: 2,
    })
  })

  it('round-trips through fromJSON, compile and text, key order included', () => {
    const q = fromJSON('lookup', continuation)
    expect(JSON.stringify(compile(q).body)).toBe(JSON.stringify(continuation))
    expect(compile(parseQuery(printQuery(q))).body).toEqual(continuation)
  })

  it('is refused on a component that is not a list, and below 0, with invalid_page naming the path', () => {
    const on = (component: object) => () => fromJSON('lookup', { ids: ['mhmov-a'], components: [component] })
    expect(errorOf(on({ name: 'primaryImage', page: 1 }))).toMatchObject({
      code: 'invalid_page',
      path: ['components', 0, 'page'],
    })
    expect(errorOf(on({ name: 'keyContributors', page: -1 })).code).toMatch(/invalid_page|invalid_request/)
    expect(errorOf(() => parseQuery('lookup "mhmov-a" with primaryImage at page 1'))).toMatchObject({
      code: 'invalid_page',
    })
  })
})
