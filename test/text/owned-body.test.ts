// Text hands the model the body it lowered, which the query then keeps (fromOwnedJSON, frozen in place):
// nothing the caller passed in may be frozen or shared by the query that results.
import { describe, expect, it } from 'vitest'
import { compile } from 'hql'
import { parseQuery } from '../../src/text'

describe('a query parsed from text owns its body', () => {
  it('copies list parameters: the caller\u2019s array is neither frozen nor kept', () => {
    const ids = ['mhsrc-itunes', 'mhsrc-vudu']
    const query = parseQuery('query q($ids: [SourceId]) explore Movie where sources in $ids', {
      params: { ids },
    })
    const list = (compile(query).body as { filters: { sources: { $in: readonly string[] } } }).filters.sources
      .$in
    expect(list).toStrictEqual(ids)
    expect(list).not.toBe(ids)
    expect(Object.isFrozen(ids)).toBe(false)
    ids.push('mhsrc-netflix')
    expect(list).toHaveLength(2)
  })

  it('is frozen throughout, as a query from JSON is', () => {
    const body = compile(
      parseQuery(`explore Movie where sources in ["mhsrc-itunes"] order by releaseDate desc
        with keyContributors { primaryImage }`),
    ).body
    const open: string[] = []
    const visit = (value: unknown, path: string) => {
      if (value === null || typeof value !== 'object') return
      if (!Object.isFrozen(value)) open.push(path)
      for (const [key, item] of Object.entries(value)) visit(item, `${path}.${key}`)
    }
    visit(body, 'body')
    expect(open).toStrictEqual([])
  })
})
