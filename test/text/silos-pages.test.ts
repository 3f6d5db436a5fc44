import { describe, expect, it } from 'vitest'
import { compile, fromJSON, hql, HqlError, silo } from 'hql'
import { HqlTextError, parseQuery, printQuery } from '../../src/text'

// Silos take no page number in any door that builds one (builder, text); the service's next body of silos
// has one, and fromJSON takes it as written. A list component's page (a continuation) goes through every door.

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

describe('silos have no page', () => {
  it('refuses `page n` in text with silos_page at the number, and keeps `page size n`', () => {
    const error = errorOf(() => parseQuery(`${SILOS}\n  page 2 size 4`))
    expect(error).toBeInstanceOf(HqlTextError)
    expect(error).toMatchObject({ code: 'silos_page', line: 2, column: 8 })
    expect(error.message).toContain("silos has no page; its next page comes from the response's next")
    expect(compile(parseQuery(`${SILOS}\n  page size 4`)).body).toMatchObject({ pageSize: 4 })
    expect(compile(parseQuery(`${SILOS}\n  page size 4`)).body).not.toHaveProperty('page')
  })

  it('refuses .page() on a silos query at run time too (for JavaScript callers)', () => {
    const q = hql.silos(silo.explore({ name: 'Popular' })) as unknown as { page(n: number): unknown }
    expect(errorOf(() => q.page(1))).toMatchObject({ code: 'silos_page', path: ['page'] })
    expect(
      errorOf(() => (fromJSON('silos', { blueprints: [{ type: 'Explore' }] }) as any).page(1)),
    ).toMatchObject({ code: 'silos_page' })
  })

  it("accepts the service's next body of silos, page included, in fromJSON; text cannot print it", () => {
    const next = { blueprints: [{ type: 'Explore' }], page: 1, pageSize: 2 }
    const q = fromJSON('silos', next)
    // Read as written; compiled canonical, with the filters every silos body carries.
    expect(compile(q).body).toEqual({ filters: {}, ...next })
    expect(errorOf(() => printQuery(q))).toMatchObject({ code: 'silos_page', path: ['page'] })
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
