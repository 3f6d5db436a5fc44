import { describe, expectTypeOf, test } from 'vitest'
import { hql, silo } from 'hql'

describe('silos queries', () => {
  test("have no page: the next page of silos is the response's next", () => {
    const q = hql.silos(silo.explore({ name: 'Popular' }))
    expectTypeOf(q).not.toHaveProperty('page')
    // @ts-expect-error silos have no page
    void q.page(1)
    expectTypeOf(q.pageSize(5).siloPageSize(4)).toEqualTypeOf<typeof q>()
  })
})
