import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { hql, compile, returnType, traits, releaseDate, primaryImage, keyContributors, HqlError } from 'hql'
import { requestSnapshot } from 'hql/testing'
import { anyQuery } from '../support/arbitraries'
import { reversedKeys } from '../support/key-order'

describe('requestSnapshot', () => {
  it('is the compiled request as pretty JSON, for every query the builder can make', () => {
    fc.assert(
      fc.property(anyQuery, (q) => {
        const snapshot = requestSnapshot(q)
        expect(JSON.parse(snapshot)).toEqual(compile(q))
        expect(snapshot).toBe(JSON.stringify(compile(q), null, 2))
      }),
      { numRuns: 200 },
    )
  })

  it('gives one text for one request, whatever the key order of a plain request', () => {
    fc.assert(
      fc.property(anyQuery, (q) => {
        const { endpoint, body } = compile(q)
        expect(requestSnapshot({ endpoint, body: reversedKeys(body) })).toBe(requestSnapshot(q))
      }),
      { numRuns: 200 },
    )
  })

  it('does not depend on the order of builder calls', () => {
    const a = hql
      .explore()
      .filter(returnType.eq('Movie'), traits.eq('mhgnr-western'))
      .sort(releaseDate.desc())
    const b = hql
      .explore()
      .with(keyContributors(primaryImage))
      .pageSize(5)
      .sort(releaseDate.desc())
      .filter(traits.eq('mhgnr-western'), returnType.eq('Movie'))
    expect(requestSnapshot(b)).toBe(requestSnapshot(a.pageSize(5).with(keyContributors(primaryImage))))
    expect(requestSnapshot(b).split('\n').length).toBeGreaterThan(10) // pretty, one value a line
  })

  it('refuses a plain request that does not validate, naming the path', () => {
    const error = (() => {
      try {
        return requestSnapshot({
          endpoint: '/graph/relate',
          body: { factors: [{ id: 'mhmov-x', weight: 'a' }] },
        })
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(HqlError)
    expect((error as HqlError).message).toContain('$.factors[0].weight')
    expect(() => requestSnapshot({ endpoint: '/graph/search', body: {} })).toThrow(/explore, relate/)
  })
})
