import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { hql, returnType, traits, primaryImage, byName, compile, fromJSON } from 'hql'
import { anyQuery } from '../support/arbitraries'

// JSON.stringify(query) is the whole request (issue 29): a cache that keys on JSON keyed on the endpoint and
// the types alone before, so a 5-item query and a 50-item western with primaryImage shared one entry.

describe('JSON.stringify(query)', () => {
  it('writes the endpoint and the whole body, in canonical key order', () => {
    const q = hql.explore().pageSize(5).filter(returnType.eq('Movie'))
    expect(JSON.stringify(q)).toBe(
      '{"endpoint":"explore","body":{"filters":{"returnType":{"$eq":"Movie"}},"pageSize":5}}',
    )
  })

  it('tells apart the two queries that shared a cache entry', () => {
    const five = hql.explore().filter(returnType.eq('Movie')).pageSize(5)
    const westerns = hql
      .explore()
      .filter(returnType.eq('Movie'), traits.eq('mhgnr-western'))
      .with(primaryImage)
      .pageSize(50)
    expect(JSON.stringify(five)).not.toBe(JSON.stringify(westerns))
  })

  it('is equal for queries built in a different order', () => {
    const a = hql.explore().sort(byName.asc()).with(primaryImage).filter(traits.eq('mhgnr-drama')).pageSize(3)
    const b = hql.explore().pageSize(3).filter(traits.eq('mhgnr-drama')).with(primaryImage).sort(byName.asc())
    expect(JSON.stringify(a)).toBe(JSON.stringify(b))
  })

  it('is the compiled body, and fromJSON reads it back to an equal query', () => {
    fc.assert(
      fc.property(anyQuery, (q) => {
        const json = JSON.parse(JSON.stringify(q)) as { endpoint: typeof q.endpoint; body: unknown }
        expect(json).toEqual({ endpoint: q.endpoint, body: compile(q).body })
        expect(JSON.stringify(fromJSON(json.endpoint, json.body))).toBe(JSON.stringify(q))
      }),
      { numRuns: 300 },
    )
  })
})
